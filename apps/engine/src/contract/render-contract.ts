import type { CarModelFormat } from '@autostudio/protocol';
import type { ModelPaint } from './model-paints.js';
import type { SceneState } from './scene-state.js';

/**
 * What crosses between the engine's Node process and its page: plain data, so the page (compiled for the browser)
 * and the Node side share one definition.
 */
/** What a loaded car model offers; the scene functions refuse what the model lacks, with a clear error. */
/**
 * What an imported image is for, which decides how the page reads it: `image` as a browser image (backplate,
 * composition guide), `equirect` as the HDRI backdrop reads its image (Radiance .hdr, OpenEXR or a browser image).
 */
export type ImageUse = 'image' | 'equirect';

export interface ModelParts {
  doors: string[];
  /** Lamps of the first look; `lampsByTrim` tells a trim that has other lamps. */
  lamps: string[];
  /**
   * Lamps per trim, for a file whose trims are separate scenes (the built-in car's GLB: DRLs and SignatureLEDs only
   * on Limited and Wilderness, spec §3). A trim not named here has `lamps`.
   */
  lampsByTrim?: Record<string, string[]>;
  hasPaint: boolean;
  /**
   * The model's own paints (its manifest, README "Paints of a loaded model"), offered instead of the built-in palette;
   * `paintsByTrim` (lower-cased paint names) narrows a trim's. Set by the scene from the manifest it checked.
   */
  paints?: ModelPaint[];
  paintsByTrim?: Record<string, string[]>;
  /** Trim names (glTF scenes or KHR_materials_variants); empty when the model has a single look. */
  trims: string[];
}

export interface StillOptions {
  width: number;
  height: number;
  format: 'png' | 'jpg';
  /** JPEG quality 0..1. */
  quality?: number;
  /** Jittered samples accumulated for anti-aliasing. */
  samples?: number;
  transparentBackground?: boolean;
  /** Raster samples (the default), or path-traced samples (three-gpu-pathtracer). */
  renderer?: StillRenderer;
  /** Whether a path-traced still is denoised (the default); off, its samples' grain shows as traced. */
  denoise?: boolean;
  /** Whether a raster still's creases are shaded by ambient occlusion (the default). */
  ambientOcclusion?: boolean;
  /**
   * Draws the still as a drag shows its view: one raster sample at this fraction of the size, of the drag's lighter
   * car, scaled up as the viewport scales it (benchmarks and tests look at moving frames this way).
   */
  dragScale?: number;
  /** Names the still for cancelImage, which stops it at its next sample (its caller went away). */
  id?: string;
}

export type StillRenderer = 'raster' | 'pathTracer';

/**
 * The images a production render makes of one view, by protocol's RENDER_LAYERS names: the picture (`Beauty`), the
 * passes (`Color ID`, `Depth`) and the layers of the Multi Layered pass and the SeparateLayer shadow mode (`Car`,
 * `Shadow`, `Background`).
 */
export type ImageLayer = 'Beauty' | 'Color ID' | 'Depth' | 'Car' | 'Shadow' | 'Background';

/** One view of a production render: every layer asked for, with the same camera and size. */
export interface ImageRequest {
  /** Names the request for `cancelImage` and in the progress reports (`autostudioRenderProgress`). */
  id: string;
  width: number;
  height: number;
  /** The layers in the order they are drawn, each with its file format. */
  layers: { layer: ImageLayer; format: 'png' | 'jpg' }[];
  /** Raster samples of the layers that are anti-aliased (see `layerSamples`). */
  samples: number;
  /** The Beauty from the path tracer, with this many samples; null: the Beauty is raster like the other layers. */
  pathTraced: { samples: number; denoise: boolean } | null;
  /** The Beauty's background: none (alpha 0) around the car, as Car Transparent BG asks. */
  transparentBackground: boolean;
  /** Raster layers without ambient occlusion (comparisons); absent: with it. */
  ambientOcclusion?: boolean;
  /** The Beauty as a drag's frame at this fraction of the size (StillOptions.dragScale); absent: refined. */
  dragScale?: number;
  /** Whether the Beauty shows the car's shadow on the ground (WithGround) or not (NoShadow, SeparateLayer). */
  groundShadow: boolean;
  /** The Depth pass's grey ramp, in metres from the camera: black at `near`, white at `far` and beyond. */
  depthRange: { near: number; far: number };
  /** JPEG quality 0..1. */
  quality?: number;
  /** The scene to draw (a frame of a shot); the page's own when absent. The viewport keeps its own either way. */
  state?: SceneState;
}

/** Base64 of each layer's encoded image. */
export type ImageLayers = Partial<Record<ImageLayer, string>>;

/**
 * Samples a layer takes: the passes are one exact sample each (a Color ID must not blend colours, a Depth must not
 * blend distances); a path-traced Beauty the tracer's count; the other layers the request's raster count.
 */
export function layerSamples(layer: ImageLayer, request: Pick<ImageRequest, 'samples' | 'pathTraced'>): number {
  if (layer === 'Color ID' || layer === 'Depth') return 1;
  return layer === 'Beauty' && request.pathTraced ? request.pathTraced.samples : request.samples;
}

/** Samples of all the layers of a request together: what its progress counts up to. */
export function requestSamples(request: Pick<ImageRequest, 'layers' | 'samples' | 'pathTraced'>): number {
  return request.layers.reduce((sum, { layer }) => sum + layerSamples(layer, request), 0);
}

/**
 * Most samples a still takes: jittered raster samples stop adding detail long before noise-free path tracing. The
 * numbers are protocol's STILL_LIMITS; Node hands them to the page in `configure`, because the page (plain ES modules
 * in Chromium) cannot load the protocol package, so nothing here imports it at runtime.
 */
export type StillSampleLimits = Record<StillRenderer, number>;

/**
 * When idle refinement may path trace (with `switchToPathTraceOnIdle` on): `auto` only where WebGL runs on a GPU,
 * `on` on any host (a CPU takes ~45 s to compile the shader and seconds per sample), `off` never, stills included.
 */
export const PATH_TRACING_MODES = ['auto', 'on', 'off'] as const;
export type PathTracingMode = (typeof PATH_TRACING_MODES)[number];

/** What the page found it runs on, and what it will do with `switchToPathTraceOnIdle`. */
export interface PageCapabilities {
  /** The WebGL renderer string (`…SwiftShader…` for Chromium's CPU rasteriser). */
  webglRenderer: string;
  softwareWebgl: boolean;
  pathTracingOnIdle: boolean;
  pathTracingStills: boolean;
}

export interface FrameInfo {
  /** Milliseconds to draw the frame (scene update excluded). */
  renderMs: number;
  samples: number;
  interactive: boolean;
  /** Whether the picture on show is the path tracer's. */
  pathTraced: boolean;
}

/** What Node tells the page once it has started. */
export interface PageOptions {
  pathTracing: PathTracingMode;
  stillSampleLimits: StillSampleLimits;
  /**
   * Whether the viewport refines while idle. A render engine's viewport is never watched (it has no stream, and its
   * stills and videos draw their own samples): refining it would only take the CPU from the engines that stream.
   */
  idleRefinement: boolean;
}

/** What the page offers Node, as `globalThis.autostudioEngine`. */
export interface EnginePageApi {
  configure(options: PageOptions): PageCapabilities;
  warmUpPathTracer(): Promise<void>;
  apply(state: SceneState): Promise<FrameInfo>;
  /** `paints`: the model's own paints, checked by the scene; a paint of the state is looked up in them. */
  loadModel(url: string, path: string, paints?: ModelPaint[]): Promise<ModelParts>;
  /**
   * Whether the page can decode the image at `url` read as `use` would read it; nothing on show changes. A decoded
   * image is kept for the first load of `keepAs` (the URL the scene will show it under), so it is not decoded twice.
   */
  decodes(url: string, use: ImageUse, keepAs?: string): Promise<boolean>;
  /** Base64 of the encoded image. */
  still(options: StillOptions): Promise<string>;
  /**
   * A production render's view, every layer asked for, off screen. Samples are drawn one macrotask apart, so that a
   * `cancelImage` is seen at the next sample; progress goes to `autostudioRenderProgress`. The viewport is not put
   * back afterwards: the next `apply` does that (a shot's frames follow each other without it).
   */
  renderImage(request: ImageRequest): Promise<ImageLayers>;
  /** Stops the request of this id (now or when it starts) at its next sample: its `renderImage` rejects. */
  cancelImage(id: string): void;
  /**
   * Starts the Pixel Streaming streamer; viewport requests from players go to `autostudioResolution`. Players are told
   * only the ICE candidates `candidates` allows (page/streaming/ice-candidates.ts).
   */
  startStreaming(url: string, streamerId: string, candidates: CandidatePolicy): void;
  streamStats(): StreamStats;
  /** Ends every player's peer connection: the engine is about to be lent to someone else. */
  dropViewers(): void;
  benchmark(options: { frames: number; interactive: boolean }): BenchmarkResult;
  /** Base64 GLB of the built-in car, every trim. */
  exportBuiltInCar(): Promise<string>;
  /** Base64 file of the car as the last applied state shows it. */
  exportCar(format: CarModelFormat): Promise<string>;
  readonly lastFrame: FrameInfo;
  readonly settled: boolean;
}

export interface BenchmarkResult {
  /** Milliseconds per frame of the engine's pipeline, each frame waited for. */
  frameMs: number;
  /** The same for a bare three.js scene with as many triangles, at the same size. */
  bareMs: number;
  triangles: number;
}

export interface StreamStats {
  players: number;
  framesSent: number;
}

export interface EngineGlobal {
  autostudioEngine?: EnginePageApi;
  /** Exposed by Node: a player asked for frames of this size. */
  autostudioResolution?: (width: number, height: number) => Promise<void>;
  /** Exposed by Node: samples done so far by the `renderImage` request of this id, all its layers together. */
  autostudioRenderProgress?: (id: string, samplesDone: number) => Promise<void>;
  /**
   * Exposed by Node: keeps what the page computed for later starts of the same page (a prefiltered reflection map),
   * under a name of lower-case words; the bytes in base64. The page reads it back from `/cache/<name>`.
   */
  autostudioKeep?: (name: string, base64: string) => Promise<void>;
}

/** Which of the engine's ICE candidates players may be told, besides loopback and relayed ones. */
export interface CandidatePolicy {
  /** Host or server-reflexive addresses (the host's public address), from `--webrtc-address`. */
  addresses: readonly string[];
}
