import { CirclePause, Play, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { StreamStatus } from '../lib/stream-status';

interface StreamOverlayProps {
  status: StreamStatus;
  /** A still of the car is on show: waiting is a quiet line over it, not a dark veil that hides it. */
  overPicture?: boolean;
  onPlay: () => void;
  onRetry: () => void;
  /** Offered once the session has ended; without it the ended state shows no action. */
  onNewSession?: (() => void) | undefined;
  /** The ended state's action and the line above it, when the new session does more than load the same car. */
  newSession?: { label: string; hint: string } | undefined;
}

const NEW_SESSION_HINT = 'This engine is no longer yours. Start a new session to continue with the same car.';

const veil =
  'absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-black/70 text-center text-white/85';

/** What covers the video until it is live: calm, dark, one line of text and at most one action. */
export function StreamOverlay({
  status,
  overPicture = false,
  onPlay,
  onRetry,
  onNewSession,
  newSession = { label: 'Start a new session', hint: NEW_SESSION_HINT },
}: StreamOverlayProps) {
  switch (status.kind) {
    case 'live':
      return overPicture ? <PictureNote text="Preparing the live view…" /> : null;
    case 'connecting':
    case 'reconnecting':
      if (overPicture)
        return (
          <PictureNote
            text={status.kind === 'connecting' ? 'Connecting to the stream…' : 'Reconnecting to the stream…'}
          />
        );
      return (
        <div className={veil} role="status" aria-live="polite">
          <Spinner className="size-6 text-white/70" label="" />
          <p className="text-[13px] tracking-wide">
            {status.kind === 'connecting' ? 'Connecting to the stream…' : 'Reconnecting to the stream…'}
          </p>
        </div>
      );
    case 'click-to-play':
      return (
        <button
          type="button"
          className={`${veil} cursor-pointer transition-colors hover:bg-black/60`}
          onClick={onPlay}
          aria-label="Start the stream"
        >
          <span className="flex size-14 items-center justify-center rounded-full border border-white/30 bg-white/10">
            <Play className="ml-0.5 size-6" aria-hidden />
          </span>
          <span className="text-[13px] tracking-wide">Click to start the stream</span>
        </button>
      );
    case 'failed':
      return (
        <div className={veil} role="alert">
          <TriangleAlert className="size-6 text-white/70" aria-hidden />
          <p className="max-w-sm text-[13px]">{status.reason}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      );
    case 'ended':
      // Opaque: nothing of the engine's last picture stays on show once it is no longer this user's.
      return (
        <div className={`${veil} bg-neutral-950`} role="alert" data-testid="stream-ended">
          <CirclePause className="size-6 text-white/60" aria-hidden />
          <p className="text-[13px] font-medium">{status.reason}</p>
          <p className="max-w-sm text-[12px] text-white/60">{newSession.hint}</p>
          {onNewSession && (
            <Button variant="secondary" size="sm" onClick={onNewSession}>
              {newSession.label}
            </Button>
          )}
        </div>
      );
  }
}

/** One quiet line at the foot of the still: the car is already on screen, the live stream is on its way. */
function PictureNote({ text }: { text: string }) {
  return (
    <div
      className="pointer-events-none absolute inset-x-0 bottom-4 z-10 flex justify-center"
      role="status"
      aria-live="polite"
    >
      <p className="flex items-center gap-2 rounded-full border border-white/10 bg-black/55 px-3 py-1.5 text-[12px] tracking-wide text-white/85 backdrop-blur-md">
        <Spinner className="size-3.5 text-white/70" label="" />
        {text}
      </p>
    </div>
  );
}
