import { resetEngineScene } from './engine-control.js';

/** One engine the allocator can lend: Unreal or the reference engine, reached the same way. */
export interface EngineInstance {
  /** Stable id of the engine in the pool. */
  id: string;
  /** host:port of its Remote Control API (the spec's instanceId). */
  instanceId: string;
  /** Its name on the signalling server. */
  streamerId: string;
  /** Since when this server copy has known it running (ISO); absent for a configured list, which it cannot tell. */
  upSince?: string;
}

/**
 * Where engines come from. Which engine is lent to whom lives in the database (engine_sessions), so any server
 * copy can allocate; a provider only knows which engines exist and whether they answer.
 */
export interface EngineProvider {
  readonly kind: 'local' | 'static' | 'register';
  /** Engines that exist now, whether lent or free. */
  engines(): EngineInstance[];
  /** Most engines this provider can run at once. */
  capacity(): number;
  /** Engines being started now and not yet listed by engines(); none unless the provider starts them. */
  starting?(): number;
  /** Makes one more engine available if the provider can (local: start a process); null when it cannot. */
  grow(): Promise<EngineInstance | null>;
  /** Starts idle engines in the background until `free` reaches the configured number of warm spares. */
  warmUp?(free: number): void;
  /** Puts an engine back to its default scene before anyone else gets it. */
  reset(engine: EngineInstance): Promise<void>;
  /**
   * A streamer's signalling socket closed on this server copy. A provider that cannot watch its engines' processes
   * asks the engine whether it still answers, rather than waiting out the heartbeats of a dead one.
   */
  streamerLeft?(streamerId: string): void;
  close(): Promise<void>;
}

/** Whether an engine answers its Remote Control API. */
export async function engineAnswers(instanceId: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const response = await fetch(`http://${instanceId}/remote/info`, { signal: AbortSignal.timeout(timeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}

/** A configured list of engines, e.g. Unreal instances on GPU hosts (ENGINE_PROVIDER=static, ENGINE_INSTANCES). */
export class StaticEngineProvider implements EngineProvider {
  readonly kind = 'static';
  private readonly list: EngineInstance[];

  constructor(
    instances: { instanceId: string; streamerId: string }[],
    /** The control key of reference engines in the list, if they were started with one. */
    private readonly controlKey?: string,
  ) {
    this.list = instances.map((instance) => ({ id: instance.streamerId, ...instance }));
  }

  engines(): EngineInstance[] {
    return this.list;
  }

  capacity(): number {
    return this.list.length;
  }

  grow(): Promise<EngineInstance | null> {
    return Promise.resolve(null);
  }

  /**
   * A reference engine in the list goes back to its default scene. Unreal has no reset route (it answers 404): its
   * scene is put right by the next user's product load, which replaces the car, so nothing more is done.
   */
  async reset(engine: EngineInstance): Promise<void> {
    await resetEngineScene(engine.instanceId, this.controlKey);
  }

  async close(): Promise<void> {}
}
