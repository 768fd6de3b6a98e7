import { describe, expect, it } from 'vitest';
import { IDLE_MESSAGES, SIGNALLING_CLOSE, STATE_MESSAGES } from '@autostudio/protocol';
import { shownStatus } from './stream-status';

const streamEnded = { kind: 'ended', reason: SIGNALLING_CLOSE.sessionEnded.reason } as const;

describe('what the viewport shows when the session ends', () => {
  it('is the stream while the session is fine', () => {
    expect(shownStatus({ kind: 'live' }, null)).toEqual({ kind: 'live' });
  });

  it('ends a live stream whose session failed, with the session’s reason', () => {
    expect(shownStatus({ kind: 'live' }, 'The engine stopped answering')).toEqual({
      kind: 'ended',
      reason: 'The engine stopped answering',
    });
  });

  it('keeps the stream’s own words over a bare expiry', () => {
    expect(shownStatus(streamEnded, STATE_MESSAGES.sessionExpired)).toEqual(streamEnded);
  });

  it('says the engine was released for idleness, though the stream ended too', () => {
    const reason = IDLE_MESSAGES.released(300_000);
    expect(shownStatus(streamEnded, reason)).toEqual({ kind: 'ended', reason });
  });
});
