import * as THREE from 'three';
import { GLTFExporter } from 'three/addons/exporters/GLTFExporter.js';
import type {
  EngineGlobal,
  EnginePageApi,
  FrameInfo,
  ModelParts,
  StillOptions,
  StreamStats,
  BenchmarkResult,
} from '../scene/render-contract.js';
import type { SceneState } from '../scene/scene-state.js';
import { updateGrading } from './pipeline/grading.js';
import { FramePipeline } from './pipeline/frame-pipeline.js';
import { apertureRadius, jitterCamera, placeCamera } from './stage/camera-rig.js';
import { Stage } from './stage/stage.js';
import { Streamer } from './streaming/streamer.js';
import { bareSceneFrameMs, countTriangles, frameSync } from './bench.js';

/** Samples averaged when idle: Render Preview refines a little, Render MQ to full quality. */
export const REFINE_SAMPLES = { preview: 8, mq: 32 } as const;
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
  lastFrame: FrameInfo = { renderMs: 0, samples: 0, interactive: false };

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
    const samples = Math.max(1, Math.min(256, options.samples ?? REFINE_SAMPLES.mq));
    this.pipeline.restart(options.width, options.height);
    for (let i = 0; i < samples; i += 1) this.addSample(state, options, true, i);
    const output = new THREE.WebGLRenderTarget(options.width, options.height);
    this.grade(state, false);
    this.pipeline.present(output, Boolean(options.transparentBackground));
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
    const info = { renderMs: performance.now() - started, samples: this.pipeline.samples, interactive };
    this.lastFrame = info;
    this.streamer?.frame();
    return info;
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
    if (!state) return;
    const { width, height } = state.viewport;
    const fullSize = this.pipeline.size.width === width && this.pipeline.size.height === height;
    if ((fullSize && this.pipeline.samples >= REFINE_SAMPLES[state.render.quality]) || this.holdRefinement) return;
    // A macrotask between samples lets a new call (a drag) interrupt refinement at once.
    this.refineTimer = window.setTimeout(() => {
      this.refineTimer = null;
      if (generation !== this.generation) return;
      // The quick frame stays on show (and can be repainted) until the first full-size sample replaces it.
      if (!fullSize) this.pipeline.restart(width, height);
      this.drawSample(state, false);
      this.refine(generation);
    }, 0);
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
    this.pipeline.present(null, false);
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
    const { width, height } = this.pipeline.size;
    const fullSize = width === state.viewport.width && height === state.viewport.height;
    return fullSize && this.pipeline.samples >= REFINE_SAMPLES[state.render.quality];
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
