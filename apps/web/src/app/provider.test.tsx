import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@autostudio/protocol';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { useAuthStore } from '@/features/auth';
import { findToast } from '@/test/toasts';
import { ToasterAfterSignIn } from './provider';

const riley: User = { id: 'u1', name: 'Riley', username: 'riley', roles: ['user'] };

const signedInAs = (user: User | null) => act(() => useAuthStore.setState({ user }));
const toaster = () => screen.queryByRole('region', { name: /Notifications/ });
const mount = () =>
  render(
    <ThemeProvider>
      <ToasterAfterSignIn />
    </ThemeProvider>,
  );

describe('the toaster', () => {
  afterEach(async () => {
    toast.dismiss();
    await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull());
    signedInAs(null);
  });

  it('is not on the sign-in screen, comes with the first sign-in, and stays for a toast raised on the way out', async () => {
    // sonner's code loaded once, as after an earlier sign-in: a Toaster wanted now would be there at once.
    signedInAs(riley);
    mount().unmount();
    await waitFor(() => expect(toaster()).toBeNull());
    const warm = mount();
    await waitFor(() => expect(toaster()).not.toBeNull());
    warm.unmount();

    signedInAs(null);
    mount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toaster()).toBeNull();

    signedInAs(riley);
    await waitFor(() => expect(toaster()).not.toBeNull());

    signedInAs(null);
    toast.error('Session Expired');
    expect(await findToast('Session Expired')).toBeVisible();
  });
});
