import * as THREE from 'three';
import { GLTFExporter } from 'three/addons/exporters/GLTFExporter.js';
import type {
  BenchmarkResult,
  CandidatePolicy,
  EngineGlobal,
  EnginePageApi,
  FrameInfo,
  ImageLayer,
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
import type { ModelPaint } from '../contract/model-paints.js';
import type { SceneState } from '../contract/scene-state.js';
import { benchmarkFrames } from './bench.js';
import { decodes, loadImage } from './image-decode.js';
import { encode, toBase64 } from './pipeline/encode.js';
import { drawLighter, INTERIOR_LAYER } from './car/drag-detail.js';
import { frameFence } from './pipeline/frame-fence.js';
import { frameSync } from './pipeline/frame-sync.js';
import { FramePipeline } from './pipeline/frame-pipeline.js';
import { updateGrading } from './pipeline/grading.js';
import { jitterSample, lensOf } from './pipeline/lens.js';
import { AmbientOcclusion } from './pipeline/ambient-occlusion.js';
import { Denoiser } from './pipeline/denoiser.js';
import { PathTracer } from './pipeline/path-tracer.js';
import { INTERACTIVE_SCALE, InteractiveScale } from './pipeline/interactive-scale.js';
import { LatestFrame } from './pipeline/latest-frame.js';
import { RefinementScheduler, type RefinementStep } from './pipeline/refinement-scheduler.js';
import { ShadowUpdates } from './pipeline/shadow-updates.js';
import { jitterCamera, placeCamera } from './stage/camera-rig.js';
import { Stage } from './stage/stage.js';
import { Streamer } from './streaming/streamer.js';

/** Samples averaged when idle: Render Preview refines a little, Render MQ to full quality. */
export const REFINE_SAMPLES = { preview: 8, mq: 32 } as const;
/** Path-traced samples when idle with `switchToPathTraceOnIdle`: noise needs more of them than anti-aliasing. */
export const PATH_TRACE_SAMPLES = { preview: 32, mq: 256 } as const;
/**
 * Ambient occlusion of stills and render frames: at half their size (it is soft), and at most this wide. At full
 * size it made each frame of a 720p video 9 % slower than before the new look (5.37 s against 4.91 s).
 */
const OCCLUSION = { scale: 0.5, maxWidth: 960 } as const;
/** Tiles per side while path tracing the viewport: a call waits for one tile, not for a whole sample. */
const VIEWPORT_TILES = 3;
/** Chromium's CPU rasterisers: WebGL works, but a path tracer's shader takes most of a minute to compile. */
const SOFTWARE_WEBGL = /swiftshader|llvmpipe|softpipe|software/i;
/** How long a hold may rest before the picture refines anyway (the web app keeps holding until its own reset). */
const SETTLE_MS = 300;
/**
 * How long a changed frame has to leave before refinement takes the GPU. The canvas capture reads the frame back
 * through the GPU (SwiftShader: the CPU), and a full-size sample sent straight after it holds the capture back by
 * the sample's whole time: measured at 640×360, a paint change reached the player at p50 265 ms with refinement at
 * once and 128 ms with this grace.
 */
const CAPTURE_GRACE_MS = 100;
/** Layers drawn on a transparent background (the Beauty only when the render type asks for it). */
const TRANSPARENT_LAYERS: ReadonlySet<ImageLayer> = new Set(['Car', 'Shadow', 'Color ID']);
/** Layers that are one exact sample of data, not a picture (see layerSamples). */
const PASSES: ReadonlySet<ImageLayer> = new Set(['Color ID', 'Depth']);

/** A production image's progress, reported to Node after each sample; a cancelled image stops there. */
class ImageProgress {
  private done = 0;

  constructor(
    private readonly id: string,
    private readonly cancelled: () => boolean,
  ) {}

  check(): void {
    if (this.cancelled()) throw new Error(`Render ${this.id} was cancelled`);
  }

  /** One more sample: reports it, then lets the page's other tasks run (a cancel from Node among them). */
  async step(): Promise<void> {
    this.done += 1;
    void (globalThis as EngineGlobal).autostudioRenderProgress?.(this.id, this.done).catch(() => undefined);
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    this.check();
  }
}

/**
 * The engine's page: draws the scene state on demand into the canvas, refines it while idle, and renders stills
 * off screen. Node drives it through `window.autostudioEngine`.
 */
export class EnginePage implements EnginePageApi {
  private readonly renderer: THREE.WebGLRenderer;
  private readonly stage: Stage;
  private readonly camera = new THREE.PerspectiveCamera();
  private readonly pipeline: FramePipeline;
  private readonly shadows: ShadowUpdates;
  private state: SceneState | null = null;
  private readonly refinement = new RefinementScheduler(() => this.nextRefinement());
  private readonly quickFrame = new LatestFrame(() => this.drawHeldFrame());
  private readonly interactiveScale = new InteractiveScale();
  private streamer: Streamer | null = null;
  private readonly waitForFrame: () => void;
  /** While a stream player is being connected, refinement waits (see StreamerOptions.onNegotiating). */
  private holdRefinement = false;
  private readonly tracer: PathTracer;
  private readonly viewportDenoiser: Denoiser;
  private readonly occlusion: AmbientOcclusion;
  /**
   * The viewport's occlusion, for the state it was computed for (a still's replaces it). Keyed by the state applied,
   * not by refinement generation: each frame of a render job restarts refinement, and the viewport, still showing the
   * same state, computed its occlusion again between every two frames (1.6 % of a 720p LOW video's time).
   */
  private viewportOcclusionOf: { state: SceneState; texture: THREE.Texture } | null = null;
  /** Whether the picture on show was graded with the viewport's occlusion (a settling raster frame). */
  private occlusionShown = false;
  private readonly webglRenderer: string;
  private readonly softwareWebgl: boolean;
  /** Whether idle refinement may path trace (configure decides it from the --path-tracing mode and the host). */
  private idlePathTracing = false;
  /** Whether the viewport refines while idle at all (see PageOptions). */
  private idleRefinement = true;
  /** The generation the tracer was last pointed at (-1: none), and how many of its samples are on show. */
  private tracedGeneration = -1;
  private tracedShown = 0;
  /** A still owns the renderer while it waits for the path tracer's shader; refinement keeps off meanwhile. */
  private stillRendering = false;
  /** Stills drawn, for their progress ids. */
  private stills = 0;
  /** Ids of production images Node cancelled (see cancelImage). */
  private readonly cancelledImages = new Set<string>();
  /** What `configure` was given: Node's numbers, from the protocol package. */
  private stillSampleLimits: StillSampleLimits | null = null;
  lastFrame: FrameInfo = { renderMs: 0, samples: 0, interactive: false, pathTraced: false };

  constructor(readonly canvas: HTMLCanvasElement) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: false, alpha: true, preserveDrawingBuffer: false });
    this.renderer.setPixelRatio(1);
    this.renderer.shadowMap.enabled = true;
    this.renderer.shadowMap.type = THREE.PCFShadowMap;
    this.renderer.shadowMap.autoUpdate = false;
    this.renderer.setClearColor(0x000000, 0);
    this.camera.layers.enable(INTERIOR_LAYER);
    this.stage = new Stage(this.renderer);
    this.pipeline = new FramePipeline(this.renderer, 16, 16);
    this.shadows = new ShadowUpdates(this.renderer);
    this.waitForFrame = frameSync(this.renderer);
    const gl = this.renderer.getContext();
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    this.webglRenderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    this.softwareWebgl = SOFTWARE_WEBGL.test(this.webglRenderer);
    this.tracer = new PathTracer(this.renderer, { whiteNoise: this.softwareWebgl });
    this.viewportDenoiser = new Denoiser(this.renderer);
    this.occlusion = new AmbientOcclusion(this.renderer);
  }

  configure(options: PageOptions): PageCapabilities {
    const mode = options.pathTracing;
    this.stillSampleLimits = options.stillSampleLimits;
    this.idleRefinement = options.idleRefinement;
    this.idlePathTracing = mode === 'on' || (mode === 'auto' && !this.softwareWebgl);
    return {
      webglRenderer: this.webglRenderer,
      softwareWebgl: this.softwareWebgl,
      pathTracingOnIdle: this.idlePathTracing,
      pathTracingStills: mode !== 'off',
    };
  }

  /**
   * Compiles the path tracer's shader now, before the engine reports ready, where idle refinement will path trace:
   * the compile happens on the first draw and holds the GPU (on a CPU host for about a minute), which must not fall
   * on a user's first call.
   */
  async warmUpPathTracer(): Promise<void> {
    const state = this.state;
    if (!state) throw new Error('The page has no scene yet');
    await this.tracer.load();
    this.pointTracer(state, { width: 16, height: 16 }, 1);
    await this.tracer.render(1);
    this.waitForFrame();
    this.tracedGeneration = -1;
  }

  /** Whether idle refinement path traces this state (see PathTracingMode). */
  private pathTracesIdle(state: SceneState): boolean {
    return this.idlePathTracing && state.render.pathTraceOnIdle && this.stage.pathTraceable;
  }

  async loadModel(url: string, path: string, paints?: ModelPaint[]): Promise<ModelParts> {
    return this.stage.car.load(url, path, paints);
  }

  async decodes(url: string, use: ImageUse, keepAs?: string): Promise<boolean> {
    return decodes(url, use, keepAs);
  }

  /**
   * Shows a new state: a quick frame at the interactive size (feedback within a frame's time, not a full-size
   * sample's), then full-size refinement while idle. While the user holds the viewport the call does not wait for
   * its frame: frames are drawn back to back from the newest state, so a drag streams as fast as the page draws
   * rather than one frame per round trip.
   */
  async apply(state: SceneState): Promise<FrameInfo> {
    this.state = state;
    this.refinement.restart();
    const { width, height } = state.viewport;
    if (this.canvas.width !== width || this.canvas.height !== height) this.renderer.setSize(width, height, false);
    await this.stage.apply(state, { transparentBackground: false });
    await this.loadGuideImage(state.camera.compositionImageUrl);
    this.shadows.follow(state);
    if (state.render.interactive) {
      this.quickFrame.request();
      return this.lastFrame;
    }
    this.quickFrame.cancel();
    const info = this.drawQuickFrame(state);
    this.refinement.resumeAfter(CAPTURE_GRACE_MS);
    return info;
  }

  /**
   * The frame of a held viewport, once the page is free: the newest state wins. It is not waited for: the page takes
   * in the drag's next calls while the GPU draws, and the next frame begins once this one is done (LatestFrame).
   */
  private drawHeldFrame(): Promise<void> | undefined {
    const state = this.state;
    if (!state) return undefined;
    const started = performance.now();
    const draw = () => {
      this.restartQuick(state);
      this.sendSample(state, true);
    };
    // Seen from outside, a drag's frames draw a lighter car (car/drag-detail.ts); not while the shadow map is redrawn,
    // which would then keep the lighter car's shadow until the next change of what casts it.
    if (state.camera.spot !== 'Interior' && !this.renderer.shadowMap.needsUpdate)
      drawLighter(this.stage.scene, this.camera, draw);
    else draw();
    return frameFence(this.renderer.getContext() as WebGL2RenderingContext).then(() => {
      const info = this.frameInfo(started, true);
      this.interactiveScale.record(info.renderMs);
      // Still holding, but nothing moved for a moment: the cheap frame is not left on show. Refinement starts as
      // when idle, and the next call of the drag interrupts it.
      this.refinement.resumeAfter(SETTLE_MS);
    });
  }

  private drawQuickFrame(state: SceneState): FrameInfo {
    this.restartQuick(state);
    const info = this.drawSample(state, true);
    this.interactiveScale.record(info.renderMs);
    return info;
  }

  /** Starts a new average at the interactive size. */
  private restartQuick(state: SceneState): void {
    const { width, height } = state.viewport;
    const scale = this.interactiveScale.value;
    this.pipeline.restart(Math.round(width * scale), Math.round(height * scale));
  }

  /** Renders the current state to an image at any size, off screen, with its own samples (RenderStill). */
  async still(options: StillOptions): Promise<string> {
    const state = this.state;
    if (!state) throw new Error('The page has no scene yet');
    const limits = this.stillSampleLimits;
    if (!limits) throw new Error('The page is not configured yet');
    const pathTraced = options.renderer === 'pathTracer';
    const samples = pathTraced
      ? Math.max(1, Math.min(limits.pathTracer, options.samples ?? PATH_TRACE_SAMPLES.mq))
      : Math.max(1, Math.min(limits.raster, options.samples ?? REFINE_SAMPLES.mq));
    this.stills += 1;
    const drawn = this.drawImage({
      id: options.id ?? `still-${this.stills}`,
      width: options.width,
      height: options.height,
      layers: [{ layer: 'Beauty', format: options.format }],
      samples,
      pathTraced: pathTraced ? { samples, denoise: options.denoise ?? true } : null,
      transparentBackground: Boolean(options.transparentBackground),
      ambientOcclusion: options.ambientOcclusion ?? true,
      dragScale: options.dragScale,
      groundShadow: true,
      depthRange: { near: 0, far: 1 },
      quality: options.quality,
    });
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
    this.cancelledImages.add(id);
  }

  /** Every layer of a request, one after the other, with the same camera and size; see EnginePageApi.renderImage. */
  private async drawImage(request: ImageRequest): Promise<{ images: ImageLayers; generation: number }> {
    const state = request.state ?? this.state;
    if (!state) throw new Error('The page has no scene yet');
    const generation = this.refinement.restart();
    this.quickFrame.cancel();
    const progress = new ImageProgress(request.id, () => this.cancelledImages.has(request.id));
    progress.check();
    const images: ImageLayers = {};
    this.stillRendering = true;
    try {
      for (const { layer, format } of request.layers) {
        const pixels = await this.drawLayer(state, request, layer, progress);
        const { width, height, quality } = request;
        images[layer] = await encode(pixels, { width, height, format, quality });
      }
    } finally {
      this.stillRendering = false;
      // Layers drew the shadow map with parts of the stage hidden: the viewport's next frame draws it again.
      this.renderer.shadowMap.needsUpdate = true;
    }
    return { images, generation };
  }

  /** One layer into 8-bit RGBA pixels (GL rows, bottom-up). */
  private async drawLayer(
    state: SceneState,
    request: ImageRequest,
    layer: ImageLayer,
    progress: ImageProgress,
  ): Promise<Uint8Array> {
    const { width, height } = request;
    const transparent = layer === 'Beauty' ? request.transparentBackground : TRANSPARENT_LAYERS.has(layer);
    await this.stage.apply(state, { transparentBackground: transparent });
    const restore = this.stage.showLayer(layer, request);
    const output = new THREE.WebGLRenderTarget(width, height);
    // The shadow map is drawn again for what this layer shows (the Background's has no car in it); passes need none.
    this.renderer.shadowMap.needsUpdate = !PASSES.has(layer);
    try {
      if (PASSES.has(layer)) {
        this.drawPass(state, request, output, layer === 'Depth' ? 0xffffff : 0x000000);
        await progress.step();
      } else if (layer === 'Beauty' && request.pathTraced) {
        try {
          await this.tracer.load();
          this.pointTracer(state, request, 1);
          await this.tracer.render(request.pathTraced.samples, async () => {
            this.waitForFrame();
            await progress.step();
          });
        } finally {
          // The tracer now holds the image's size and camera: the viewport's refinement points it again.
          this.tracedGeneration = -1;
        }
        this.grade(state, false);
        // A denoiser of the still's own, at its size: the viewport's keeps its size and its picture.
        const denoiser = request.pathTraced.denoise ? new Denoiser(this.renderer) : null;
        try {
          const image = denoiser ? this.denoised(denoiser, request.pathTraced.samples) : this.tracer.texture;
          this.pipeline.present(output, transparent, image);
        } finally {
          denoiser?.dispose();
        }
      } else if (layer === 'Beauty' && request.dragScale !== undefined) {
        this.drawDragFrame(state, request, request.dragScale, output);
      } else {
        this.pipeline.restart(width, height);
        const occlusion =
          layer === 'Shadow' || request.ambientOcclusion === false ? null : this.stillOcclusion(state, request);
        for (let i = 0; i < request.samples; i += 1) {
          this.addSample(state, request, true, i);
          // Each sample finished before the next macrotask: progress is what is drawn, not what is queued.
          this.waitForFrame();
          await progress.step();
        }
        if (layer === 'Shadow') this.pipeline.presentRaw(output);
        else {
          this.grade(state, false, occlusion);
          this.pipeline.present(output, transparent);
        }
      }
      const pixels = new Uint8Array(width * height * 4);
      this.renderer.readRenderTargetPixels(output, 0, 0, width, height, pixels);
      return pixels;
    } finally {
      restore();
      output.dispose();
    }
  }

  /** A drag's frame of a view, as drawHeldFrame draws it, scaled up into `output`. */
  private drawDragFrame(
    state: SceneState,
    size: { width: number; height: number },
    scale: number,
    output: THREE.WebGLRenderTarget,
  ): void {
    const scaled = (n: number) => Math.max(1, Math.round(n * scale));
    this.pipeline.restart(scaled(size.width), scaled(size.height));
    const draw = () => this.addSample(state, size, false, 0);
    if (state.camera.spot !== 'Interior') drawLighter(this.stage.scene, this.camera, draw);
    else draw();
    this.grade(state, false);
    this.pipeline.present(output, false);
  }

  /**
   * A still's occlusion, at half its size and at most OCCLUSION.maxWidth wide. It takes the viewport's targets: the
   * viewport computes its own again.
   */
  private stillOcclusion(state: SceneState, size: { width: number; height: number }): THREE.Texture {
    this.viewportOcclusionOf = null;
    this.occlusionShown = false;
    return this.occlusionOf(state, size, Math.min(OCCLUSION.scale, OCCLUSION.maxWidth / size.width));
  }

  /** The occlusion of the state's view at `size` × `scale`, of the car and the ground it stands on. */
  private occlusionOf(state: SceneState, size: { width: number; height: number }, scale: number): THREE.Texture {
    placeCamera(this.camera, state.camera, size.width / size.height, this.stage.car.cabin);
    const scaled = (n: number) => Math.max(1, Math.round(n * scale));
    const around = new THREE.Box3().setFromObject(this.stage.car.group);
    return this.occlusion.compute(this.stage.scene, this.camera, scaled(size.width), scaled(size.height), around);
  }

  /** A pass: one exact sample of the stage as `showLayer` set it, on a cleared opaque background. */
  private drawPass(state: SceneState, size: ImageRequest, output: THREE.WebGLRenderTarget, clear: number): void {
    placeCamera(this.camera, state.camera, size.width / size.height, this.stage.car.cabin);
    this.renderer.setRenderTarget(output);
    this.renderer.setClearColor(clear, 1);
    this.renderer.clear();
    this.renderer.render(this.stage.scene, this.camera);
    this.renderer.setClearColor(0x000000, 0);
  }

  private drawSample(state: SceneState, interactive: boolean): FrameInfo {
    const started = performance.now();
    this.sendSample(state, interactive);
    // Wait for the GPU (SwiftShader: the CPU) to finish the frame before answering. Otherwise calls return at once,
    // frames pile up behind each other and every picture arrives later than the one before.
    this.waitForFrame();
    return this.frameInfo(started, interactive);
  }

  /** Adds a sample of a state to the average, shows it in the canvas and hands it to the stream. */
  private sendSample(state: SceneState, interactive: boolean): void {
    // A drag's frames go without occlusion; the settling picture computes it once for its view.
    const occlusion = interactive ? null : this.viewportOcclusion(state);
    this.occlusionShown = occlusion !== null;
    this.addSample(state, state.viewport, !interactive, this.pipeline.samples);
    this.grade(state, true, occlusion);
    this.pipeline.present(null, false);
    this.streamer?.frame();
  }

  /** The viewport's occlusion for the state on show, computed on its first full-size sample. */
  private viewportOcclusion(state: SceneState): THREE.Texture {
    if (this.viewportOcclusionOf?.state !== state) {
      // At half size: at full size it held the settling picture back 230 ms at 640×360 (90 ms at half).
      const texture = this.occlusionOf(state, state.viewport, OCCLUSION.scale);
      this.viewportOcclusionOf = { state, texture };
    }
    return this.viewportOcclusionOf.texture;
  }

  private frameInfo(started: number, interactive: boolean): FrameInfo {
    const info = {
      renderMs: performance.now() - started,
      samples: this.pipeline.samples,
      interactive,
      pathTraced: false,
    };
    this.lastFrame = info;
    return info;
  }

  /** Shows the path tracer's average in the viewport, denoised. */
  private showTraced(state: SceneState): void {
    const started = performance.now();
    // The tracer's light already knows the creases.
    this.occlusionShown = false;
    this.grade(state, true);
    this.pipeline.present(null, false, this.denoisedViewport());
    this.waitForFrame();
    this.lastFrame = {
      renderMs: performance.now() - started,
      samples: this.tracedShown,
      interactive: false,
      pathTraced: true,
    };
    this.streamer?.frame();
  }

  /** The viewport's traced average, denoised. */
  private denoisedViewport(): THREE.Texture | undefined {
    return this.denoised(this.viewportDenoiser, this.tracer.samples);
  }

  /** The tracer's average denoised, guided by the scene as the tracer saw it from where its camera stands. */
  private denoised(denoiser: Denoiser, samples: number): THREE.Texture | undefined {
    const source = this.tracer.texture;
    if (!source) return undefined;
    return this.stage.withPathTracedScene(this.camera, () =>
      denoiser.denoise(this.stage.scene, this.camera, source, samples),
    );
  }

  /**
   * Points the path tracer at a state, at a size: the same camera placement and lens as the raster samples, the
   * scene as the stage shows it to the tracer.
   */
  private pointTracer(state: SceneState, size: { width: number; height: number }, tiles: number): void {
    const focusDistance = placeCamera(this.camera, state.camera, size.width / size.height, this.stage.car.cabin);
    const lens = { ...lensOf(state.camera), focusDistance };
    // Anything but the camera changed: the tracer reads the scene again (and rebuilds the BVH if geometry did).
    const sceneKey = JSON.stringify([state.car, state.environment, state.customLights, this.stage.pathTracedVariant]);
    this.stage.withPathTracedScene(this.camera, () =>
      this.tracer.setScene(this.stage.scene, this.camera, lens, { sceneKey, ...size, tiles }),
    );
  }

  private addSample(state: SceneState, size: { width: number; height: number }, jitter: boolean, index: number): void {
    const aspect = size.width / size.height;
    const focus = placeCamera(this.camera, state.camera, aspect, this.stage.car.cabin);
    if (jitter && index > 0) {
      const { pixel, aperture } = jitterSample(lensOf(state.camera), index);
      jitterCamera(this.camera, pixel, aperture, focus, this.pipeline.size);
    }
    this.pipeline.addSample(this.stage.scene, this.camera);
  }

  /** The next step of idle refinement for the state on show, or null when it is done or must wait. */
  private nextRefinement(): RefinementStep | null {
    const state = this.state;
    if (!state || !this.idleRefinement || this.holdRefinement || this.stillRendering) return null;
    if (this.pathTracesIdle(state)) {
      const generation = this.refinement.generation;
      if (this.tracedGeneration === generation && this.tracedShown >= PATH_TRACE_SAMPLES[state.render.quality])
        return null;
      // While the shader compiles and the raster picture is done, look again now and then rather than spin.
      const waiting = this.tracer.loaded && this.tracer.compiling && this.rasterSettled(state);
      return { delayMs: waiting ? 50 : 0, run: () => this.tracedStep(state, generation) };
    }
    if (this.rasterSettled(state)) return null;
    return { delayMs: 0, run: () => this.rasterStep(state) };
  }

  private rasterSettled(state: SceneState): boolean {
    const { width, height } = state.viewport;
    const fullSize = this.pipeline.size.width === width && this.pipeline.size.height === height;
    return fullSize && this.pipeline.samples >= REFINE_SAMPLES[state.render.quality];
  }

  /** One more full-size raster sample; the quick frame stays on show until the first one replaces it. */
  private rasterStep(state: SceneState): void {
    const { width, height } = state.viewport;
    if (this.pipeline.size.width !== width || this.pipeline.size.height !== height)
      this.pipeline.restart(width, height);
    this.drawSample(state, false);
  }

  /**
   * Idle refinement by path tracing, one tile per step. Until the tracer's shader is compiled and its first whole
   * sample is in, the raster picture refines as usual; from then on the tracer's average is on show.
   */
  private tracedStep(state: SceneState, generation: number): Promise<void> | undefined {
    if (!this.tracer.loaded) {
      return this.tracer.load().catch((error: unknown) => {
        throw new Error(`The path tracer did not load: ${String(error)}`);
      });
    }
    if (this.tracedGeneration !== generation) {
      this.pointTracer(state, state.viewport, VIEWPORT_TILES);
      this.tracedGeneration = generation;
      this.tracedShown = 0;
    }
    this.tracer.sample();
    if (this.tracer.samples > this.tracedShown) {
      this.tracedShown = this.tracer.samples;
      this.showTraced(state);
    } else if (this.tracedShown === 0 && !this.rasterSettled(state)) this.rasterStep(state);
    return undefined;
  }

  /** The built-in car as one GLB: a glTF scene per trim, named by the trim (the model conventions' trim rule). */
  async exportBuiltInCar(): Promise<string> {
    const result = await new GLTFExporter().parseAsync(this.stage.car.exportScenes(), { binary: true });
    if (!(result instanceof ArrayBuffer)) throw new Error('The exporter did not produce a GLB');
    return toBase64(new Uint8Array(result));
  }

  startStreaming(url: string, streamerId: string, candidates: CandidatePolicy): void {
    this.streamer?.stop();
    this.streamer = new Streamer(this.canvas, {
      url,
      streamerId,
      candidates,
      repaint: () => this.repaint(),
      onResolution: ({ width, height }) => {
        void (globalThis as EngineGlobal).autostudioResolution?.(width, height);
      },
      onNegotiating: (active) => {
        this.holdRefinement = active;
        if (active) this.refinement.stop();
        else if (this.refinement.idle) this.refinement.resume();
      },
      log: (message) => console.warn(message),
    });
  }

  dropViewers(): void {
    this.streamer?.dropAll('The engine was reset');
  }

  streamStats(): StreamStats {
    return { players: this.streamer?.playerCount ?? 0, framesSent: this.streamer?.framesSent ?? 0 };
  }

  private guideImage: { url: string; texture: THREE.Texture } | null = null;

  /** The output pass's look for a state; guides belong to the viewport, never to stills. */
  private grade(state: SceneState, withGuide: boolean, occlusion: THREE.Texture | null = null): void {
    updateGrading(this.pipeline.grading, state, {
      withGuide,
      exposureBias: this.stage.exposureBias,
      guideImage: this.guideImage?.texture,
      occlusion,
      glare: Object.values(state.car.lamps).some((lamp) => lamp.on && lamp.intensity > 0),
    });
  }

  /** The Custom composition guide's image, loaded once per URL (Node hands over a page URL). */
  private async loadGuideImage(url: string | null): Promise<void> {
    if (url === null || this.guideImage?.url === url) return;
    const texture = await loadImage(url, 'image');
    texture.colorSpace = THREE.SRGBColorSpace;
    this.guideImage?.texture.dispose();
    this.guideImage = { url, texture };
  }

  /** Draws the current average into the canvas again, without rendering. */
  private repaint(): void {
    const state = this.state;
    // During a still the pipeline holds the still's samples, not the viewport's.
    if (!state || this.stillRendering || this.pipeline.samples === 0) return;
    this.grade(state, true, this.occlusionShown ? (this.viewportOcclusionOf?.texture ?? null) : null);
    this.pipeline.present(null, false, this.lastFrame.pathTraced ? this.denoisedViewport() : undefined);
  }

  benchmark(options: { frames: number; interactive: boolean }): BenchmarkResult {
    const state = this.state;
    if (!state) throw new Error('The page has no scene yet');
    this.refinement.stop();
    this.quickFrame.cancel();
    const target = {
      renderer: this.renderer,
      scene: this.stage.scene,
      restart: (width: number, height: number) => this.pipeline.restart(width, height),
      draw: (turned: SceneState, jitter: boolean) => {
        this.addSample(turned, turned.viewport, jitter, this.pipeline.samples);
        this.grade(turned, true);
        this.pipeline.present(null, false);
      },
    };
    return benchmarkFrames(target, state, { ...options, scale: options.interactive ? INTERACTIVE_SCALE.initial : 1 });
  }

  /** Whether idle refinement has finished (tests and stills wait for a settled picture). */
  get settled(): boolean {
    const state = this.state;
    if (state === null || this.quickFrame.pending) return false;
    if (!this.idleRefinement) return true;
    if (!this.pathTracesIdle(state)) return this.rasterSettled(state);
    return (
      this.tracedGeneration === this.refinement.generation &&
      this.tracedShown >= PATH_TRACE_SAMPLES[state.render.quality]
    );
  }
}
