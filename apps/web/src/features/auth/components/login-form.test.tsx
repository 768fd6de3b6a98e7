import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginRequest } from '@autostudio/protocol';
import { ApiError } from '@/lib/api-client';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { useAuthStore } from '../stores/auth-store';
import { LoginForm } from './login-form';

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LoginForm />
    </QueryClientProvider>,
  );
}

describe('the sign-in form', () => {
  let signIn: ReturnType<typeof vi.fn<(credentials: LoginRequest) => Promise<void>>>;
  beforeEach(() => {
    pointApiClientAt('http://server.test');
    // The sign-in methods on offer: credentials only.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ credentials: true, sso: false })))),
    );
    signIn = vi.fn(() => Promise.resolve());
    useAuthStore.setState({ loginWithCredentials: signIn });
  });

  it('starts in the username field and says what is missing, without calling the server', async () => {
    renderForm();
    await vi.waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('username is required')).toBeVisible();
    expect(screen.getByText('password is required')).toBeVisible();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('checks again as the user types once a sign-in was tried', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Username'), 'jordan');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('password is required')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('password is required')).not.toBeInTheDocument();
  });

  it('signs in with the trimmed username, and shows the server message and focuses the password on failure', async () => {
    const user = userEvent.setup();
    signIn.mockRejectedValueOnce(new ApiError(401, 'Login failed. Please check your credentials.'));
    renderForm();
    await user.type(screen.getByLabelText('Username'), '  jordan ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith({ username: 'jordan', password: 'secret' });
    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
