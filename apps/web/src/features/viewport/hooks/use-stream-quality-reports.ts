import { useEffect, type RefObject } from 'react';
import { STREAM_QUALITY_REPORT_MS } from '@autostudio/protocol';
import { reportStreamQuality } from '@/api/sessions';
import { streamQuality, type StreamSnapshot } from '../lib/stream-quality';

/**
 * While the stream plays, every STREAM_QUALITY_REPORT_MS: what the player received over the span (frames per second,
 * round trip, jitter, loss, bitrate, decode time, size, codec) goes to the server with the session, which keeps the
 * latest for its metrics and the system page. A report that cannot be sent is dropped: the next one says the same.
 */
export function useStreamQualityReports(
  sessionId: string,
  statsRef: RefObject<StreamSnapshot | null>,
  playing: boolean,
): void {
  useEffect(() => {
    if (!playing) return;
    let before: StreamSnapshot | null = null;
    const timer = window.setInterval(() => {
      const now = statsRef.current;
      // No statistics since the last report: the player has nothing new to say.
      if (!now || now === before) return;
      const quality = streamQuality(before, now, null);
      before = now;
      reportStreamQuality({ sessionId, ...quality }).catch((error: unknown) => {
        console.warn('stream quality report failed', error);
      });
    }, STREAM_QUALITY_REPORT_MS);
    return () => window.clearInterval(timer);
  }, [sessionId, statsRef, playing]);
}
