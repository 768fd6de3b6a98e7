import type {
  BenchmarkResult,
  CandidatePolicy,
  EnginePageApi,
  FrameInfo,
  ImageLayers,
  ImageRequest,
  ImageUse,
  ModelParts,
  PageCapabilities,
  PageOptions,
  StillOptions,
  StillSampleLimits,
  StreamStats,
} from '../contract/render-contract.js';
import type { CarModelFormat } from '@autostudio/protocol';
import type { ModelPaint } from '../contract/model-paints.js';
import type { SceneState } from '../contract/scene-state.js';
import { benchmarkFrames } from './bench.js';
import { SceneDrawer } from './drawing/scene-drawer.js';
import { SharedOcclusion } from './drawing/shared-occlusion.js';
import { createRenderer, webglHost, type WebglHost } from './drawing/webgl-renderer.js';
import { decodes } from './image-decode.js';
import { ImageRenderer } from './images/image-renderer.js';
import { stillRequest } from './images/still-request.js';
import { INTERACTIVE_SCALE } from './pipeline/interactive-scale.js';
import { RefinementScheduler } from './pipeline/refinement-scheduler.js';
import { builtInCarGlb, configuredCarFile } from './stage/car-glb.js';
import { ViewportStream } from './streaming/viewport-stream.js';
import { IdleRefinement } from './viewport/idle-refinement.js';
import { Viewport } from './viewport/viewport.js';

/**
 * The engine's page: draws the scene state on demand into the canvas, refines it while idle, and renders stills
 * off screen. Node drives it through `window.autostudioEngine`; each job belongs to a part of its own (the viewport, its
 * idle refinement, the images, the stream), and this class only hands the calls over and puts the viewport back
 * after a still.
 */
export class EnginePage implements EnginePageApi {
  private readonly webgl: WebglHost;
  private readonly drawer: SceneDrawer;
  private readonly refinement = new RefinementScheduler(() => this.idle.next());
  private readonly viewport: Viewport;
  private readonly idle: IdleRefinement;
  private readonly images: ImageRenderer;
  private readonly stream: ViewportStream;
  /** Stills drawn, for their progress ids. */
  private stills = 0;
  /** What `configure` was given: Node's numbers, from the protocol package. */
  private stillSampleLimits: StillSampleLimits | null = null;

  constructor(readonly canvas: HTMLCanvasElement) {
    const renderer = createRenderer(canvas);
    this.webgl = webglHost(renderer);
    this.drawer = new SceneDrawer(renderer, { whiteNoise: this.webgl.software });
    const occlusion = new SharedOcclusion(this.drawer);
    this.viewport = new Viewport(this.drawer, occlusion, this.refinement, () => this.stream.frame());
    this.idle = new IdleRefinement(this.drawer, this.viewport, this.refinement);
    this.images = new ImageRenderer(this.drawer, occlusion, () => this.idle.tracerTaken());
    this.stream = new ViewportStream(canvas, {
      repaint: () => this.viewport.repaint(),
      onNegotiating: (active) => this.idle.hold(active),
    });
  }

  configure(options: PageOptions): PageCapabilities {
    const mode = options.pathTracing;
    this.stillSampleLimits = options.stillSampleLimits;
    this.idle.enabled = options.idleRefinement;
    this.idle.pathTracing = mode === 'on' || (mode === 'auto' && !this.webgl.software);
    return {
      webglRenderer: this.webgl.name,
      softwareWebgl: this.webgl.software,
      pathTracingOnIdle: this.idle.pathTracing,
      pathTracingStills: mode !== 'off',
    };
  }

  /** See IdleRefinement.warmUp. */
  async warmUpPathTracer(): Promise<void> {
    await this.idle.warmUp(this.sceneState());
  }

  async loadModel(url: string, path: string, paints?: ModelPaint[]): Promise<ModelParts> {
    return this.drawer.stage.car.load(url, path, paints);
  }

  async decodes(url: string, use: ImageUse, keepAs?: string): Promise<boolean> {
    return decodes(url, use, keepAs);
  }

  /** See Viewport.apply. */
  async apply(state: SceneState): Promise<FrameInfo> {
    return this.viewport.apply(state);
  }

  get lastFrame(): FrameInfo {
    return this.viewport.lastFrame;
  }

  /** Renders the current state to an image at any size, off screen, with its own samples (RenderStill). */
  async still(options: StillOptions): Promise<string> {
    const state = this.sceneState();
    const limits = this.stillSampleLimits;
    if (!limits) throw new Error('The page is not configured yet');
    this.stills += 1;
    const drawn = this.drawImage(stillRequest(options, limits, `still-${this.stills}`));
    const { images, generation } = await drawn.catch(async (error: unknown) => {
      // Cancelled (its caller went away): the stream shows the scene again all the same.
      await this.apply(state);
      throw error;
    });
    // Back to the viewport: the stream shows the scene again, refined.
    if (generation === this.refinement.generation) await this.apply(state);
    const image = images.Beauty;
    if (image === undefined) throw new Error('The still drew no picture');
    return image;
  }

  async renderImage(request: ImageRequest): Promise<ImageLayers> {
    return (await this.drawImage(request)).images;
  }

  cancelImage(id: string): void {
    this.images.cancel(id);
  }

  /** An image of the request's state (the viewport's when it has none), with the viewport's refinement stopped. */
  private async drawImage(request: ImageRequest): Promise<{ images: ImageLayers; generation: number }> {
    const state = request.state ?? this.sceneState();
    const generation = this.refinement.restart();
    this.viewport.cancelQuickFrame();
    return { images: await this.images.render(state, request), generation };
  }

  /** The built-in car as one GLB: a glTF scene per trim, named by the trim (the model conventions' trim rule). */
  async exportCar(format: CarModelFormat): Promise<string> {
    return configuredCarFile(this.drawer.stage.car, format);
  }

  async exportBuiltInCar(): Promise<string> {
    return builtInCarGlb(this.drawer.stage.car);
  }

  startStreaming(url: string, streamerId: string, candidates: CandidatePolicy): void {
    this.stream.start(url, streamerId, candidates);
  }

  dropViewers(): void {
    this.stream.dropViewers();
  }

  streamStats(): StreamStats {
    return this.stream.stats();
  }

  benchmark(options: { frames: number; interactive: boolean }): BenchmarkResult {
    const state = this.sceneState();
    this.refinement.stop();
    this.viewport.cancelQuickFrame();
    const { drawer } = this;
    const target = {
      renderer: drawer.renderer,
      scene: drawer.stage.scene,
      restart: (width: number, height: number) => drawer.pipeline.restart(width, height),
      draw: (turned: SceneState, jitter: boolean) => {
        drawer.addSample(turned, turned.viewport, jitter, drawer.pipeline.samples);
        drawer.grade(turned, true);
        drawer.pipeline.present(null, false);
      },
    };
    return benchmarkFrames(target, state, { ...options, scale: options.interactive ? INTERACTIVE_SCALE.initial : 1 });
  }

  /** Whether idle refinement has finished (tests and stills wait for a settled picture). */
  get settled(): boolean {
    const state = this.viewport.state;
    if (state === null || this.viewport.quickFramePending) return false;
    return this.idle.settled(state);
  }

  private sceneState(): SceneState {
    const state = this.viewport.state;
    if (!state) throw new Error('The page has no scene yet');
    return state;
  }
}
