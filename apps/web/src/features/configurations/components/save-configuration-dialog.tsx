import { zodResolver } from '@hookform/resolvers/zod';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import {
  CONTROL_CHARACTERS_MESSAGE,
  FAILURE_TOASTS,
  NO_CONTROL_CHARACTERS,
  SAVE_CONFIG_STATUS,
  SUCCESS_TOASTS,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { useSaveConfiguration } from '@/api/configurations';
import { ApiError } from '@/lib/api-client';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useConfigurationStore } from '../stores/configuration-store';

const NAME_MAX = 200;

/** What the server takes for a configuration's name and description, said before the round trip. */
const schema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the configuration a name')
    .max(NAME_MAX, `At most ${NAME_MAX} characters`)
    .regex(NO_CONTROL_CHARACTERS, `The name ${CONTROL_CHARACTERS_MESSAGE}`),
  description: z.string().trim(),
});
type SaveConfigurationForm = z.infer<typeof schema>;

/** Spec §4's save-config status, read off the save's mutation. */
const SAVE_STATUS = {
  idle: SAVE_CONFIG_STATUS.idle,
  pending: SAVE_CONFIG_STATUS.saving,
  error: SAVE_CONFIG_STATUS.failed,
  success: SAVE_CONFIG_STATUS.saved,
} as const;

export interface SaveConfigurationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The studio as it is now, in the saved shape; read when the user saves. */
  collect: () => SavedConfigSettings;
  /** The stream's picture, taken before the dialog opens (its object URL is the opener's); null when there is none. */
  snapshot: { blob: Blob; url: string } | null;
  /** The name a new configuration starts with. */
  defaultName: string;
}

/**
 * Save and save as (spec §4): an update of the current configuration, or a new one when saving as new or when none
 * is current, with the stream's picture as its preview. On success the dialog closes and starts afresh next time.
 */
export function SaveConfigurationDialog({
  open,
  onOpenChange,
  collect,
  snapshot,
  defaultName,
}: SaveConfigurationDialogProps) {
  const current = useConfigurationStore((state) => state.current);
  const setCurrent = useConfigurationStore((state) => state.setCurrent);
  const saveConfiguration = useSaveConfiguration();
  // Why this opening's last save failed, said beside the form.
  const [failure, setFailure] = useState<string | null>(null);
  // The dialog is mounted when it opens: the form starts from the current configuration, or afresh.
  const form = useForm<SaveConfigurationForm>({
    resolver: zodResolver(schema),
    defaultValues: { name: current?.name ?? defaultName, description: current?.description ?? '' },
  });
  const nameError = form.formState.errors.name?.message ?? null;
  const status = SAVE_STATUS[saveConfiguration.status];
  const saving = status === SAVE_CONFIG_STATUS.saving || form.formState.isSubmitting;

  const save = (asNew: boolean) =>
    form.handleSubmit(async ({ name, description }) => {
      setFailure(null);
      let settings: SavedConfigSettings;
      try {
        settings = collect();
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
        return;
      }
      const id = asNew || !current ? null : current.id;
      try {
        const saved = await saveConfiguration.mutateAsync({
          id,
          name,
          description,
          settings,
          snapshot: snapshot?.blob ?? null,
        });
        setCurrent(saved);
        toast.success(id === null ? SUCCESS_TOASTS.configurationCreated : SUCCESS_TOASTS.configurationUpdated);
        onOpenChange(false);
      } catch (error) {
        // The server's reason where it gave one; a lost connection is said in the spec's words.
        const reason = error instanceof Error ? error.cause : null;
        setFailure(reason instanceof ApiError ? reason.message : FAILURE_TOASTS.saveConfiguration);
        toast.error(error instanceof Error ? error.message : String(error));
      }
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent
        title={current ? 'Save configuration' : 'Save as new configuration'}
        description={
          current
            ? `Saving updates “${current.name}”. Save as new keeps it and makes a copy.`
            : 'Keeps the car, scene, camera, look and lights as they are now.'
        }
        width="max-w-xl"
        footer={
          <>
            {saving && <Spinner className="mr-auto size-4" label="Saving" />}
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            {current && (
              <Button variant="secondary" onClick={() => void save(true)()} disabled={saving}>
                Save as new
              </Button>
            )}
            <Button type="submit" form="save-configuration" disabled={saving}>
              Save
            </Button>
          </>
        }
      >
        <form
          id="save-configuration"
          data-status={status}
          onSubmit={(event) => void save(false)(event)}
          noValidate
          className="flex gap-4"
        >
          <figure className="w-48 shrink-0">
            <div className="flex aspect-video items-center justify-center overflow-hidden rounded-md border border-border bg-background">
              {snapshot ? (
                <img src={snapshot.url} alt="Preview of the configuration" className="size-full object-cover" />
              ) : (
                <ImageOff className="size-5 text-muted-foreground" aria-label="No preview yet" />
              )}
            </div>
            <figcaption className="mt-1.5 text-xs text-muted-foreground">Preview from the viewport</figcaption>
          </figure>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            {failure && <ErrorAlert>{failure}</ErrorAlert>}
            <FormField label="Name" error={nameError}>
              <Input maxLength={NAME_MAX + 1} disabled={saving} {...form.register('name')} />
            </FormField>
            <FormField label="Description" hint="Optional: what this look is for.">
              <Textarea rows={3} disabled={saving} {...form.register('description')} />
            </FormField>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
