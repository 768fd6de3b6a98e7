import type { BaseMessage } from '@epicgames-ps/lib-pixelstreamingcommon-ue5.5';
import type { Revocation } from '../auth/token-revocation.js';

/** To a streamer: an Epic message from one of its players (playerConnected, answer, iceCandidate…). */
export interface ToStreamer {
  playerId: string;
  message: BaseMessage;
}

/** To a player: an Epic message from the streamer it watches, or the order to close its socket. */
export interface ToPlayer {
  streamerId: string;
  message?: BaseMessage;
  close?: { code: number; reason: string };
}

/** What one server copy tells the others: a session or a sign-in ended there, so their players of it must go. */
export type CopiesNotice = { sessionEnded: string } | { revoked: Revocation };

/**
 * How the signalling server reaches streamers and players, whichever server copy holds their sockets. One process
 * needs nothing more than its own memory (InMemorySignallingBus); several copies behind a load balancer share one
 * through Redis (RedisSignallingBus), since a player's socket may land on another copy than its engine's.
 */
export interface SignallingBus {
  /** Takes a streamer id for a streamer connected here; false when a streamer elsewhere holds it. */
  claimStreamer(streamerId: string): Promise<boolean>;
  releaseStreamer(streamerId: string): Promise<void>;
  /** Whether a streamer with this id is connected to any copy. */
  streamerOnline(streamerId: string): Promise<boolean>;
  /** Hears what is sent to the streamer connected here; resolves once messages can arrive, with a way to stop. */
  listenStreamer(streamerId: string, deliver: (message: ToStreamer) => void): Promise<() => void>;
  listenPlayer(playerId: string, deliver: (message: ToPlayer) => void): Promise<() => void>;
  toStreamer(streamerId: string, message: ToStreamer): void;
  toPlayer(playerId: string, message: ToPlayer): void;
  /** Tells the other copies (this one has acted already). */
  notify(notice: CopiesNotice): void;
  /** Hears what the other copies tell. */
  onNotice(listener: (notice: CopiesNotice) => void): void;
  /** Resolves once the bus answers (Redis a PING); readiness asks it. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One server process: streamers and players meet in its memory, and there are no other copies to tell. */
export class InMemorySignallingBus implements SignallingBus {
  private readonly claimed = new Set<string>();
  private readonly streamers = new Map<string, (message: ToStreamer) => void>();
  private readonly players = new Map<string, (message: ToPlayer) => void>();

  claimStreamer(streamerId: string): Promise<boolean> {
    if (this.claimed.has(streamerId)) return Promise.resolve(false);
    this.claimed.add(streamerId);
    return Promise.resolve(true);
  }

  releaseStreamer(streamerId: string): Promise<void> {
    this.claimed.delete(streamerId);
    return Promise.resolve();
  }

  streamerOnline(streamerId: string): Promise<boolean> {
    return Promise.resolve(this.claimed.has(streamerId));
  }

  listenStreamer(streamerId: string, deliver: (message: ToStreamer) => void): Promise<() => void> {
    return Promise.resolve(listen(this.streamers, streamerId, deliver));
  }

  listenPlayer(playerId: string, deliver: (message: ToPlayer) => void): Promise<() => void> {
    return Promise.resolve(listen(this.players, playerId, deliver));
  }

  // Delivered at once, as before there was a bus: a player dismissed now is gone from the streamer now.
  toStreamer(streamerId: string, message: ToStreamer): void {
    this.streamers.get(streamerId)?.(message);
  }

  toPlayer(playerId: string, message: ToPlayer): void {
    this.players.get(playerId)?.(message);
  }

  notify(): void {}

  onNotice(): void {}

  ping(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Adds a listener under an id and returns how to remove it (only it: a newer listener under the id stays). */
export function listen<T>(listeners: Map<string, T>, id: string, deliver: T): () => void {
  listeners.set(id, deliver);
  return () => {
    if (listeners.get(id) === deliver) listeners.delete(id);
  };
}
