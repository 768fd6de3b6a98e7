import {
  CUSTOM_RESOLUTION,
  STATE_MESSAGES,
  TURNTABLE_FRAME_COUNTS,
  TURNTABLE_VIDEO_SECONDS,
  VIDEO_FORMATS,
  requestedResolution,
  type TurntableFrameCount,
} from '@autostudio/protocol';
import { useState } from 'react';
import { Segmented } from '@/components/ui/segmented';
import { SwitchField } from '@/components/ui/switch-field';
import { turntableRenderRequest } from '../lib/render-request';
import { useStartRender } from '../hooks/use-render-jobs';
import { useRenderSettingsStore } from '../stores/render-settings-store';
import {
  MetadataFields,
  QualityFields,
  RenderDialogFrame,
  Row,
  Section,
  SizeFields,
  collectScene,
  sizeErrors,
  useMetadataForm,
  type SizeDraft,
} from './render-fields';
import type { RenderDialogProps } from './render-dialog';
import { RenderEstimate } from './render-estimate';

type VideoFormat = (typeof VIDEO_FORMATS)[number];

/** The studio's render dialogs take the same props: see RenderDialogProps. */
export type TurntableDialogProps = RenderDialogProps;

/**
 * The turntable dialog (issue 34 item 2): the car turned once in front of the current camera, 24, 36 or 72 frames at
 * the image dialog's size and quality, as one job; the gallery shows them as a 360° view to drag round, and a video of
 * the turn when asked for.
 */
export function TurntableDialog({ open, onOpenChange, collect, metadataDefaults, configId }: TurntableDialogProps) {
  const settings = useRenderSettingsStore((state) => state.still);
  const updateStill = useRenderSettingsStore((state) => state.updateStill);
  const [frames, setFrames] = useState<TurntableFrameCount>(36);
  const [video, setVideo] = useState<VideoFormat | null>(null);
  const [sizeDraft, setSizeDraft] = useState<SizeDraft | null>(null);
  const form = useMetadataForm(metadataDefaults);
  const { startTurntable } = useStartRender();
  const sizeInvalid = Object.values(sizeErrors(sizeDraft)).some(Boolean);
  const size = requestedResolution(settings);

  const start = form.handleSubmit((fields) => {
    if (sizeInvalid) return;
    // Read afresh: a number box commits its value when it loses focus to the start button.
    const current = useRenderSettingsStore.getState().still;
    const scene = collectScene(collect, STATE_MESSAGES.startRenderFailed);
    if (!scene) return;
    void startTurntable(
      turntableRenderRequest(current, { frames, videoFormat: video }, { ...fields, configId }, scene),
    );
    onOpenChange(false);
  });

  const sizeText =
    settings.resolutionPreset === CUSTOM_RESOLUTION && sizeInvalid ? '–' : `${size.width}×${size.height}`;
  return (
    <RenderDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Render turntable"
      description="The car turned once in front of the current camera, in the current look: a 360° view to drag round in the gallery, and a video on request."
      formId="render-turntable"
      summary={`${frames} frames · ${sizeText} · ${settings.imageFormat} · ${settings.quality}${video ? ` · ${video}` : ''}`}
      startLabel="Start turntable"
      startDisabled={sizeInvalid}
      onStart={() => void start()}
    >
      <div className="flex flex-col gap-4">
        <Section title="Turn">
          <Row label="Frames">
            <Segmented
              label="Frames per turn"
              value={String(frames)}
              options={TURNTABLE_FRAME_COUNTS.map((count) => ({ value: String(count), label: String(count) }))}
              onChange={(value) => setFrames(Number(value) as TurntableFrameCount)}
            />
          </Row>
          <p className="ml-[104px] text-[11px] text-muted-foreground">
            A frame every {360 / frames}°: more frames turn more smoothly and take longer.
          </p>
          <SwitchField
            label="Also as a video"
            hint={`One turn in ${TURNTABLE_VIDEO_SECONDS} seconds (${frames / TURNTABLE_VIDEO_SECONDS} frames a second).`}
            checked={video !== null}
            onChange={(on) => setVideo(on ? 'MP4' : null)}
          />
          {video && (
            <Row label="Video format">
              <Segmented
                label="Video format"
                value={video}
                options={VIDEO_FORMATS.map((format) => ({ value: format, label: format }))}
                onChange={setVideo}
              />
            </Row>
          )}
        </Section>
        <SizeFields target="still" settings={settings} draft={sizeDraft} onDraft={setSizeDraft} />
      </div>
      <div className="flex flex-col gap-4">
        <QualityFields
          settings={settings}
          onChange={updateStill}
          estimate={
            <RenderEstimate
              open={open}
              kind="turntable"
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
