import { useState, type SyntheticEvent } from 'react';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';
import { FormField } from './form-field';
import { Input } from './input';
import { Spinner } from './spinner';
import { Textarea } from './textarea';

export interface RenameValues {
  name: string;
  description: string;
}

export interface RenameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Rename configuration", say. */
  title: string;
  initial: RenameValues;
  /** Shows the description field too. */
  withDescription?: boolean;
  /** Resolves when saved (the dialog closes); rejects with what to show (the dialog stays open). */
  onSave: (values: RenameValues) => Promise<unknown>;
  maxLength?: number;
}

/**
 * Renames an item (and edits its description): the same small form for configurations, presets and renders. Mount
 * it when it opens: the form starts from `initial`.
 */
export function RenameDialog({
  open,
  onOpenChange,
  title,
  initial,
  withDescription = false,
  onSave,
  maxLength = 200,
}: RenameDialogProps) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = values.name.trim();
    if (!name) return setError('A name is required');
    if (name.length > maxLength) return setError(`At most ${maxLength} characters`);
    setBusy(true);
    onSave({ name, description: values.description.trim() }).then(
      () => {
        setBusy(false);
        onOpenChange(false);
      },
      (caught: unknown) => {
        setBusy(false);
        setError(caught instanceof Error ? caught.message : String(caught));
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        title={title}
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form="rename-item" disabled={busy}>
              {busy && <Spinner className="size-3.5 text-primary-foreground" label="Saving" />}
              Save
            </Button>
          </>
        }
      >
        <form id="rename-item" onSubmit={submit} noValidate className="flex flex-col gap-3">
          <FormField label="Name" error={error}>
            <Input
              value={values.name}
              disabled={busy}
              onChange={(event) => setValues({ ...values, name: event.target.value })}
            />
          </FormField>
          {withDescription && (
            <FormField label="Description">
              <Textarea
                rows={3}
                value={values.description}
                disabled={busy}
                onChange={(event) => setValues({ ...values, description: event.target.value })}
              />
            </FormField>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
