import {
  CONTROL_CHARACTERS_MESSAGE,
  CUSTOM_RESOLUTION,
  MAX_ANTI_ALIAS_SAMPLES,
  NO_CONTROL_CHARACTERS,
  RENDER_QUALITIES,
  RESOLUTION_PRESET_NAMES,
  type ResolutionPresetName,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Segmented } from '@/components/ui/segmented';
import { SliderField } from '@/components/ui/slider-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { qualityNote, sideError } from '../lib/render-request';
import {
  useRenderSettingsStore,
  type RenderQuality,
  type SettingsTarget,
  type StillSettings,
  type VideoSettings,
} from '../stores/render-settings-store';

/** A titled group of the dialog's controls: a fieldset, so that its legend names what is inside. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-[10px] font-semibold tracking-wider text-muted-foreground uppercase">{title}</legend>
      <div className="flex flex-col gap-2.5">{children}</div>
    </fieldset>
  );
}

/** A control with its small label on the left, as the studio's inspector lays them out. */
export function Row({ label, id, children }: { label: string; id?: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[96px_1fr] items-center gap-2">
      {id ? (
        <label htmlFor={id} className="truncate text-[12px] text-muted-foreground">
          {label}
        </label>
      ) : (
        <span className="truncate text-[12px] text-muted-foreground" aria-hidden>
          {label}
        </span>
      )}
      {children}
    </div>
  );
}

const PRESET_LABELS: Record<ResolutionPresetName, string> = {
  '720p': '720p',
  '1080p': '1080p',
  '4k': '4K',
  custom: 'Custom',
};

export interface SizeDraft {
  width: string;
  height: string;
}

/** Why the size cannot be rendered, side by side; null each when it can. */
export function sizeErrors(draft: SizeDraft | null): { width: string | null; height: string | null } {
  if (!draft) return { width: null, height: null };
  return { width: sideError('Width', draft.width), height: sideError('Height', draft.height) };
}

/**
 * The resolution: a preset, or custom with a width and height typed in. The typed text is the caller's (`draft`,
 * null while it equals the stored size), so that the dialog can refuse to start with a size it cannot render.
 */
export function SizeFields({
  target,
  settings,
  draft,
  onDraft,
}: {
  target: SettingsTarget;
  settings: StillSettings | VideoSettings;
  draft: SizeDraft | null;
  onDraft: (draft: SizeDraft | null) => void;
}) {
  const id = useId();
  const setPreset = useRenderSettingsStore((state) => state.setResolutionPreset);
  const setCustom = useRenderSettingsStore((state) => state.setCustomResolution);
  const custom = settings.resolutionPreset === CUSTOM_RESOLUTION;
  const shown = draft ?? {
    width: String(settings.customResolution.width),
    height: String(settings.customResolution.height),
  };
  const errors = sizeErrors(draft);
  const change = (side: keyof SizeDraft, value: string) => {
    const next = { ...shown, [side]: value };
    const { width, height } = sizeErrors(next);
    if (!width && !height) {
      setCustom(target, { width: Number(next.width), height: Number(next.height) });
      onDraft(null);
    } else onDraft(next);
  };
  const error = errors.width ?? errors.height;
  return (
    <Section title="Size">
      <Row label="Resolution">
        <Segmented
          label="Resolution"
          value={settings.resolutionPreset}
          options={RESOLUTION_PRESET_NAMES.map((preset) => ({ value: preset, label: PRESET_LABELS[preset] }))}
          onChange={(preset) => {
            onDraft(null);
            setPreset(target, preset);
          }}
        />
      </Row>
      <Row label="Size (px)">
        <div className="grid grid-cols-[1fr_auto_1fr_auto] items-center gap-1.5">
          <Input
            aria-label="Width"
            inputMode="numeric"
            className="h-7 text-right font-mono text-[12px] tabular-nums"
            value={shown.width}
            disabled={!custom}
            aria-invalid={Boolean(errors.width)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => change('width', event.target.value)}
          />
          <span className="text-[12px] text-muted-foreground" aria-hidden>
            ×
          </span>
          <Input
            aria-label="Height"
            inputMode="numeric"
            className="h-7 text-right font-mono text-[12px] tabular-nums"
            value={shown.height}
            disabled={!custom}
            aria-invalid={Boolean(errors.height)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => change('height', event.target.value)}
          />
          <span className="text-[11px] text-muted-foreground">px</span>
        </div>
      </Row>
      {error ? (
        <p id={`${id}-error`} className="ml-[96px] text-[11px] text-destructive">
          {[errors.width, errors.height].filter(Boolean).join('. ')}
        </p>
      ) : (
        <p className="ml-[96px] text-[11px] text-muted-foreground">
          {custom ? 'Any size from 16×16 up to 3840×2160.' : 'Choose Custom to type a size.'}
        </p>
      )}
    </Section>
  );
}

/**
 * Quality with a line on what it means and, under it, how long the render would take (`estimate`); then the
 * anti-aliasing samples it multiplies.
 */
export function QualityFields({
  settings,
  onChange,
  estimate,
}: {
  settings: { quality: RenderQuality; antiAliasSpatial: number; antiAliasTemporal: number };
  onChange: (changes: Partial<{ quality: RenderQuality; antiAliasSpatial: number; antiAliasTemporal: number }>) => void;
  estimate?: ReactNode;
}) {
  return (
    <Section title="Quality">
      <Row label="Quality">
        <Segmented
          label="Quality"
          value={settings.quality}
          options={RENDER_QUALITIES.map((quality) => ({ value: quality, label: quality }))}
          onChange={(quality) => onChange({ quality })}
        />
      </Row>
      <p className="ml-[96px] text-[11px] leading-snug text-muted-foreground" data-testid="quality-note">
        {qualityNote(settings.quality, settings.antiAliasSpatial, settings.antiAliasTemporal)}
      </p>
      {estimate}
      <SliderField
        label="Spatial AA"
        accessibleLabel="Anti-aliasing, spatial samples"
        value={settings.antiAliasSpatial}
        min={1}
        max={MAX_ANTI_ALIAS_SAMPLES}
        defaultValue={8}
        onChange={(value) => onChange({ antiAliasSpatial: Math.round(value) })}
      />
      <SliderField
        label="Temporal AA"
        accessibleLabel="Anti-aliasing, temporal samples"
        value={settings.antiAliasTemporal}
        min={1}
        max={MAX_ANTI_ALIAS_SAMPLES}
        defaultValue={8}
        onChange={(value) => onChange({ antiAliasTemporal: Math.round(value) })}
      />
    </Section>
  );
}

const NAME_MAX = 200;
const LABEL_MAX = 100;
const DESCRIPTION_MAX = 5000;

const label = (field: string) =>
  z
    .string()
    .trim()
    .max(LABEL_MAX, `At most ${LABEL_MAX} characters`)
    .regex(NO_CONTROL_CHARACTERS, `The ${field} ${CONTROL_CHARACTERS_MESSAGE}`);

/** What the server takes as a render's metadata (the protocol's renderMetadataSchema), said before the round trip. */
const metadataSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the render a name')
    .max(NAME_MAX, `At most ${NAME_MAX} characters`)
    .regex(NO_CONTROL_CHARACTERS, `The name ${CONTROL_CHARACTERS_MESSAGE}`),
  description: z.string().trim().max(DESCRIPTION_MAX, `At most ${DESCRIPTION_MAX} characters`),
  category: label('category'),
  brand: label('brand'),
});
export type MetadataDraft = z.infer<typeof metadataSchema>;

/**
 * The metadata's form (react-hook-form with its schema), starting from the current configuration's name, else the
 * product's. The dialog is mounted when it opens, so each opening starts from them afresh.
 */
export function useMetadataForm(defaults: MetadataDraft): UseFormReturn<MetadataDraft> {
  return useForm<MetadataDraft>({ resolver: zodResolver(metadataSchema), defaultValues: defaults });
}

/** What the finished render is recorded as in the gallery. The name is required. */
export function MetadataFields({ form }: { form: UseFormReturn<MetadataDraft> }) {
  const { errors } = form.formState;
  return (
    <Section title="Metadata">
      <div className="grid grid-cols-2 gap-2.5">
        <FormField label="Name" required dense error={errors.name?.message} className="col-span-2">
          <Input className="h-7 text-[12px]" required maxLength={NAME_MAX} {...form.register('name')} />
        </FormField>
        <FormField label="Category" dense error={errors.category?.message}>
          <Input className="h-7 text-[12px]" maxLength={LABEL_MAX} {...form.register('category')} />
        </FormField>
        <FormField label="Brand" dense error={errors.brand?.message}>
          <Input className="h-7 text-[12px]" maxLength={LABEL_MAX} {...form.register('brand')} />
        </FormField>
        <FormField label="Description" dense error={errors.description?.message} className="col-span-2">
          <Textarea rows={2} className="text-[12px]" maxLength={DESCRIPTION_MAX} {...form.register('description')} />
        </FormField>
      </div>
    </Section>
  );
}

/** The studio's scene for a render, or null after saying in a toast why it could not be read. */
export function collectScene(collect: () => SavedConfigSettings, failure: string): SavedConfigSettings | null {
  try {
    return collect();
  } catch (error) {
    toast.error(failure, { description: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/**
 * Enter in a field commits its value (a number box's own handler runs first) and never starts a job: a render can
 * take many minutes, so only the start button starts one (issue 30). Without this the browser's implicit submission
 * would press the form's start button on Enter in any input.
 */
export function keepsEnterInField(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') event.preventDefault();
}

export interface RenderDialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The form's id, which the footer's start button submits. */
  formId: string;
  /** Size, format and quality in a line, e.g. "1920×1080 · JPG · MEDIUM". */
  summary: string;
  startLabel: string;
  startDisabled: boolean;
  onStart: () => void;
  /** The two columns of the form. */
  children: ReactNode;
}

/**
 * What the image and video dialogs share: the dialog, a two-column form, and the footer with the
 * settings in a line, Cancel and the start button.
 */
export function RenderDialogFrame({
  open,
  onOpenChange,
  title,
  description,
  formId,
  summary,
  startLabel,
  startDisabled,
  onStart,
  children,
}: RenderDialogFrameProps) {
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onStart();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        width="max-w-4xl"
        onKeyDown={keepsEnterInField}
        footer={
          <>
            <span
              className="mr-auto font-mono text-[11px] text-muted-foreground tabular-nums"
              data-testid="render-summary"
            >
              {summary}
            </span>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={startDisabled}>
              {startLabel}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={submit} className="grid grid-cols-2 gap-x-6 gap-y-4">
          {children}
        </form>
      </DialogContent>
    </Dialog>
  );
}
