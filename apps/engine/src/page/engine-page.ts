import * as THREE from 'three';
import { GLTFExporter } from 'three/addons/exporters/GLTFExporter.js';
import {
  STILL_SAMPLE_LIMITS,
  type BenchmarkResult,
  type EngineGlobal,
  type EnginePageApi,
  type FrameInfo,
  type ModelParts,
  type PageCapabilities,
  type PathTracingMode,
  type StillOptions,
  type StreamStats,
} from '../contract/render-contract.js';
import type { SceneState } from '../contract/scene-state.js';
import { updateGrading } from './pipeline/grading.js';
import { FramePipeline } from './pipeline/frame-pipeline.js';
import { PathTracer, type LensSettings } from './pipeline/path-tracer.js';
import { apertureRadius, jitterCamera, placeCamera } from './stage/camera-rig.js';
import { Stage } from './stage/stage.js';
import { Streamer } from './streaming/streamer.js';
import { bareSceneFrameMs, countTriangles, frameSync } from './bench.js';

/** Samples averaged when idle: Render Preview refines a little, Render MQ to full quality. */
export const REFINE_SAMPLES = { preview: 8, mq: 32 } as const;
/** Path-traced samples when idle with `switchToPathTraceOnIdle`: noise needs more of them than anti-aliasing. */
export const PATH_TRACE_SAMPLES = { preview: 32, mq: 256 } as const;
/** Tiles per side while path tracing the viewport: a call waits for one tile, not for a whole sample. */
const VIEWPORT_TILES = 3;
/** Chromium's CPU rasterisers: WebGL works, but a path tracer's shader takes most of a minute to compile. */
const SOFTWARE_WEBGL = /swiftshader|llvmpipe|softpipe|software/i;
/** While the user drags, frames are drawn at this fraction of the viewport's size. */
const INTERACTIVE_SCALE = 0.4;
/** How long a hold may rest before the picture refines anyway (the web app keeps holding until its own reset). */
const SETTLE_MS = 300;

/** A pseudo-random sequence with good coverage (R2), so a few samples already spread over pixel and lens. */
function r2(index: number): [number, number] {
  const g = 1.324717957244746;
  return [(0.5 + index / g) % 1, (0.5 + index / (g * g)) % 1];
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
  private state: SceneState | null = null;
  private refineTimer: number | null = null;
  private settleTimer: number | null = null;
  private generation = 0;
  private streamer: Streamer | null = null;
  private readonly waitForFrame: () => void;
  /** While a stream player is being connected, refinement waits (see StreamerOptions.onNegotiating). */
  private holdRefinement = false;
  private readonly tracer: PathTracer;
  private readonly webglRenderer: string;
  private readonly softwareWebgl: boolean;
  /** Whether idle refinement may path trace (configure decides it from the --path-tracing mode and the host). */
  private idlePathTracing = false;
  /** The generation the tracer was last pointed at (-1: none), and how many of its samples are on show. */
  private tracedGeneration = -1;
  private tracedShown = 0;
  /** A still owns the renderer while it waits for the path tracer's shader; refinement keeps off meanwhile. */
  private stillRendering = false;
  lastFrame: FrameInfo = { renderMs: 0, samples: 0, interactive: false, pathTraced: false };

  constructor(readonly canvas: HTMLCanvasElement) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: false, alpha: true, preserveDrawingBuffer: false });
    this.renderer.setPixelRatio(1);
    this.renderer.shadowMap.enabled = true;
    this.renderer.shadowMap.type = THREE.PCFShadowMap;
    this.renderer.shadowMap.autoUpdate = false;
    this.renderer.setClearColor(0x000000, 0);
    this.stage = new Stage(this.renderer);
    this.pipeline = new FramePipeline(this.renderer, 16, 16);
    this.waitForFrame = frameSync(this.renderer);
    const gl = this.renderer.getContext();
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    this.webglRenderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    this.softwareWebgl = SOFTWARE_WEBGL.test(this.webglRenderer);
    this.tracer = new PathTracer(this.renderer, { whiteNoise: this.softwareWebgl });
  }

  configure(options: { pathTracing: PathTracingMode }): PageCapabilities {
    const mode = options.pathTracing;
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

  async loadModel(url: string, path: string): Promise<ModelParts> {
    return this.stage.car.load(url, path);
  }

  /** Shows a new state: one frame at once (cheap while interactive), then refinement while idle. */
  async apply(state: SceneState): Promise<FrameInfo> {
    this.state = state;
    this.generation += 1;
    this.stopRefining();
    const { width, height } = state.viewport;
    if (this.canvas.width !== width || this.canvas.height !== height) this.renderer.setSize(width, height, false);
    await this.stage.apply(state, { transparentBackground: false });
    await this.loadGuideImage(state.camera.compositionImageUrl);
    this.updateShadowsFor(state);
    // Every change shows first as a quick frame at the interactive size (feedback within a frame's time, not a
    // full-size sample's); when idle, full-size refinement takes over from there.
    this.pipeline.restart(Math.round(width * INTERACTIVE_SCALE), Math.round(height * INTERACTIVE_SCALE));
    const info = this.drawSample(state, true);
    if (!state.render.interactive) this.refine(this.generation);
    else {
      // Still holding, but nothing moved for a moment: the cheap frame is not left on show. Refinement starts as
      // when idle, and the next call of the drag interrupts it.
      const generation = this.generation;
      this.settleTimer = window.setTimeout(() => {
        this.settleTimer = null;
        if (generation === this.generation) this.refine(generation);
      }, SETTLE_MS);
    }
    return info;
  }

  /** Renders the current state to an image at any size, off screen, with its own samples. */
  async still(options: StillOptions): Promise<string> {
    const state = this.state;
    if (!state) throw new Error('The page has no scene yet');
    this.stopRefining();
    const generation = ++this.generation;
    await this.stage.apply(state, { transparentBackground: Boolean(options.transparentBackground) });
    this.updateShadowsFor(state);
    const transparent = Boolean(options.transparentBackground);
    const output = new THREE.WebGLRenderTarget(options.width, options.height);
    if (options.renderer === 'pathTracer') {
      const samples = Math.max(1, Math.min(STILL_SAMPLE_LIMITS.pathTracer, options.samples ?? PATH_TRACE_SAMPLES.mq));
      this.stillRendering = true;
      try {
        await this.tracer.load();
        this.pointTracer(state, options, 1);
        await this.tracer.render(samples);
      } finally {
        this.stillRendering = false;
        // The tracer now holds the still's size and camera: the viewport's refinement points it again.
        this.tracedGeneration = -1;
      }
      this.grade(state, false);
      this.pipeline.present(output, transparent, this.tracer.texture);
    } else {
      const samples = Math.max(1, Math.min(STILL_SAMPLE_LIMITS.raster, options.samples ?? REFINE_SAMPLES.mq));
      this.pipeline.restart(options.width, options.height);
      for (let i = 0; i < samples; i += 1) this.addSample(state, options, true, i);
      this.grade(state, false);
      this.pipeline.present(output, transparent);
    }
    const pixels = new Uint8Array(options.width * options.height * 4);
    this.renderer.readRenderTargetPixels(output, 0, 0, options.width, options.height, pixels);
    output.dispose();
    const image = await encode(pixels, options);
    // Back to the viewport: the stream shows the scene again, refined.
    if (generation === this.generation) await this.apply(state);
    return image;
  }

  /**
   * The shadow map is redrawn only when what casts or lights it changed (car, trim, doors, environment, sun,
   * lights): a camera move or a paint change reuses it, which on a CPU saves the car's depth pass on every drag.
   */
  private shadowKey = '';
  private updateShadowsFor(state: SceneState): void {
    const { car, environment, customLights } = state;
    const key = JSON.stringify([
      car.modelPath,
      car.trim,
      car.doors,
      environment.name,
      environment.timeOfDay,
      environment.sunDirection,
      environment.hdri,
      customLights,
    ]);
    if (key === this.shadowKey) return;
    this.shadowKey = key;
    this.renderer.shadowMap.needsUpdate = true;
  }

  private drawSample(state: SceneState, interactive: boolean): FrameInfo {
    const started = performance.now();
    this.addSample(state, state.viewport, !interactive, this.pipeline.samples);
    this.grade(state, true);
    this.pipeline.present(null, false);
    // Wait for the GPU (SwiftShader: the CPU) to finish the frame before answering. Otherwise calls return at once,
    // frames pile up behind each other and every picture arrives later than the one before.
    this.waitForFrame();
    const info = {
      renderMs: performance.now() - started,
      samples: this.pipeline.samples,
      interactive,
      pathTraced: false,
    };
    this.lastFrame = info;
    this.streamer?.frame();
    return info;
  }

  /** Shows the path tracer's average in the viewport. */
  private showTraced(state: SceneState): void {
    const started = performance.now();
    this.grade(state, true);
    this.pipeline.present(null, false, this.tracer.texture);
    this.waitForFrame();
    this.lastFrame = {
      renderMs: performance.now() - started,
      samples: this.tracedShown,
      interactive: false,
      pathTraced: true,
    };
    this.streamer?.frame();
  }

  /**
   * Points the path tracer at a state, at a size: the same camera placement and lens as the raster samples, the
   * scene as the stage shows it to the tracer.
   */
  private pointTracer(state: SceneState, size: { width: number; height: number }, tiles: number): void {
    const focusDistance = placeCamera(this.camera, state.camera, size.width / size.height, this.stage.car.cabin);
    const camera = state.camera;
    const lens: LensSettings = {
      focusDistance,
      apertureMm:
        camera.focus.method === 'Disable'
          ? 0
          : apertureRadius(camera.focalLength, camera.aperture) * (camera.bokeh.size / 3) * 2000,
      blades: BLADES[camera.bokeh.shape] ?? 0,
    };
    // Anything but the camera changed: the tracer reads the scene again (and rebuilds the BVH if geometry did).
    const sceneKey = JSON.stringify([state.car, state.environment, state.customLights, this.stage.pathTracedVariant]);
    this.stage.withPathTracedScene(() =>
      this.tracer.setScene(this.stage.scene, this.camera, lens, { sceneKey, ...size, tiles }),
    );
  }

  private addSample(state: SceneState, size: { width: number; height: number }, jitter: boolean, index: number): void {
    const aspect = size.width / size.height;
    const focus = placeCamera(this.camera, state.camera, aspect, this.stage.car.cabin);
    if (jitter && index > 0) {
      const [a, b] = r2(index);
      const [c, d] = r2(index + 7919);
      // Bokeh size scales the aperture (3, the default, is the f-number's own); the shape is the aperture's.
      const radius = apertureRadius(state.camera.focalLength, state.camera.aperture) * (state.camera.bokeh.size / 3);
      const useLens = state.camera.focus.method !== 'Disable';
      const lens = useLens ? aperturePoint(state.camera.bokeh.shape, c, d, radius) : { x: 0, y: 0 };
      jitterCamera(this.camera, { x: a - 0.5, y: b - 0.5 }, lens, focus, this.pipeline.size);
    }
    this.pipeline.addSample(this.stage.scene, this.camera);
  }

  private refine(generation: number): void {
    const state = this.state;
    if (!state || this.holdRefinement || this.stillRendering) return;
    if (this.pathTracesIdle(state)) {
      this.refineTraced(state, generation);
      return;
    }
    if (this.rasterSettled(state)) return;
    // A macrotask between samples lets a new call (a drag) interrupt refinement at once.
    this.refineTimer = window.setTimeout(() => {
      this.refineTimer = null;
      if (generation !== this.generation) return;
      this.rasterStep(state);
      this.refine(generation);
    }, 0);
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
   * Idle refinement by path tracing, one tile per macrotask. Until the tracer's shader is compiled and its first
   * whole sample is in, the raster picture refines as usual; from then on the tracer's average is on show.
   */
  private refineTraced(state: SceneState, generation: number): void {
    const target = PATH_TRACE_SAMPLES[state.render.quality];
    if (this.tracedGeneration === generation && this.tracedShown >= target) return;
    const waiting = this.tracer.loaded && this.tracer.compiling && this.rasterSettled(state);
    this.refineTimer = window.setTimeout(
      () => {
        this.refineTimer = null;
        if (generation !== this.generation) return;
        if (!this.tracer.loaded) {
          this.tracer.load().then(
            () => {
              if (generation === this.generation && this.refineTimer === null) this.refine(generation);
            },
            (error: unknown) => console.error(`The path tracer did not load: ${String(error)}`),
          );
          return;
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
        this.refine(generation);
      },
      // While the shader compiles and the raster picture is done, look again now and then rather than spin.
      waiting ? 50 : 0,
    );
  }

  private stopRefining(): void {
    if (this.refineTimer !== null) window.clearTimeout(this.refineTimer);
    if (this.settleTimer !== null) window.clearTimeout(this.settleTimer);
    this.refineTimer = null;
    this.settleTimer = null;
  }

  /** The built-in car as one GLB: a glTF scene per trim, named by the trim (the model conventions' trim rule). */
  async exportBuiltInCar(): Promise<string> {
    const result = await new GLTFExporter().parseAsync(this.stage.car.exportScenes(), { binary: true });
    if (!(result instanceof ArrayBuffer)) throw new Error('The exporter did not produce a GLB');
    return toBase64(new Uint8Array(result));
  }

  startStreaming(url: string, streamerId: string): void {
    this.streamer?.stop();
    this.streamer = new Streamer(this.canvas, {
      url,
      streamerId,
      repaint: () => this.repaint(),
      onResolution: ({ width, height }) => {
        void (globalThis as EngineGlobal).autostudioResolution?.(width, height);
      },
      onNegotiating: (active) => {
        this.holdRefinement = active;
        if (active) this.stopRefining();
        else if (this.refineTimer === null) this.refine(this.generation);
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
  private grade(state: SceneState, withGuide: boolean): void {
    updateGrading(this.pipeline.grading, state, {
      withGuide,
      exposureBias: this.stage.exposureBias,
      guideImage: this.guideImage?.texture,
    });
  }

  /** The Custom composition guide's image, loaded once per URL (Node hands over a page URL). */
  private async loadGuideImage(url: string | null): Promise<void> {
    if (url === null || this.guideImage?.url === url) return;
    const texture = await new THREE.TextureLoader().loadAsync(url);
    texture.colorSpace = THREE.SRGBColorSpace;
    this.guideImage?.texture.dispose();
    this.guideImage = { url, texture };
  }

  /** Draws the current average into the canvas again, without rendering. */
  private repaint(): void {
    const state = this.state;
    if (!state || this.pipeline.samples === 0) return;
    this.grade(state, true);
    this.pipeline.present(null, false, this.lastFrame.pathTraced ? this.tracer.texture : undefined);
  }

  /**
   * Frame time of the current state while the camera turns, as the benchmark measures it: interactive frames at
   * half size or refined (full size, jittered) samples, each waited for, against the bare baseline.
   */
  benchmark(options: { frames: number; interactive: boolean }): BenchmarkResult {
    const state = this.state;
    if (!state) throw new Error('The page has no scene yet');
    this.stopRefining();
    const sync = frameSync(this.renderer);
    const scale = options.interactive ? INTERACTIVE_SCALE : 1;
    const { width, height } = state.viewport;
    const frame = (i: number) => {
      const turned = structuredClone(state);
      turned.camera.crane.yaw += i;
      if (options.interactive) this.pipeline.restart(Math.round(width * scale), Math.round(height * scale));
      this.addSample(turned, turned.viewport, !options.interactive, this.pipeline.samples);
      this.grade(turned, true);
      this.pipeline.present(null, false);
      sync();
    };
    this.pipeline.restart(Math.round(width * scale), Math.round(height * scale));
    frame(0);
    const started = performance.now();
    for (let i = 1; i <= options.frames; i += 1) frame(i);
    const frameMs = (performance.now() - started) / options.frames;
    const triangles = countTriangles(this.stage.scene);
    const bareMs = bareSceneFrameMs({
      triangles,
      width: Math.round(width * scale),
      height: Math.round(height * scale),
      frames: options.frames,
    });
    return { frameMs, bareMs, triangles };
  }

  /** Whether idle refinement has finished (tests and stills wait for a settled picture). */
  get settled(): boolean {
    const state = this.state;
    if (state === null) return false;
    if (!this.pathTracesIdle(state)) return this.rasterSettled(state);
    return this.tracedGeneration === this.generation && this.tracedShown >= PATH_TRACE_SAMPLES[state.render.quality];
  }
}

const BLADES: Record<string, number> = { Hexagon: 6, Octagon: 8 };

/**
 * A uniformly spread point on the aperture for two uniform numbers: a disk, or a regular polygon for bladed
 * shapes (a triangle of the polygon is picked, then a point in it), so out-of-focus highlights take that shape.
 */
function aperturePoint(shape: string, u: number, v: number, radius: number): { x: number; y: number } {
  const blades = BLADES[shape];
  if (!blades) {
    const r = Math.sqrt(u) * radius;
    return { x: Math.cos(v * Math.PI * 2) * r, y: Math.sin(v * Math.PI * 2) * r };
  }
  const sector = Math.min(blades - 1, Math.floor(v * blades));
  const t = v * blades - sector;
  const a0 = (sector / blades) * Math.PI * 2;
  const a1 = ((sector + 1) / blades) * Math.PI * 2;
  const r = Math.sqrt(u) * radius;
  // Along the sector's outer edge by t, scaled towards the centre by sqrt(u): uniform over the triangle.
  return {
    x: r * ((1 - t) * Math.cos(a0) + t * Math.cos(a1)),
    y: r * ((1 - t) * Math.sin(a0) + t * Math.sin(a1)),
  };
}

/** Flips the GL rows and encodes PNG or JPEG, as base64. */
async function encode(pixels: Uint8Array, options: StillOptions): Promise<string> {
  const { width, height } = options;
  const flipped = new Uint8ClampedArray(pixels.length);
  const row = width * 4;
  for (let y = 0; y < height; y += 1) flipped.set(pixels.subarray((height - 1 - y) * row, (height - y) * row), y * row);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context for encoding');
  context.putImageData(new ImageData(flipped, width, height), 0, 0);
  const blob = await canvas.convertToBlob({
    type: options.format === 'jpg' ? 'image/jpeg' : 'image/png',
    quality: options.quality ?? 0.92,
  });
  return toBase64(new Uint8Array(await blob.arrayBuffer()));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
