import { CirclePause, Play, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { StreamStatus } from '../lib/stream-status';

interface StreamOverlayProps {
  status: StreamStatus;
  onPlay: () => void;
  onRetry: () => void;
  /** Offered once the session has ended; without it the ended state shows no action. */
  onNewSession?: (() => void) | undefined;
}

const veil =
  'absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-black/70 text-center text-white/85';

/** What covers the video until it is live: calm, dark, one line of text and at most one action. */
export function StreamOverlay({ status, onPlay, onRetry, onNewSession }: StreamOverlayProps) {
  switch (status.kind) {
    case 'live':
      return null;
    case 'connecting':
    case 'reconnecting':
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
          <p className="max-w-sm text-[12px] text-white/60">
            This engine is no longer yours. Start a new session to continue with the same car.
          </p>
          {onNewSession && (
            <Button variant="secondary" size="sm" onClick={onNewSession}>
              Start a new session
            </Button>
          )}
        </div>
      );
  }
}
