import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { toast } from '@/lib/toast';
import { failureReason } from '@/lib/api-client';
import { Spinner } from './spinner';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's label, e.g. "Delete". */
  confirmLabel: string;
  /** Runs on confirm; the dialog stays open with a spinner until it settles and closes when it resolves. */
  onConfirm: () => Promise<unknown>;
  destructive?: boolean;
}

/**
 * Asks before something that cannot be undone. Cancel is focused first, so Enter never deletes by accident; a
 * failed confirm leaves the dialog open (the caller tells the user why, with a toast).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = true,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    onConfirm().then(
      () => {
        setBusy(false);
        onOpenChange(false);
      },
      () => setBusy(false),
    );
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/55" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-surface p-4 text-[13px] shadow-2xl shadow-black/40 focus:outline-none">
          <AlertDialog.Title className="text-sm font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1.5 text-muted-foreground">{description}</AlertDialog.Description>
          <div className="mt-4 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button variant={destructive ? 'destructive' : 'primary'} disabled={busy} onClick={confirm}>
              {busy && <Spinner className="size-3.5" />}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export interface ConfirmDeleteProps {
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's label, e.g. "Delete user". */
  confirmLabel: string;
  remove: () => Promise<unknown>;
  /** The spec's toasts for the deletion. */
  texts: { success: string; failure: string };
  /** After a deletion: refresh the list (a resource's delete mutation already does). */
  onDeleted?: () => unknown;
  onClose: () => void;
}

/**
 * Every admin delete: asks first (Cancel focused), then deletes, says so with the spec's toast and refreshes; a
 * refusal keeps the dialog open with the spec's failure toast and the server's reason under it.
 */
export function ConfirmDelete({
  title,
  description,
  confirmLabel,
  remove,
  texts,
  onDeleted,
  onClose,
}: ConfirmDeleteProps) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={async () => {
        try {
          await remove();
        } catch (error) {
          toast.error(texts.failure, { description: failureReason(error) });
          throw error;
        }
        toast.success(texts.success);
        await onDeleted?.();
      }}
    />
  );
}
