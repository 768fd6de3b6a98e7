import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { toast } from '@/lib/toast';
import { clearToasts, findToast } from '@/test/toasts';
import { ToasterOnFirstToast } from './provider';

const toaster = () => screen.queryByRole('region', { name: /Notifications/ });
const mount = () =>
  render(
    <ThemeProvider>
      <ToasterOnFirstToast />
    </ThemeProvider>,
  );

// Sonner's code and the Toaster load on the first toast: seconds, not milliseconds, beside the rest of the suite.
const slow = { timeout: 10_000 };

describe('the toaster', () => {
  afterEach(() => clearToasts(() => toast.dismiss()));

  it('is not there until the first toast, which it then shows, and stays for the ones after', async () => {
    const first = mount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toaster()).toBeNull();

    toast.error('Session Expired', { description: 'The engine was given back' });
    const shown = await findToast('Session Expired', slow);
    expect(shown).toHaveTextContent('The engine was given back');
    first.unmount();

    // A page mounted later (after a sign-out, say) has it at once.
    mount();
    await waitFor(() => expect(toaster()).not.toBeNull(), slow);
    toast.success('Saved');
    expect(await findToast('Saved', slow)).toBeVisible();
  });

  it('runs calls in the order they were made: a toast dismissed as soon as it was raised does not stay', async () => {
    mount();
    toast.error('Stale', { id: 'stale' });
    toast.dismiss('stale');
    toast.success('Fresh');
    expect(await findToast('Fresh', slow)).toBeVisible();
    // Dismissed after it was raised, not before (which would leave it up for its whole duration).
    await waitFor(() => expect(screen.queryByText('Stale')).toBeNull(), slow);
  });
});
