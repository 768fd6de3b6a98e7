import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type User } from '@autostudio/protocol';
import { ADMIN, createUser, login, pointApiClientAt, serverOrigin } from '@/test/real-server';
import { useAuthStore } from '../stores/auth-store';
import { meetsRole, RequireAuth, StartScreen } from './guards';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <StartScreen /> },
      { path: '/login', element: <p>login screen</p> },
      { element: <RequireAuth />, children: [{ path: '/landing', element: <p>landing page</p> }] },
      { element: <RequireAuth requiredRole="admin" />, children: [{ path: '/admin', element: <p>admin page</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('route guards against the real server', () => {
  let jordan: { username: string; password: string };
  beforeAll(async () => {
    jordan = await createUser('jordan');
  });
  beforeEach(() => {
    pointApiClientAt(serverOrigin());
    useAuthStore.setState(useAuthStore.getInitialState());
  });

  const signInAs = async (username: string, password: string) => {
    const { accessToken, refreshToken } = await login(username, password);
    sessionStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
    sessionStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  };

  it('shows a spinner at / while checking, then sends a visitor with a dead token to /login', async () => {
    sessionStorage.setItem(STORAGE_KEYS.accessToken, 'dead.token.value');
    renderAt('/');
    expect(screen.getByRole('status', { name: 'Checking your sign-in' })).toBeInTheDocument();
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });

  it('sends an administrator from / to /admin', async () => {
    await signInAs(ADMIN.username, ADMIN.password);
    renderAt('/');
    expect(await screen.findByText('admin page')).toBeInTheDocument();
  });

  it('sends a user from / to /landing', async () => {
    await signInAs(jordan.username, jordan.password);
    renderAt('/');
    expect(await screen.findByText('landing page')).toBeInTheDocument();
  });

  it('sends a user without the admin role from /admin to /landing', async () => {
    await signInAs(jordan.username, jordan.password);
    const router = renderAt('/admin');
    expect(await screen.findByText('landing page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/landing');
  });

  it('sends a signed-out visitor of a guarded page to /login', async () => {
    const router = renderAt('/landing');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('role requirements', () => {
  const user = (...roles: User['roles']): User => ({ id: '1', username: 'u', name: 'U', roles });
  it('lets every signed-in role use the signed-in pages', () => {
    for (const role of ['user', 'client', 'moderator', 'admin'] as const)
      expect(meetsRole(user(role), 'user')).toBe(true);
  });
  it('keeps the admin pages for administrators', () => {
    expect(meetsRole(user('admin'), 'admin')).toBe(true);
    expect(meetsRole(user('moderator'), 'admin')).toBe(false);
    expect(meetsRole(null, 'user')).toBe(false);
  });
});
