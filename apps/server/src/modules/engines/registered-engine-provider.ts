import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ENGINE_REGISTRATION_MESSAGES,
  type EngineRegistration,
  type EngineRegistrationResponse,
} from '@autostudio/protocol';
import { conflict } from '../../http/errors.js';
import { resetEngineScene } from './engine-control.js';
import { engineAnswers, type EngineInstance, type EngineProvider } from './engine-pool.js';

interface RegisteredEngine extends EngineInstance {
  /** Epoch milliseconds of the last registration or heartbeat. */
  lastSeen: number;
}

export interface RegisteredEngineProviderOptions {
  /** The shared key engines register with; the server also presents it to their control routes. */
  key: string;
  /** Seconds without a heartbeat after which an engine leaves the pool. */
  timeoutSeconds: number;
  log: FastifyBaseLogger;
  /** Told when an engine leaves the pool, so a session on it turns to Error. */
  onEngineDied?: (engineId: string, reason: string) => void;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Engines that announce themselves (ENGINE_PROVIDER=register): Unreal or reference engines on any host register
 * their Remote Control address and streamer id with the shared key, then send heartbeats. One that falls silent
 * leaves the pool. The list lives in this server's memory, so an engine registers with every server copy.
 */
export class RegisteredEngineProvider implements EngineProvider {
  readonly kind = 'register';
  private readonly registered = new Map<string, RegisteredEngine>();
  private readonly keyDigest: Buffer;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: RegisteredEngineProviderOptions) {
    this.keyDigest = digest(options.key);
    // Checked a few times per timeout, so an engine is gone at most a third of the timeout late.
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, (options.timeoutSeconds * 1000) / 3));
    this.sweeper.unref();
  }

  /** Compares digests of equal length in constant time, so the answer's timing says nothing about the key. */
  keyMatches(given: string | undefined): boolean {
    return given !== undefined && timingSafeEqual(digest(given), this.keyDigest);
  }

  /** Adds an engine, or refreshes it when the same engine registers again (after a restart of either side). */
  register(registration: EngineRegistration, now = Date.now()): EngineRegistrationResponse {
    const id = registration.streamerId;
    const existing = this.registered.get(id);
    if (existing && existing.instanceId !== registration.instanceId) {
      throw conflict(ENGINE_REGISTRATION_MESSAGES.streamerTaken(id));
    }
    const upSince = existing?.upSince ?? new Date(now).toISOString();
    this.registered.set(id, { id, ...registration, lastSeen: now, upSince });
    if (!existing) this.options.log.info({ engineId: id, instanceId: registration.instanceId }, 'engine registered');
    return {
      engineId: id,
      heartbeatSeconds: Math.max(1, Math.floor(this.options.timeoutSeconds / 3)),
      expiresInSeconds: this.options.timeoutSeconds,
    };
  }

  /** False for an engine this server does not know (never registered, or expired): it must register again. */
  heartbeat(engineId: string, now = Date.now()): boolean {
    const engine = this.registered.get(engineId);
    if (!engine) return false;
    engine.lastSeen = now;
    return true;
  }

  /** An engine shutting down leaves at once rather than after the timeout. */
  deregister(engineId: string): boolean {
    return this.remove(engineId, 'the engine left the pool');
  }

  /**
   * A streamer's socket closing is the first sign of an engine that crashed or lost its host: heartbeats would take
   * the whole timeout to say so. An engine that still answers keeps its place (its streamer reconnects); one that
   * does not leaves the pool now, and its session turns to Error while its user still looks at the lost picture.
   */
  streamerLeft(streamerId: string): void {
    // Registered under its streamer id (register).
    const engine = this.registered.get(streamerId);
    if (!engine) return;
    void engineAnswers(engine.instanceId).then((answers) => {
      // A restarted engine that registered again meanwhile is a new one, and stays.
      if (!answers && this.registered.get(engine.id) === engine) {
        this.remove(engine.id, 'the engine stopped answering when its stream closed');
      }
    });
  }

  /** Takes out engines whose heartbeats stopped; runs on a timer, tests call it with a clock of their own. */
  sweep(now = Date.now()): string[] {
    const cutoff = now - this.options.timeoutSeconds * 1000;
    const expired = [...this.registered.values()].filter((engine) => engine.lastSeen < cutoff).map(({ id }) => id);
    for (const id of expired) this.remove(id, 'the engine stopped sending heartbeats');
    return expired;
  }

  engines(): EngineInstance[] {
    return [...this.registered.values()].map(({ id, instanceId, streamerId, upSince }) => ({
      id,
      instanceId,
      streamerId,
      upSince,
    }));
  }

  capacity(): number {
    return this.registered.size;
  }

  grow(): Promise<EngineInstance | null> {
    // Registered engines come on their own; the server cannot start one.
    return Promise.resolve(null);
  }

  async reset(engine: EngineInstance): Promise<void> {
    const outcome = await resetEngineScene(engine.instanceId, this.options.key);
    if (outcome === 'unsupported') {
      this.options.log.debug(
        { engineId: engine.id },
        'engine has no reset route; the next product load replaces the car',
      );
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.registered.clear();
  }

  private remove(engineId: string, reason: string): boolean {
    if (!this.registered.delete(engineId)) return false;
    this.options.log.warn({ engineId, reason }, 'registered engine left the pool');
    this.options.onEngineDied?.(engineId, reason);
    return true;
  }
}
