import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from '@autostudio/protocol';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export interface SavePresetDialogProps {
  /** The categories there are, offered as suggestions; a new one may be typed. */
  categories: readonly string[];
  onOpenChange: (open: boolean) => void;
  /** Resolves once saved (the dialog closes); rejects when it failed (the dialog stays, the toast says why). */
  onSave: (preset: { name: string; category: string | null }) => Promise<void>;
}

const MAX_NAME = 200;
const MAX_CATEGORY = 100;

/** What the server takes for a preset's name and category (createPresetRequestSchema), said before the round trip. */
const schema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'A name is required')
    .max(MAX_NAME, `At most ${MAX_NAME} characters`)
    .regex(NO_CONTROL_CHARACTERS, `The name ${CONTROL_CHARACTERS_MESSAGE}`),
  category: z
    .string()
    .trim()
    .max(MAX_CATEGORY, `At most ${MAX_CATEGORY} characters`)
    .regex(NO_CONTROL_CHARACTERS, `The category ${CONTROL_CHARACTERS_MESSAGE}`),
});
type SavePresetForm = z.infer<typeof schema>;

/** Saves the current look as a post-process preset: a name and a category, new or existing. Mount it to open it. */
export function SavePresetDialog({ categories, onOpenChange, onSave }: SavePresetDialogProps) {
  const listId = useId();
  const form = useForm<SavePresetForm>({ resolver: zodResolver(schema), defaultValues: { name: '', category: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name, category }) => {
    try {
      await onSave({ name, category: category || null });
      onOpenChange(false);
    } catch {
      // The toast says why; what was typed stays for another try.
    }
  });

  return (
    <FormDialog
      title="Save look as preset"
      description="Keeps the ten post-process values as they are now, to apply to any car later."
      submitLabel="Save preset"
      onSubmit={(event) => void submit(event)}
      onClose={() => onOpenChange(false)}
      busy={isSubmitting}
    >
      <FormField label="Name" error={errors.name?.message ?? null}>
        <Input disabled={isSubmitting} {...form.register('name')} />
      </FormField>
      <FormField
        label="Category"
        hint="Pick one or type a new one; left empty, the preset has none."
        error={errors.category?.message ?? null}
      >
        <Input list={listId} maxLength={MAX_CATEGORY} disabled={isSubmitting} {...form.register('category')} />
      </FormField>
      <datalist id={listId}>
        {categories.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
    </FormDialog>
  );
}
