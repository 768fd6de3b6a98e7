import { useRef } from 'react';
import type { SessionDetails } from '@autostudio/protocol';
import { cn } from '@/lib/cn';
import { useFirstPictureStore } from '@/lib/first-picture';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import { useControlToPhoton, type ControlSource } from '../hooks/use-control-to-photon';
import { usePixelStreaming } from '../hooks/use-pixel-streaming';
import { useStreamQualityReports } from '../hooks/use-stream-quality-reports';
import { useViewportPointer } from '../hooks/use-viewport-pointer';
import { shownStatus } from '../lib/stream-status';
import { FirstPicture } from './first-picture';
import { StreamOverlay } from './stream-overlay';

/**
 * The engine's picture for the /home shell.
 * - `session`: the allocated session; its `instanceUrl` (the signalling URL with the streamerId) is played. A new
 *   instanceUrl reconnects; the same one never does, whatever else re-renders.
 * - `getAccessToken`: the current access token, read at every (re)connection; the signalling server admits a
 *   player by it (`&token=`).
 * - `remoteApi`: the engine's remote API for camera drags and the wheel (spec §4); null shows the stream alone.
 * - `controls`: the remote-control client whose confirmed controls are timed to the picture (control-to-photon).
 * - `onSessionEnded`: told when the signalling server ends the stream because the session ended; the viewport
 *   then shows the ended state (and `onNewSession`, when given, as its action) instead of a frozen picture.
 * - `sessionError`: the session failed (status Error) with this message: the ended state shows it, with the action.
 *
 * It fills its parent. For tests it exposes `data-stream-state` and the frames received and decoded.
 */
export interface StreamViewportProps {
  session: SessionDetails;
  getAccessToken: () => string | null;
  remoteApi?: RemoteApi | null;
  controls?: ControlSource | null;
  onSessionEnded?: () => void;
  onNewSession?: () => void;
  sessionError?: string | null;
  /** The ended state's action when it does more than start a session with the same car (resume where one was). */
  newSession?: { label: string; hint: string } | undefined;
  className?: string;
}

export function StreamViewport({
  session,
  getAccessToken,
  remoteApi = null,
  controls = null,
  onSessionEnded,
  onNewSession,
  sessionError = null,
  newSession,
  className,
}: StreamViewportProps) {
  const player = useRef<HTMLDivElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const { status, frames, play, reconnect, statsRef } = usePixelStreaming(player, {
    instanceUrl: session.instanceUrl,
    getAccessToken,
    onSessionEnded,
  });
  const controlToPhotonRef = useControlToPhoton(player, controls);
  useStreamQualityReports(session.sessionId, statsRef, status.kind === 'live', controlToPhotonRef);
  const pointer = useViewportPointer(surface, { remoteApi });
  const shown = shownStatus(status, sessionError);
  const picture = useFirstPictureStore((state) => state.url);
  const holding = useFirstPictureStore((state) => state.holding);
  // An ended session shows nothing of the car: the picture is for a stream on its way, not one that is gone.
  const pictureShown = picture !== null && shown.kind !== 'ended' && (shown.kind !== 'live' || holding);

  return (
    <div
      data-testid="viewport"
      data-stream-state={status.kind}
      data-session-error={sessionError ? 'true' : undefined}
      data-frames-received={frames.received}
      data-frames-decoded={frames.decoded}
      data-first-picture={pictureShown ? 'shown' : 'hidden'}
      className={cn('relative h-full w-full overflow-hidden bg-neutral-950', className)}
    >
      {/* Epic's library owns this element's children (its <video>); React never renders into it. */}
      <div ref={player} className="absolute inset-0" />
      <div
        ref={surface}
        className={cn('absolute inset-0 touch-none select-none', remoteApi && 'cursor-grab active:cursor-grabbing')}
        {...pointer}
      />
      <FirstPicture url={picture} visible={pictureShown} />
      <StreamOverlay
        status={shown}
        overPicture={pictureShown}
        onPlay={play}
        onRetry={reconnect}
        onNewSession={onNewSession}
        newSession={newSession}
      />
    </div>
  );
}
