import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAtAddress } from '@/test/browser-router';
import { LoginRedirect } from './app';

describe('the way to /login from outside React (a 401 on an auth path, spec §8)', () => {
  it('replaces the current page with /login, and does nothing on /login', () => {
    let redirect: () => void = () => undefined;
    const page = (text: string) => (
      <>
        <LoginRedirect
          onReady={(next) => {
            redirect = next;
          }}
        />
        <p>{text}</p>
      </>
    );
    const { navigate } = renderAtAddress('/landing?search=terra', [
      { path: '/landing', element: page('landing') },
      { path: '/login', element: page('login') },
    ]);
    const entries = window.history.length;

    act(() => redirect());
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByText('login')).toBeInTheDocument();
    // In place of /landing: Back does not return to the page that was refused.
    expect(window.history.length).toBe(entries);

    // Already there (with what the sign-in screen says in its address): left as it is.
    act(() => navigate('/login?error=cancelled'));
    act(() => redirect());
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login?error=cancelled');
  });
});
