import type {
  EngineArgsOf,
  EngineFunctionName,
  EngineHandlers,
  EnginePropertyName,
  EnginePropertyValue,
} from '@autostudio/protocol';
import type { Renderer } from '../contract/renderer.js';
import type { PathTracingMode } from '../contract/render-contract.js';
import type { SceneState } from '../contract/scene-state.js';
import { ApplyConfig } from './apply-config.js';
import { Backdrop } from './backdrop.js';
import { Camera } from './camera.js';
import { Car } from './car.js';
import type { FetchPolicy } from './engine-fetch.js';
import { ImageImports } from './image-import.js';
import { initialSceneState } from './initial-state.js';
import { Lights, type LightBookkeeping } from './lights.js';
import { ModelDownloader } from './model-download.js';
import { PostProcess } from './post-process.js';
import { readProperty, writeProperty } from './properties.js';
import { RenderJobs } from './render-jobs.js';
import { builtInParts, type SceneCore } from './scene-core.js';
import { Sequences } from './sequences.js';

export interface SceneOptions {
  renderer: Renderer;
  /** `off` refuses path-traced stills; `auto` and `on` are the renderer's business (see PathTracingMode). */
  pathTracing?: PathTracingMode;
  /** The engine's folder: downloaded models, renders. */
  dataDir: string;
  viewport: { width: number; height: number };
  /** What Download File and the image imports may fetch; nothing when absent. */
  fetchPolicy?: FetchPolicy | undefined;
}

/** What a refused configuration or a picture the page could not draw puts back. */
interface Snapshot {
  state: SceneState;
  viewMode: SceneCore['viewMode'];
  lights: LightBookkeeping;
}

/**
 * The scene: its state, and every catalogue function and property as an operation on it, by domain (car.ts,
 * backdrop.ts, camera.ts, lights.ts, sequences.ts, post-process.ts, apply-config.ts, properties.ts, render-jobs.ts). Each call that
 * changes the state hands the new state to the renderer, all or nothing; reads never do.
 */
export class Scene {
  readonly downloader: ModelDownloader;
  private readonly core: SceneCore;
  private readonly lights: Lights;
  private readonly sequences: Sequences;
  private readonly renderJobs: RenderJobs;
  private readonly handlers: EngineHandlers;

  constructor(private readonly options: SceneOptions) {
    this.downloader = new ModelDownloader(options.dataDir, options.fetchPolicy);
    this.core = {
      state: initialSceneState(options.viewport),
      parts: builtInParts(),
      viewMode: 'editor',
      renderer: options.renderer,
      dataDir: options.dataDir,
      pathTracing: options.pathTracing,
      images: new ImageImports(options.dataDir, options.fetchPolicy, options.renderer.decodes?.bind(options.renderer)),
    };
    const car = new Car(this.core, this.downloader);
    const camera = new Camera(this.core);
    const backdrop = new Backdrop(this.core);
    const postProcess = new PostProcess(this.core);
    this.lights = new Lights(this.core);
    this.sequences = new Sequences(this.core);
    this.renderJobs = new RenderJobs(this.core, car);
    const config = new ApplyConfig(this.core, { car, camera, backdrop, postProcess, lights: this.lights }, (work) =>
      this.allOrNothing(work),
    );
    // One handler per catalogue function, each domain's typed by its section of the catalogue: a function without
    // a handler, or a handler taking other parameters than the catalogue's, does not compile.
    this.handlers = {
      ...car.handlers,
      ...camera.handlers,
      ...backdrop.handlers,
      ...config.handlers,
      ...this.sequences.handlers,
      ...postProcess.handlers,
      ...this.lights.handlers,
      ...this.renderJobs.handlers,
    };
  }

  get state(): SceneState {
    return this.core.state;
  }

  get viewMode(): SceneCore['viewMode'] {
    return this.core.viewMode;
  }

  /**
   * A stream player asked for frames of its viewport's size. The engine keeps the player's proportions but never
   * draws more pixels than it was started with, so a 4K monitor cannot ask a CPU renderer for 4K frames.
   */
  async resizeViewport(width: number, height: number): Promise<void> {
    const limit = this.options.viewport;
    const scale = Math.min(1, limit.width / width, limit.height / height);
    // Even sizes: video encoders want them.
    const even = (n: number) => Math.max(16, Math.round((n * scale) / 2) * 2);
    const viewport = { width: even(width), height: even(height) };
    const state = this.core.state;
    if (viewport.width === state.viewport.width && viewport.height === state.viewport.height) return;
    state.viewport = viewport;
    await this.options.renderer.apply(state);
  }

  /** Calls a catalogue function with parameters its schema parsed; answers its return and out values. */
  async call<Name extends EngineFunctionName>(
    name: Name,
    params: EngineArgsOf<Name>,
  ): Promise<Record<string, unknown>> {
    const handler: EngineHandlers[Name] = this.handlers[name];
    const before = JSON.stringify(this.core.state);
    const snapshot = this.snapshot();
    const answer = await handler(params);
    const result = answer ?? {};
    if (JSON.stringify(this.core.state) !== before) {
      try {
        await this.options.renderer.apply(this.core.state);
      } catch (error) {
        // A state the page could not show (an image it could not decode) is not kept: otherwise every later call
        // would hand it over again and fail the same way.
        this.restore(snapshot);
        throw error;
      }
    }
    return result;
  }

  readProperty(name: EnginePropertyName): unknown {
    return readProperty(this.core, name);
  }

  /** Writes a property value its schema parsed, and draws. */
  async writeProperty<Name extends EnginePropertyName>(name: Name, value: EnginePropertyValue<Name>): Promise<void> {
    writeProperty(this.core.state, name, value);
    await this.options.renderer.apply(this.core.state);
  }

  async close(): Promise<void> {
    this.sequences.stop();
    await this.renderJobs.close();
    await this.downloader.settled();
  }

  /**
   * Back to the scene a fresh engine shows (initialSceneState), without restarting the process: the next user of a
   * pooled engine starts from the defaults and finds nothing of the previous user's models, sequences or lights.
   */
  async reset(): Promise<void> {
    // A render job of the previous user stops (first: the renderer's other calls wait behind its image), and their
    // render outputs go.
    await this.renderJobs.reset();
    // The previous user's viewers go before anything of the next user's scene could reach them.
    await this.options.renderer.dropViewers?.();
    this.sequences.stop();
    await this.downloader.reset();
    await this.core.images.reset();
    this.core.state = initialSceneState(this.core.state.viewport);
    this.core.parts = builtInParts();
    this.core.viewMode = 'editor';
    this.sequences.reset();
    this.lights.reset();
    await this.options.renderer.apply(this.core.state);
  }

  /** Runs work that changes the scene; if it throws, everything it changed is put back before the error goes on. */
  private allOrNothing(work: () => void): void {
    const before = this.snapshot();
    try {
      work();
    } catch (error) {
      this.restore(before);
      throw error;
    }
  }

  /** Everything a call can change: the scene state and the light manager's own bookkeeping. */
  private snapshot(): Snapshot {
    return { state: structuredClone(this.core.state), viewMode: this.core.viewMode, lights: this.lights.snapshot() };
  }

  private restore(snapshot: Snapshot): void {
    this.core.state = snapshot.state;
    this.core.viewMode = snapshot.viewMode;
    this.lights.restore(snapshot.lights);
  }
}
