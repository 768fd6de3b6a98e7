import { describe, expect, it } from 'vitest';
import { SOCKET } from '@autostudio/protocol';
import { StreamReconnectPolicy } from './stream-reconnect';

describe('the stream reconnect policy (spec §9 socket defaults)', () => {
  it('waits 1000 ms times the attempt number, 5 attempts, then gives up', () => {
    const policy = new StreamReconnectPolicy();
    const waits = Array.from({ length: SOCKET.reconnectAttempts + 1 }, () => policy.next());
    expect(waits).toEqual([1000, 2000, 3000, 4000, 5000, null]);
    expect(policy.attempts).toBe(5);
  });

  it('starts counting again once the stream plays', () => {
    const policy = new StreamReconnectPolicy();
    policy.next();
    policy.next();
    policy.reset();
    expect(policy.next()).toBe(1000);
  });

  it('never reconnects when reconnection is off', () => {
    expect(new StreamReconnectPolicy({ ...SOCKET, reconnection: false }).next()).toBeNull();
  });
});
