import { POLLING } from '@autostudio/protocol';
import type { RemoteApi } from '@/lib/remote-control/remote-api';

export interface PlaybackStatus {
  Playing: boolean;
  /** Seconds into the current sequence, where the engine tells it. */
  Time?: number;
}

/**
 * Spec §4: while a sequence plays, the engine is asked every 100 ms whether it still plays and where it is. One call
 * is in flight at a time (a slow engine is not queued up), and the engine saying it stopped ends the polling.
 */
export class PlaybackPoller {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly onStatus: (status: PlaybackStatus) => void) {}

  start(api: RemoteApi): void {
    this.stop();
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      api
        .call('GetAnimationPlayingStatus')
        .then(
          (status) => {
            this.onStatus(status);
            if (!status.Playing) this.stop();
          },
          (error: unknown) => console.warn('GetAnimationPlayingStatus failed', error),
        )
        .finally(() => (busy = false));
    }, POLLING.sequencePlaybackMs);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
