import type { FastifyBaseLogger } from 'fastify';
import { engineAnswers, type EngineInstance, type EngineProvider } from '../engines/engine-pool.js';
import { EngineRemote } from './engine-remote.js';

/** An engine lent to one render job; give it back with `release()`, which resets it for the next job. */
export interface RenderEngineLease {
  engine: EngineInstance;
  remote: EngineRemote;
  release(): Promise<void>;
}

/**
 * The engines that render, apart from the interactive ones users stream: their own provider (reference engines this
 * process starts without a stream, or configured render hosts), so a render never lands on a user's engine and a
 * user never gets an engine in the middle of a render. A job borrows one, waiting while all are lent, and gives it
 * back reset.
 */
export class RenderEnginePool {
  private readonly lent = new Set<string>();
  /**
   * Engines this pool started or reset itself. Any other (a render host this process has not used yet) may be as a
   * worker that died left it, in the middle of a job that the engine goes on rendering: it is reset before its first
   * job here, or it would refuse that job (an engine renders one job at a time).
   */
  private readonly clean = new Set<string>();
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly provider: EngineProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  get size(): number {
    return this.provider.capacity();
  }

  async borrow(signal: AbortSignal): Promise<RenderEngineLease> {
    for (;;) {
      signal.throwIfAborted();
      const engine = await this.take();
      if (engine) {
        if (!this.clean.has(engine.id)) await this.reset(engine);
        this.clean.delete(engine.id);
        return this.lease(engine);
      }
      await this.nextRelease(signal);
    }
  }

  close(): Promise<void> {
    return this.provider.close();
  }

  /** A free engine that answers, or a new one if the provider can start one; null when all are lent. */
  private async take(): Promise<EngineInstance | null> {
    for (const engine of this.provider.engines()) {
      if (this.lent.has(engine.id)) continue;
      this.lent.add(engine.id);
      if (await engineAnswers(engine.instanceId)) return engine;
      this.lent.delete(engine.id);
    }
    if (this.lent.size >= this.provider.capacity()) return null;
    const grown = await this.provider.grow();
    if (grown) {
      this.lent.add(grown.id);
      this.clean.add(grown.id);
    }
    return grown;
  }

  private lease(engine: EngineInstance): RenderEngineLease {
    let released = false;
    return {
      engine,
      remote: new EngineRemote(engine.instanceId),
      release: async () => {
        if (released) return;
        released = true;
        try {
          await this.reset(engine);
        } finally {
          this.lent.delete(engine.id);
          for (const wake of this.waiting) wake();
        }
      },
    };
  }

  /** Resets an engine for its next job; one that cannot be reset is lent as it is, and the job finds out. */
  private async reset(engine: EngineInstance): Promise<void> {
    try {
      await this.provider.reset(engine);
      this.clean.add(engine.id);
    } catch (error) {
      this.log.warn({ err: error, engineId: engine.id }, 'render engine could not be reset');
    }
  }

  private nextRelease(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = () => {
        this.waiting.delete(done);
        signal.removeEventListener('abort', aborted);
        resolve();
      };
      const aborted = () => {
        this.waiting.delete(done);
        reject(signal.reason as Error);
      };
      this.waiting.add(done);
      signal.addEventListener('abort', aborted, { once: true });
      // An engine may also come back by itself (a registered one): look again now and then.
      setTimeout(done, 5000).unref();
    });
  }
}
