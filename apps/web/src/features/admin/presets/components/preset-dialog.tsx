import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { FAILURE_TOASTS, MAX_SETTINGS_LENGTH, SUCCESS_TOASTS, type Preset } from '@autostudio/protocol';
import { FormDialog } from '@/components/ui/form-dialog';
import { failureReason } from '@/lib/api-client';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { usePresetCategories, useUpdatePreset } from '@/api/presets';
import { jsonProblem } from '../lib/json-problem';
import { PRESET_TYPE_LABELS } from './preset-labels';

export interface PresetDialogProps {
  preset: Preset;
  onClose: () => void;
}

const schema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  category: z.string().trim().min(1, 'category is required').max(100),
  settings: z
    .string()
    .max(MAX_SETTINGS_LENGTH, `settings must be at most ${MAX_SETTINGS_LENGTH} characters`)
    .superRefine((text, context) => {
      const problem = jsonProblem(text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
type PresetForm = z.infer<typeof schema>;

/** Settings are easier to read and fix laid out; what cannot be parsed is shown as it is, to be fixed. */
function readable(settings: string): string {
  try {
    return JSON.stringify(JSON.parse(settings), null, 2);
  } catch {
    return settings;
  }
}

/** Edit a preset's name, category and settings (JSON, checked here before the server checks it again). */
export function PresetDialog({ preset, onClose }: PresetDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const categoriesId = useId();
  const categories = usePresetCategories(preset.type);
  const update = useUpdatePreset();
  const form = useForm<PresetForm>({
    resolver: zodResolver(schema),
    defaultValues: { name: preset.name, category: preset.category, settings: readable(preset.settings) },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ settings, ...values }) => {
    setError(null);
    try {
      // Sent compact, as the studio saves it: the layout is only for reading here.
      await update.mutateAsync({
        id: preset.id,
        changes: { ...values, settings: JSON.stringify(JSON.parse(settings)) },
      });
      toast.success(SUCCESS_TOASTS.presetUpdated);
      onClose();
    } catch (caught) {
      // The spec's text is the toast; the dialog says what the server found wrong.
      setError(failureReason(caught));
      toast.error(FAILURE_TOASTS.updatePreset);
    }
  });
  return (
    <FormDialog
      title={`Edit ${preset.name}`}
      description={`${PRESET_TYPE_LABELS[preset.type]} preset${preset.isDefault ? ', a default everyone sees' : ''}.`}
      submitLabel="Save changes"
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      busy={isSubmitting}
      error={error}
      width="max-w-2xl"
    >
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField label="Category" error={errors.category?.message}>
          <Input autoComplete="off" list={categoriesId} {...form.register('category')} />
        </FormField>
        <datalist id={categoriesId}>
          {(categories.data ?? []).map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
      </div>
      <FormField label="Settings (JSON)" error={errors.settings?.message} hint="The values the studio applies.">
        <Textarea
          rows={14}
          spellCheck={false}
          className="max-h-[50vh] font-mono text-[12px] leading-relaxed"
          {...form.register('settings')}
        />
      </FormField>
    </FormDialog>
  );
}
