import type { SceneState } from '../../contract/scene-state.js';
import type { SceneDrawer } from '../drawing/scene-drawer.js';
import type { RefinementScheduler, RefinementStep } from '../pipeline/refinement-scheduler.js';
import type { Viewport } from './viewport.js';

/** Samples averaged when idle: Render Preview refines a little, Render MQ to full quality. */
export const REFINE_SAMPLES = { preview: 8, mq: 32 } as const;
/** Path-traced samples when idle with `switchToPathTraceOnIdle`: noise needs more of them than anti-aliasing. */
export const PATH_TRACE_SAMPLES = { preview: 32, mq: 256 } as const;
/** Tiles per side while path tracing the viewport: a call waits for one tile, not for a whole sample. */
const VIEWPORT_TILES = 3;

/**
 * What refines the viewport while idle, step by step (the scheduler runs the steps): more full-size raster samples,
 * or, where the state and the host allow it, the path tracer's average once its first sample is in.
 */
export class IdleRefinement {
  /** Whether the viewport refines while idle at all (see PageOptions). */
  enabled = true;
  /** Whether idle refinement may path trace (configure decides it from the --path-tracing mode and the host). */
  pathTracing = false;
  /** While a stream player is being connected, refinement waits (see StreamerOptions.onNegotiating). */
  private held = false;
  /** The generation the tracer was last pointed at (-1: none), and how many of its samples are on show. */
  private tracedGeneration = -1;
  private tracedShown = 0;

  constructor(
    private readonly drawer: SceneDrawer,
    private readonly viewport: Viewport,
    private readonly scheduler: RefinementScheduler,
  ) {}

  /**
   * Compiles the path tracer's shader now, before the engine reports ready, where idle refinement will path trace:
   * the compile happens on the first draw and holds the GPU (on a CPU host for about a minute), which must not fall
   * on a user's first call.
   */
  async warmUp(state: SceneState): Promise<void> {
    const { tracer } = this.drawer;
    await tracer.load();
    this.drawer.pointTracer(state, { width: 16, height: 16 }, 1);
    await tracer.render(1);
    this.drawer.waitForFrame();
    this.tracerTaken();
  }

  /** The tracer was pointed elsewhere (a still's size and camera): the viewport's refinement points it again. */
  tracerTaken(): void {
    this.tracedGeneration = -1;
  }

  /** Holds refinement back while a stream player is being connected, and lets it go on afterwards. */
  hold(active: boolean): void {
    this.held = active;
    if (active) this.scheduler.stop();
    else if (this.scheduler.idle) this.scheduler.resume();
  }

  /** The next step of idle refinement for the state on show, or null when it is done or must wait. */
  next(): RefinementStep | null {
    const state = this.viewport.state;
    if (!state || !this.enabled || this.held || this.drawer.stillRendering) return null;
    if (this.pathTracesIdle(state)) {
      const generation = this.scheduler.generation;
      if (this.tracedGeneration === generation && this.tracedShown >= PATH_TRACE_SAMPLES[state.render.quality])
        return null;
      // While the shader compiles and the raster picture is done, look again now and then rather than spin.
      const { tracer } = this.drawer;
      const waiting = tracer.loaded && tracer.compiling && this.rasterSettled(state);
      return { delayMs: waiting ? 50 : 0, run: () => this.tracedStep(state, generation) };
    }
    if (this.rasterSettled(state)) return null;
    return { delayMs: 0, run: () => this.rasterStep(state) };
  }

  /** Whether idle refinement of the state on show has finished (its quick frame aside). */
  settled(state: SceneState): boolean {
    if (!this.enabled) return true;
    if (!this.pathTracesIdle(state)) return this.rasterSettled(state);
    return (
      this.tracedGeneration === this.scheduler.generation &&
      this.tracedShown >= PATH_TRACE_SAMPLES[state.render.quality]
    );
  }

  /** Whether idle refinement path traces this state (see PathTracingMode). */
  private pathTracesIdle(state: SceneState): boolean {
    return this.pathTracing && state.render.pathTraceOnIdle && this.drawer.stage.pathTraceable;
  }

  private rasterSettled(state: SceneState): boolean {
    const { pipeline } = this.drawer;
    const { width, height } = state.viewport;
    const fullSize = pipeline.size.width === width && pipeline.size.height === height;
    return fullSize && pipeline.samples >= REFINE_SAMPLES[state.render.quality];
  }

  /** One more full-size raster sample; the quick frame stays on show until the first one replaces it. */
  private rasterStep(state: SceneState): void {
    const { pipeline } = this.drawer;
    const { width, height } = state.viewport;
    if (pipeline.size.width !== width || pipeline.size.height !== height) pipeline.restart(width, height);
    this.viewport.drawSample(state, false);
  }

  /**
   * Idle refinement by path tracing, one tile per step. Until the tracer's shader is compiled and its first whole
   * sample is in, the raster picture refines as usual; from then on the tracer's average is on show.
   */
  private tracedStep(state: SceneState, generation: number): Promise<void> | undefined {
    const { tracer } = this.drawer;
    if (!tracer.loaded) {
      return tracer.load().catch((error: unknown) => {
        throw new Error(`The path tracer did not load: ${String(error)}`);
      });
    }
    if (this.tracedGeneration !== generation) {
      this.drawer.pointTracer(state, state.viewport, VIEWPORT_TILES);
      this.tracedGeneration = generation;
      this.tracedShown = 0;
    }
    tracer.sample();
    if (tracer.samples > this.tracedShown) {
      this.tracedShown = tracer.samples;
      this.viewport.showTraced(state, this.tracedShown);
    } else if (this.tracedShown === 0 && !this.rasterSettled(state)) this.rasterStep(state);
    return undefined;
  }
}
