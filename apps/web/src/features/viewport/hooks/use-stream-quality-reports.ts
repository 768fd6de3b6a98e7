import { useEffect, type RefObject } from 'react';
import { STREAM_QUALITY_REPORT_MS } from '@autostudio/protocol';
import { reportStreamQuality } from '@/api/sessions';
import type { PlayerStats, StreamSnapshot } from '../lib/stream-quality';

/**
 * While the stream plays, every STREAM_QUALITY_REPORT_MS: what the player received over the span (frames per second,
 * round trip, jitter, loss, bitrate, decode time, size, codec) and the control-to-photon time of the last control
 * (`controlToPhotonRef`, useControlToPhoton) go to the server with the session, which keeps the latest for its
 * metrics and the system page. A report that cannot be sent is dropped: the next one says the same.
 * The arithmetic loads with the first report, after the studio's first paint (the /home budget).
 */
export function useStreamQualityReports(
  sessionId: string,
  statsRef: RefObject<PlayerStats | null>,
  playing: boolean,
  controlToPhotonRef: RefObject<number | null>,
): void {
  useEffect(() => {
    if (!playing) return;
    let before: StreamSnapshot | null = null;
    const timer = window.setInterval(() => {
      const stats = statsRef.current;
      if (!stats) return;
      void import('../lib/stream-quality')
        .then(({ snapshotOf, streamQuality }) => {
          const now = snapshotOf(stats, Date.now());
          // No statistics since the last report: the player has nothing new to say.
          if (before && now.at === before.at) return;
          const quality = streamQuality(before, now, controlToPhotonRef.current);
          before = now;
          return reportStreamQuality({ sessionId, ...quality });
        })
        .catch((error: unknown) => {
          console.warn('stream quality report failed', error);
        });
    }, STREAM_QUALITY_REPORT_MS);
    return () => window.clearInterval(timer);
  }, [sessionId, statsRef, playing, controlToPhotonRef]);
}
