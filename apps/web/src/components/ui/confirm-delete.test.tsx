import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { findToast } from '@/test/toasts';
import { ConfirmDelete } from './confirm-dialog';

const TEXTS = { success: 'Configuration deleted', failure: 'Failed to delete configuration' };

function renderDelete(remove: () => Promise<unknown>) {
  const onClose = vi.fn();
  render(
    <>
      <ConfirmDelete
        title="Delete Sunset?"
        description="This cannot be undone."
        confirmLabel="Delete configuration"
        remove={remove}
        texts={TEXTS}
        onClose={onClose}
      />
      <Toaster />
    </>,
  );
  return { onClose };
}

describe('an admin delete that the server refuses', () => {
  it('says the spec’s failure with the server’s reason under it, when the call failed', async () => {
    renderDelete(() => Promise.reject(new ApiError(403, 'You may not delete this configuration')));
    await userEvent.click(screen.getByRole('button', { name: 'Delete configuration' }));
    const toast = await findToast(TEXTS.failure);
    expect(toast).toHaveTextContent('You may not delete this configuration');
  });

  // A resource's mutation fails with the spec's text and the server's error as its cause (src/api): the toast said
  // "Failed to delete configuration" twice.
  it('says the server’s reason, not the spec’s text again, when a mutation failed', async () => {
    const refused = new Error(TEXTS.failure, { cause: new ApiError(403, 'You may not delete this configuration') });
    renderDelete(() => Promise.reject(refused));
    await userEvent.click(screen.getByRole('button', { name: 'Delete configuration' }));
    const toast = await findToast(TEXTS.failure);
    expect(toast).toHaveTextContent('You may not delete this configuration');
    // The dialog stays open on a refusal.
    await waitFor(() => expect(screen.getByRole('alertdialog')).toBeVisible());
  });
});
