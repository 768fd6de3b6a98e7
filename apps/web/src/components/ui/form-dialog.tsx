import { useId, type ReactNode, type SyntheticEvent } from 'react';
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
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent
        title={title}
        description={description}
        {...(width ? { width } : {})}
        footer={
          <>
            {busy && <Spinner className="mr-auto size-4" label="Saving" />}
            <Button variant="secondary" onClick={onClose} disabled={busy}>
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
