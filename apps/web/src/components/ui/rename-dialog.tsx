import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from '@autostudio/protocol';
import { ErrorAlert } from './alert';
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

/** What the server takes for a name and a description, said before the round trip. */
const renameSchema = (maxLength: number) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, 'A name is required')
      .max(maxLength, `At most ${maxLength} characters`)
      .regex(NO_CONTROL_CHARACTERS, `The name ${CONTROL_CHARACTERS_MESSAGE}`),
    description: z.string().trim(),
  });

/**
 * Renames an item (and edits its description): the same small form for configurations, presets and renders, on
 * react-hook-form like every form here. Mount it when it opens: the form starts from `initial`.
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
  const schema = useMemo(() => renameSchema(maxLength), [maxLength]);
  const form = useForm<RenameValues>({ resolver: zodResolver(schema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (caught) {
      // The server's reason; what was typed stays.
      form.setError('root', { message: caught instanceof Error ? caught.message : String(caught) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent
        title={title}
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" form="rename-item" disabled={isSubmitting}>
              {isSubmitting && <Spinner className="size-3.5 text-primary-foreground" label="Saving" />}
              Save
            </Button>
          </>
        }
      >
        <form id="rename-item" onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
          {errors.root?.message && <ErrorAlert>{errors.root.message}</ErrorAlert>}
          <FormField label="Name" error={errors.name?.message ?? null}>
            <Input disabled={isSubmitting} {...form.register('name')} />
          </FormField>
          {withDescription && (
            <FormField label="Description">
              <Textarea rows={3} disabled={isSubmitting} {...form.register('description')} />
            </FormField>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
