import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_MESSAGES } from '@autostudio/protocol';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { useAuthStore } from '@/features/auth';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { LoginRoute } from './login';

function renderLogin() {
  const router = createMemoryRouter([{ path: '/login', element: <LoginRoute /> }], { initialEntries: ['/login'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('/login after the app signed the user out', () => {
  beforeEach(() => {
    pointApiClientAt('http://server.test');
    // The sign-in methods on offer: credentials only.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ credentials: true, sso: false })))),
    );
    useAuthStore.setState(useAuthStore.getInitialState());
  });

  it('says "Session expired. Please login again." when a refresh or the re-check failed', async () => {
    useAuthStore.getState().fail(STATE_MESSAGES.sessionExpiredLoginAgain);
    renderLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(STATE_MESSAGES.sessionExpiredLoginAgain);
  });

  it('says "Authentication expired" when the stored tokens were refused', async () => {
    useAuthStore.getState().fail(STATE_MESSAGES.authenticationExpired);
    renderLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(STATE_MESSAGES.authenticationExpired);
  });

  it('greets a visitor who was never signed in without an error', async () => {
    useAuthStore.getState().fail(STATE_MESSAGES.noAuthToken);
    renderLogin();
    expect(await screen.findByLabelText('Username')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
