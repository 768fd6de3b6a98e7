import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

export interface SavePresetDialogProps {
  /** The categories there are, offered as suggestions; a new one may be typed. */
  categories: readonly string[];
  onOpenChange: (open: boolean) => void;
  /** Resolves once saved (the dialog closes); rejects when it failed (the dialog stays, the toast says why). */
  onSave: (preset: { name: string; category: string | null }) => Promise<void>;
}

const MAX_NAME = 200;
const MAX_CATEGORY = 100;

/** Saves the current look as a post-process preset: a name and a category, new or existing. Mount it to open it. */
export function SavePresetDialog({ categories, onOpenChange, onSave }: SavePresetDialogProps) {
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listId = useId();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('A name is required');
    if (trimmed.length > MAX_NAME) return setError(`At most ${MAX_NAME} characters`);
    setError(null);
    setBusy(true);
    onSave({ name: trimmed, category: category.trim() || null }).then(
      () => onOpenChange(false),
      () => setBusy(false),
    );
  };

  return (
    <Dialog open onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        title="Save look as preset"
        description="Keeps the ten post-process values as they are now, to apply to any car later."
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form="save-preset" disabled={busy}>
              {busy && <Spinner className="size-3.5 text-primary-foreground" label="Saving" />}
              Save preset
            </Button>
          </>
        }
      >
        <form id="save-preset" onSubmit={submit} noValidate className="flex flex-col gap-3">
          <FormField label="Name" error={error}>
            <Input value={name} disabled={busy} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <FormField label="Category" hint="Pick one or type a new one; left empty, the preset has none.">
            <Input
              list={listId}
              value={category}
              maxLength={MAX_CATEGORY}
              disabled={busy}
              onChange={(event) => setCategory(event.target.value)}
            />
          </FormField>
          <datalist id={listId}>
            {categories.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </form>
      </DialogContent>
    </Dialog>
  );
}
