import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { toast } from '@/lib/toast';
import { ErrorAlert } from './alert';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';
import { Spinner } from './spinner';

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  /** The submit button's label, e.g. "Create user". */
  submitLabel: string;
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void;
  onClose: () => void;
  busy: boolean;
  /** Why the last submit failed, as the server said it; shown above the fields. */
  error?: string | null;
  width?: string;
  /** Cancel and Escape stay usable while busy, and call onClose (an upload the user may stop). */
  cancellable?: boolean;
  children: ReactNode;
}

/**
 * A dialog around one form (create, edit, reset password): Enter submits, the buttons wait while it saves, and the
 * server's reason for a refusal stays in view. Mount it when it opens, so that its form starts afresh.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  onSubmit,
  onClose,
  busy,
  error,
  width,
  cancellable = false,
  children,
}: FormDialogProps) {
  const formId = useId();
  const mayClose = !busy || cancellable;
  return (
    <Dialog open onOpenChange={(next) => !next && mayClose && onClose()}>
      <DialogContent
        title={title}
        description={description}
        {...(width ? { width } : {})}
        footer={
          <>
            {busy && !cancellable && <Spinner className="mr-auto size-4" label="Saving" />}
            <Button variant="secondary" onClick={onClose} disabled={!mayClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={busy}>
              {submitLabel}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          {children}
        </form>
      </DialogContent>
    </Dialog>
  );
}

export interface SaveTexts<T> {
  /** The spec's success toast, or one made from what the save returned (an asset model's name). */
  success: string | ((result: T) => string);
  /** The spec's failure toast; the server's own reason is shown in the dialog beside it. */
  failure: string;
}

/**
 * How every admin form saves: on success the spec's toast and `onSaved` (which closes the dialog and refreshes the
 * list); on failure the spec's toast, and the server's reason kept for the dialog to show, so nothing typed is lost.
 */
export function useSave<T>(texts: SaveTexts<T>, onSaved: (result: T) => void) {
  const [error, setError] = useState<string | null>(null);
  const save = async (work: () => Promise<T>): Promise<void> => {
    setError(null);
    let result: T;
    try {
      result = await work();
    } catch (caught) {
      console.error(texts.failure, caught);
      setError(caught instanceof Error ? caught.message : String(caught));
      toast.error(texts.failure);
      return;
    }
    toast.success(typeof texts.success === 'function' ? texts.success(result) : texts.success);
    onSaved(result);
  };
  return { error, save };
}
