import { SOCKET } from '@autostudio/protocol';

/**
 * Spec §9 "Socket defaults" for the player's signalling socket: reconnection on, attempt n after n × 1000 ms, at
 * most 5 attempts. Epic's frontend waits a fixed 2000 ms between its own attempts, so the player turns those off
 * (MaxReconnectAttempts 0) and follows this instead. A stream that plays starts the count again.
 */
export interface ReconnectSettings {
  reconnection: boolean;
  reconnectDelayMs: number;
  reconnectAttempts: number;
}

export class StreamReconnectPolicy {
  private attempt = 0;

  constructor(private readonly settings: ReconnectSettings = SOCKET) {}

  /** The wait before the next attempt, counting it; null when reconnection is off or the attempts are spent. */
  next(): number | null {
    if (!this.settings.reconnection || this.attempt >= this.settings.reconnectAttempts) return null;
    this.attempt += 1;
    return this.settings.reconnectDelayMs * this.attempt;
  }

  /** Attempts made since the stream last played. */
  get attempts(): number {
    return this.attempt;
  }

  reset(): void {
    this.attempt = 0;
  }
}
