import {
  CUSTOM_RESOLUTION,
  IMAGE_FORMATS,
  RENDER_PASSES,
  RENDER_TYPE_LABELS,
  RENDER_TYPES,
  SHADOW_MODES,
  STATE_MESSAGES,
  requestedResolution,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { Segmented } from '@/components/ui/segmented';
import { cn } from '@/lib/cn';
import { stillRenderRequest } from '../lib/render-request';
import { useStartRender } from '../hooks/use-render-jobs';
import { useRenderSettingsStore, type ShadowMode } from '../stores/render-settings-store';
import {
  MetadataFields,
  RenderDialogFrame,
  QualityFields,
  Row,
  Section,
  collectScene,
  SizeFields,
  sizeErrors,
  useMetadataForm,
  type MetadataDraft,
  type SizeDraft,
} from './render-fields';
import { RenderEstimate } from './render-estimate';

const SHADOW_LABELS: Record<ShadowMode, string> = {
  WithGround: 'With ground',
  NoShadow: 'None',
  SeparateLayer: 'Separate layer',
};

export interface RenderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The studio as it is now, in the saved shape; read when the render starts. */
  collect: () => SavedConfigSettings;
  /** Where the metadata starts: the current configuration's or the product's name, the product's category and brand. */
  metadataDefaults: MetadataDraft;
  /** The current configuration, recorded with the render; null when none is current. */
  configId: string | null;
}

/**
 * The still render dialog (spec §3 "Render settings", §9 "Render options"): output, size, quality, shadows and
 * metadata, dense as a render dialog is. Start lists the job in the progress panel at once and closes; the panel and
 * the toasts tell the rest. The settings stay for the tab: a reopened dialog shows the last choices.
 */
export function RenderDialog({ open, onOpenChange, collect, metadataDefaults, configId }: RenderDialogProps) {
  const settings = useRenderSettingsStore((state) => state.still);
  const updateStill = useRenderSettingsStore((state) => state.updateStill);
  const togglePass = useRenderSettingsStore((state) => state.togglePass);
  const [sizeDraft, setSizeDraft] = useState<SizeDraft | null>(null);
  const form = useMetadataForm(metadataDefaults);
  const { startStill } = useStartRender();
  const multiPass = settings.renderType === 'Multi Pass';
  const passError = multiPass && settings.selectedPasses.length === 0 ? 'Choose at least one pass' : null;
  const sizeInvalid = Object.values(sizeErrors(sizeDraft)).some(Boolean);
  const size = requestedResolution(settings);

  // The metadata's errors show whatever else is wrong; the job starts only when nothing is.
  const start = form.handleSubmit((fields) => {
    if (passError || sizeInvalid) return;
    // Read afresh: a number box commits its value when it loses focus to the start button.
    const current = useRenderSettingsStore.getState().still;
    const scene = collectScene(collect, STATE_MESSAGES.startRenderFailed);
    if (!scene) return;
    void startStill(stillRenderRequest(current, { ...fields, configId }, scene));
    onOpenChange(false);
  });

  return (
    <RenderDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Render image"
      description="A still of the current view, rendered by the render service. It appears in the gallery when done."
      formId="render-image"
      summary={`${settings.resolutionPreset === CUSTOM_RESOLUTION && sizeInvalid ? '–' : `${size.width}×${size.height}`} · ${settings.imageFormat} · ${settings.quality}`}
      startLabel="Start render"
      startDisabled={Boolean(passError) || sizeInvalid}
      onStart={() => void start()}
    >
      <div className="flex flex-col gap-4">
        <Section title="Output">
          <Row label="Type">
            <Segmented
              label="Render type"
              value={settings.renderType}
              options={RENDER_TYPES.map((type) => ({ value: type, label: RENDER_TYPE_LABELS[type] }))}
              onChange={(renderType) => updateStill({ renderType })}
            />
          </Row>
          {multiPass && (
            <div className="ml-[96px] flex flex-col gap-1.5">
              <div role="group" aria-label="Passes" className="flex flex-wrap gap-1">
                {RENDER_PASSES.map((pass) => {
                  const on = settings.selectedPasses.includes(pass);
                  return (
                    <button
                      key={pass}
                      type="button"
                      aria-pressed={on}
                      onClick={() => togglePass(pass)}
                      className={cn(
                        'inline-flex h-6 items-center gap-1 rounded-md border px-2 text-[12px] transition-colors',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        on
                          ? 'border-primary/70 bg-primary/15 text-foreground'
                          : 'border-border bg-surface-raised text-muted-foreground hover:bg-muted hover:text-foreground',
                      )}
                    >
                      {on && <Check className="size-3" aria-hidden />}
                      {pass}
                    </button>
                  );
                })}
              </div>
              <p className={cn('text-[11px]', passError ? 'text-destructive' : 'text-muted-foreground')}>
                {passError ?? 'Each pass is an image beside the Beauty one.'}
              </p>
            </div>
          )}
          <Row label="Format">
            <Segmented
              label="Image format"
              value={settings.imageFormat}
              options={IMAGE_FORMATS.map((format) => ({ value: format, label: format }))}
              onChange={(imageFormat) => updateStill({ imageFormat })}
            />
          </Row>
        </Section>
        <SizeFields target="still" settings={settings} draft={sizeDraft} onDraft={setSizeDraft} />
        <Section title="Shadows">
          <Row label="Car shadow">
            <Segmented
              label="Car shadow"
              // Sized by their labels: "Separate layer" is twice as long as "None".
              className="auto-cols-auto"
              value={settings.carShadowMode}
              options={SHADOW_MODES.map((mode) => ({ value: mode, label: SHADOW_LABELS[mode] }))}
              onChange={(carShadowMode) => updateStill({ carShadowMode })}
            />
          </Row>
        </Section>
      </div>
      <div className="flex flex-col gap-4">
        <QualityFields
          settings={settings}
          onChange={updateStill}
          estimate={
            <RenderEstimate
              open={open}
              kind="still"
              settings={settings}
              resolution={sizeInvalid ? null : size}
              frames={1}
            />
          }
        />
        <MetadataFields form={form} />
      </div>
    </RenderDialogFrame>
  );
}
