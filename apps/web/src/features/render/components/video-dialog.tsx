import {
  CUSTOM_RESOLUTION,
  FAILURE_TOASTS,
  PRESET_ANIMATIONS,
  STATE_MESSAGES,
  VIDEO_FORMATS,
  animationPresetSettingsSchema,
  framesOf,
  requestedResolution,
  type Preset,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { useQuery } from '@tanstack/react-query';
import { Clapperboard, Film } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Segmented } from '@/components/ui/segmented';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { withFailureToast } from '@/lib/list/with-failure-toast';
import { framesAndDuration, videoRenderRequest } from '../lib/render-request';
import { useStartRender } from '../hooks/use-render-jobs';
import { useRenderSettingsStore } from '../stores/render-settings-store';
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

export interface VideoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The studio as it is now, in the saved shape; read when the render starts. */
  collect: () => SavedConfigSettings;
  metadataDefaults: MetadataDraft;
  configId: string | null;
  /** The user's own sequences: the animation presets they see. */
  loadSequences: () => Promise<Preset[]>;
}

/** A sequence's length, or why it cannot be rendered (its settings hold no frames). */
function sequenceLength(preset: Preset): { frames: number } | { problem: string } {
  let settings: unknown;
  try {
    settings = JSON.parse(preset.settings);
  } catch {
    return { problem: 'Its settings cannot be read' };
  }
  const parsed = animationPresetSettingsSchema.safeParse(settings);
  if (!parsed.success) return { problem: 'It has no frames yet' };
  return {
    frames: framesOf(
      parsed.data.frames.map((frame) => frame.params),
      parsed.data.fps,
    ),
  };
}

/** One choice of the animation list: a native radio, so that arrow keys move through both groups. */
function AnimationChoice({
  value,
  checked,
  onChoose,
  icon,
  name,
  detail,
  disabled,
}: {
  value: string;
  checked: boolean;
  onChoose: () => void;
  icon: ReactNode;
  name: string;
  detail: string;
  disabled?: boolean;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md border px-2 py-1.5 text-[12px] transition-colors',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked ? 'border-primary/70 bg-primary/15' : 'border-border bg-surface-raised hover:bg-muted',
        disabled && 'cursor-not-allowed opacity-50',
      )}
    >
      <input
        type="radio"
        name="animation"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        className="sr-only"
      />
      <span className="text-muted-foreground" aria-hidden>
        {icon}
      </span>
      <span className="min-w-0 flex-1 truncate text-foreground">{name}</span>
      <span className="shrink-0 font-mono text-[11px] text-muted-foreground tabular-nums">{detail}</span>
    </label>
  );
}

/**
 * The video dialog (spec §3 "Video settings"): a preset animation or one of the user's own sequences (choosing one
 * sets the animation type, spec §4), resolution (720p by default), MP4, MOV or AVI, anti-aliasing, quality and the
 * metadata. Start lists the job in the progress panel at once and closes.
 */
export function VideoDialog({
  open,
  onOpenChange,
  collect,
  metadataDefaults,
  configId,
  loadSequences,
}: VideoDialogProps) {
  const settings = useRenderSettingsStore((state) => state.video);
  const updateVideo = useRenderSettingsStore((state) => state.updateVideo);
  const chooseAnimation = useRenderSettingsStore((state) => state.chooseAnimation);
  const chooseSequence = useRenderSettingsStore((state) => state.chooseSequence);
  const [sizeDraft, setSizeDraft] = useState<SizeDraft | null>(null);
  const [animationError, setAnimationError] = useState<string | null>(null);
  const form = useMetadataForm(metadataDefaults);
  const { startVideo } = useStartRender();
  const sequences = useQuery({
    queryKey: ['render', 'sequences'],
    queryFn: withFailureToast(loadSequences, FAILURE_TOASTS.fetchPresets),
  });
  const sizeInvalid = Object.values(sizeErrors(sizeDraft)).some(Boolean);
  const size = requestedResolution(settings);
  const chosenSequence =
    settings.animationType === 'custom'
      ? sequences.data?.find((preset) => preset.id === settings.selectedCustomAnimation)
      : undefined;
  const chosenLength = chosenSequence ? sequenceLength(chosenSequence) : undefined;
  const frames =
    settings.animationType === 'custom'
      ? chosenLength && 'frames' in chosenLength
        ? chosenLength.frames
        : null
      : (PRESET_ANIMATIONS.find((animation) => animation.name === settings.selectedAnimation)?.frames ?? null);

  // Every reason not to start shows at once: the animation's, the size's and the metadata's.
  const start = () => {
    const current = useRenderSettingsStore.getState().video;
    const animationMissing = current.animationType === 'custom' && !chosenSequence;
    if (animationMissing) setAnimationError('Choose an animation to render');
    return form.handleSubmit((fields) => {
      if (animationMissing || sizeInvalid) return;
      // Read afresh: a number box commits its value when it loses focus to the start button.
      const settingsNow = useRenderSettingsStore.getState().video;
      const scene = collectScene(collect, STATE_MESSAGES.startVideoRenderFailed);
      if (!scene) return;
      void startVideo(videoRenderRequest(settingsNow, { ...fields, configId }, scene));
      onOpenChange(false);
    })();
  };

  return (
    <RenderDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Render video"
      description="A camera move around the current configuration, rendered frame by frame and encoded as a film."
      formId="render-video"
      summary={`${settings.resolutionPreset === CUSTOM_RESOLUTION && sizeInvalid ? '–' : `${size.width}×${size.height}`} · ${settings.videoFormat} · ${settings.quality}`}
      startLabel="Start video"
      startDisabled={sizeInvalid}
      onStart={() => void start()}
    >
      <div className="flex flex-col gap-4">
        <Section title="Animation">
          <div role="radiogroup" aria-label="Animation" className="flex flex-col gap-2">
            <div className="flex flex-col gap-1">
              <p className="text-[11px] text-muted-foreground">Preset animations</p>
              {PRESET_ANIMATIONS.map((animation) => (
                <AnimationChoice
                  key={animation.name}
                  value={`preset:${animation.name}`}
                  checked={settings.animationType === 'preset' && settings.selectedAnimation === animation.name}
                  onChoose={() => {
                    setAnimationError(null);
                    chooseAnimation(animation.name);
                  }}
                  icon={<Film className="size-3.5" />}
                  name={animation.name}
                  detail={framesAndDuration(animation.frames)}
                />
              ))}
            </div>
            <div className="flex flex-col gap-1">
              <p className="text-[11px] text-muted-foreground">My sequences</p>
              {sequences.isPending && <Spinner className="size-4" label="Loading sequences" />}
              {sequences.isError && <p className="text-[11px] text-destructive">{FAILURE_TOASTS.fetchPresets}</p>}
              {sequences.data?.length === 0 && (
                <p className="text-[11px] text-muted-foreground">
                  No saved sequences yet: build one on the animation timeline and save it.
                </p>
              )}
              <div className="flex max-h-36 flex-col gap-1 overflow-y-auto">
                {sequences.data?.map((preset) => {
                  const length = sequenceLength(preset);
                  return (
                    <AnimationChoice
                      key={preset.id}
                      value={`custom:${preset.id}`}
                      checked={settings.animationType === 'custom' && settings.selectedCustomAnimation === preset.id}
                      onChoose={() => {
                        setAnimationError(null);
                        chooseSequence(preset.id);
                      }}
                      icon={<Clapperboard className="size-3.5" />}
                      name={preset.name}
                      detail={'frames' in length ? framesAndDuration(length.frames) : length.problem}
                      disabled={!('frames' in length)}
                    />
                  );
                })}
              </div>
            </div>
          </div>
          {animationError && (
            <p role="alert" className="text-[11px] text-destructive">
              {animationError}
            </p>
          )}
        </Section>
        <Section title="Output">
          <Row label="Format">
            <Segmented
              label="Video format"
              value={settings.videoFormat}
              options={VIDEO_FORMATS.map((format) => ({ value: format, label: format }))}
              onChange={(videoFormat) => updateVideo({ videoFormat })}
            />
          </Row>
        </Section>
      </div>
      <div className="flex flex-col gap-4">
        <SizeFields target="video" settings={settings} draft={sizeDraft} onDraft={setSizeDraft} />
        <QualityFields
          settings={settings}
          onChange={updateVideo}
          estimate={
            <RenderEstimate
              open={open}
              kind="video"
              settings={settings}
              resolution={sizeInvalid ? null : size}
              frames={frames}
            />
          }
        />
        <MetadataFields form={form} />
      </div>
    </RenderDialogFrame>
  );
}
