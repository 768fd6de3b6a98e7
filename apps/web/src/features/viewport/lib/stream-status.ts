import { SOCKET_MESSAGES, STATE_MESSAGES } from '@autostudio/protocol';

/** What the viewport shows over (or instead of) the video. */
export type StreamStatus =
  | { kind: 'connecting' }
  | { kind: 'live' }
  /** The browser refused to start the video without a gesture: a click starts it. */
  | { kind: 'click-to-play' }
  | { kind: 'reconnecting' }
  | { kind: 'failed'; reason: string }
  /** The engine session behind the stream ended: the picture is gone for good, a new session is needed. */
  | { kind: 'ended'; reason: string };

/** Frames received so far and the current rate, from the player's 1 Hz stats. */
export interface StreamFrames {
  received: number;
  decoded: number;
  perSecond: number;
}

/** "Connection failed" with the reason when there is one (spec §8 socket messages). */
export function connectionFailed(reason?: string): StreamStatus {
  const trimmed = reason?.trim();
  return {
    kind: 'failed',
    reason: trimmed ? SOCKET_MESSAGES.connectionFailedWith(trimmed) : SOCKET_MESSAGES.connectionFailed,
  };
}

/**
 * What the viewport shows: the stream's own state, unless the session behind it failed (the engine died, its
 * heartbeat was refused, it was released for idleness), which the stream may not know yet; then the ended state,
 * with the session's reason. A stream that ended says why in its own words, which tell more than a bare expiry.
 */
export function shownStatus(stream: StreamStatus, sessionError: string | null | undefined): StreamStatus {
  if (!sessionError) return stream;
  if (stream.kind === 'ended' && sessionError === STATE_MESSAGES.sessionExpired) return stream;
  return { kind: 'ended', reason: sessionError };
}
