import { FilePlus2, ImageOff, Library, Pause, Play, Plus, Save, SkipForward, Square, Trash2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useEngineStore } from '@/lib/engine';
import { endFrameOf, type TimelineFrame } from '../lib/timeline';
import { useTimelineStore } from '../stores/timeline-store';

export interface TimelinePanelProps {
  /** The stream's current picture for a new frame's preview; null when the stream has none. */
  capturePreview: () => Promise<Blob | null>;
  /** The saved animations (load, copy, share), shown beside the frames when the user opens them. */
  library?: ReactNode;
  /** After a save: the saved animations' list shows the new one. */
  onSaved?: () => void;
}

/** Runs an engine step of the transport; a refusal is logged and told (the engine did not move). */
function transport(step: () => Promise<unknown>, what: string): void {
  step().catch((error: unknown) => {
    console.warn(`timeline ${what} failed`, error);
    toast.error(error instanceof Error ? error.message : `Could not ${what}`);
  });
}

const seconds = (value: number) => `${value.toFixed(2)} s`;

/**
 * The animation timeline (spec §3 and §4), docked along the bottom of the viewport: the frames with their previews,
 * the transport (play/pause, stop, go to end), the current frame, adding frames from the crane and saving the
 * timeline as an animation preset.
 */
export function TimelinePanel({ capturePreview, library, onSaved }: TimelinePanelProps) {
  const { name, category, frames, fps, currentFrame, isPlaying, isDirty, isSaving, presetId } = useTimelineStore();
  const store = useTimelineStore.getState;
  const crane = useEngineStore((state) => state.settings?.Camera.Crane);
  const engineReady = useEngineStore((state) => state.status === 'ready');
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const endFrame = endFrameOf(frames, fps);
  const hasFrames = frames.length > 0;

  const addFrame = async () => {
    if (!crane) return;
    setAdding(true);
    const pose = { yaw: crane.Yaw, pitch: crane.Pitch, distance: crane.ArmLength };
    const preview = await capturePreview().catch(() => null);
    store().addFrame(pose, preview);
    setAdding(false);
  };

  const save = () => {
    store()
      .save()
      .then(
        (message) => {
          toast.success(message);
          onSaved?.();
        },
        (error: unknown) => {
          console.warn('timeline save failed', error);
          toast.error(error instanceof Error ? error.message : String(error));
        },
      );
  };

  return (
    <section
      aria-label="Animation timeline"
      className="absolute inset-x-0 bottom-0 z-20 flex h-[212px] flex-col border-t border-border bg-surface/95 text-[12px] shadow-[0_-8px_24px_rgba(0,0,0,0.35)] backdrop-blur"
    >
      <div className="flex h-10 shrink-0 items-center gap-2 overflow-x-auto border-b border-border px-3">
        <h2 className="text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">Timeline</h2>
        <input
          aria-label="Animation name"
          value={name}
          maxLength={200}
          onChange={(event) => store().setName(event.target.value)}
          className="h-7 w-40 shrink-0 rounded-md border border-input bg-surface px-2 text-[12px] focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none"
        />
        {/* Spec §3: a sequence has a category, which the saved animations filter by. */}
        <input
          aria-label="Animation category"
          placeholder="Category"
          value={category}
          maxLength={100}
          onChange={(event) => store().setCategory(event.target.value)}
          className="h-7 w-28 shrink-0 rounded-md border border-input bg-surface px-2 text-[12px] focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none"
        />
        {isDirty && (
          <span className="text-[11px] text-muted-foreground" title="Changes not saved yet">
            Unsaved
          </span>
        )}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden />
        <div role="group" aria-label="Transport" className="flex items-center gap-0.5">
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Stop"
            title="Stop (back to frame 0)"
            disabled={!engineReady || !hasFrames}
            onClick={() => transport(() => store().stop(), 'stop')}
          >
            <Square aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={isPlaying ? 'Pause' : 'Play'}
            title={isPlaying ? 'Pause' : 'Play from the current frame'}
            disabled={!engineReady || !hasFrames}
            onClick={() => transport(() => store().togglePlay(), isPlaying ? 'pause' : 'play')}
          >
            {isPlaying ? <Pause aria-hidden /> : <Play aria-hidden />}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Go to end"
            title="Go to the last frame"
            disabled={!engineReady || !hasFrames || isPlaying}
            onClick={() => transport(() => store().goToEnd(), 'go to the end')}
          >
            <SkipForward aria-hidden />
          </Button>
        </div>
        <output
          aria-label="Current frame"
          data-testid="timeline-current-frame"
          className="shrink-0 font-mono text-[11px] whitespace-nowrap text-muted-foreground tabular-nums"
        >
          <span className="text-foreground">{currentFrame}</span> / {endFrame} · {seconds(currentFrame / fps)} · {fps}{' '}
          fps
        </output>
        <div className="ml-auto flex shrink-0 items-center gap-1.5">
          <Button
            variant="secondary"
            size="sm"
            disabled={!engineReady || !crane || adding || isPlaying}
            onClick={() => void addFrame()}
            title="Add a frame where the crane is now"
          >
            {adding ? <Spinner className="size-3.5" label="Adding frame" /> : <Plus aria-hidden />}
            Add frame
          </Button>
          <Button
            size="sm"
            disabled={!hasFrames || isSaving || (presetId !== null && !isDirty) || name.trim() === ''}
            onClick={save}
            title={presetId ? 'Save the changes to this animation' : 'Save as a new animation'}
          >
            {isSaving ? <Spinner className="size-3.5" label="Saving" /> : <Save aria-hidden />}
            Save
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="New animation"
            title="Start a new, empty animation"
            disabled={isSaving}
            onClick={() => store().reset()}
          >
            <FilePlus2 aria-hidden />
          </Button>
          {library && (
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label="Saved animations"
              aria-pressed={libraryOpen}
              title="Saved animations"
              onClick={() => setLibraryOpen(!libraryOpen)}
            >
              <Library aria-hidden />
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Close timeline"
            title="Close the timeline"
            onClick={() => store().close()}
          >
            <X aria-hidden />
          </Button>
        </div>
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="flex min-w-0 flex-1 flex-col">
          <input
            type="range"
            aria-label="Scrub frame"
            min={0}
            max={Math.max(1, endFrame)}
            step={1}
            value={Math.min(currentFrame, Math.max(1, endFrame))}
            disabled={!engineReady || !hasFrames || isPlaying}
            onChange={(event) => transport(() => store().seek(Number(event.target.value)), 'go to the frame')}
            className="mx-3 mt-1.5 h-3 shrink-0 accent-primary disabled:opacity-40"
          />
          <FrameStrip frames={frames} fps={fps} currentFrame={currentFrame} isPlaying={isPlaying} />
        </div>
        {library && libraryOpen && (
          <aside aria-label="Saved animations" className="w-72 shrink-0 overflow-y-auto border-l border-border">
            {library}
          </aside>
        )}
      </div>
    </section>
  );
}

function FrameStrip({
  frames,
  fps,
  currentFrame,
  isPlaying,
}: {
  frames: TimelineFrame[];
  fps: number;
  currentFrame: number;
  isPlaying: boolean;
}) {
  if (frames.length === 0)
    return (
      <p className="flex flex-1 items-center justify-center px-6 text-center text-[12px] text-muted-foreground">
        No frames yet. Move the camera’s crane, then Add frame: each frame is a second after the last.
      </p>
    );
  return (
    <ol aria-label="Frames" className="flex min-h-0 flex-1 items-stretch gap-2 overflow-x-auto px-3 pt-1.5 pb-2">
      {frames.map((frame, index) => (
        <FrameCard
          key={frame.id}
          frame={frame}
          number={index + 1}
          current={Math.round(frame.params.time * fps) === currentFrame}
          fps={fps}
          isPlaying={isPlaying}
        />
      ))}
    </ol>
  );
}

function FrameCard({
  frame,
  number,
  current,
  fps,
  isPlaying,
}: {
  frame: TimelineFrame;
  number: number;
  current: boolean;
  fps: number;
  isPlaying: boolean;
}) {
  const preview = useTimelineStore(
    (state) => state.localPreviews[frame.id] ?? (frame.preview ? state.previewImageMapping[frame.preview] : undefined),
  );
  const store = useTimelineStore.getState;
  const label = `Frame ${number}`;
  const commitTime = (value: string) => {
    const time = Number(value);
    if (value.trim() !== '' && Number.isFinite(time) && time >= 0 && time !== frame.params.time)
      store().setFrameTime(frame.id, time);
  };
  return (
    <li
      aria-label={label}
      aria-current={current ? 'step' : undefined}
      className={cn(
        'flex w-36 shrink-0 flex-col overflow-hidden rounded-md border bg-surface-raised',
        current ? 'border-primary' : 'border-border',
      )}
    >
      <button
        type="button"
        aria-label={`Go to ${label.toLowerCase()} at ${frame.params.time} s`}
        disabled={isPlaying}
        onClick={() => transport(() => store().seek(frame.params.time * fps), 'go to the frame')}
        className="relative aspect-video w-full shrink-0 bg-black/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
      >
        {preview ? (
          <img src={preview} alt={`Preview of ${label.toLowerCase()}`} className="size-full object-cover" />
        ) : (
          <ImageOff className="absolute inset-0 m-auto size-4 text-muted-foreground" aria-hidden />
        )}
        <span className="absolute top-1 left-1 rounded bg-black/60 px-1 font-mono text-[10px] text-white tabular-nums">
          {number}
        </span>
      </button>
      <div className="flex items-center gap-1 px-1.5 py-1">
        <input
          key={frame.params.time}
          type="number"
          aria-label={`Time of ${label.toLowerCase()} (seconds)`}
          defaultValue={frame.params.time}
          min={0}
          step={0.5}
          onBlur={(event) => commitTime(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitTime(event.currentTarget.value);
          }}
          className="h-6 w-16 rounded border border-input bg-surface px-1.5 font-mono text-[11px] tabular-nums focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none"
        />
        <span className="text-[11px] text-muted-foreground">s</span>
        <span className="ml-auto truncate font-mono text-[10px] text-muted-foreground" title="Crane yaw">
          {Math.round(frame.params.yaw ?? 0)}°
        </span>
        <button
          type="button"
          aria-label={`Delete ${label.toLowerCase()}`}
          disabled={isPlaying}
          onClick={() => store().removeFrame(frame.id)}
          className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-40"
        >
          <Trash2 className="size-3.5" aria-hidden />
        </button>
      </div>
    </li>
  );
}
