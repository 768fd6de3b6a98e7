import path from 'node:path';
import { STILL_LIMITS, type CarModelFormat } from '@autostudio/protocol';
import type { Browser, Page } from 'playwright-core';
import type { SceneState } from '../contract/scene-state.js';
import type {
  BenchmarkResult,
  EngineGlobal,
  FrameInfo,
  ImageLayer,
  ImageRequest,
  PageCapabilities,
  PageOptions,
  PathTracingMode,
  StreamStats,
} from '../contract/render-contract.js';
import { launchChromium } from './chromium-launch.js';
import { confineToOrigin } from './page-confinement.js';
import { defaultPageCacheDir, PAGE_CACHE_MAX_BYTES, type PageCache } from './page-cache.js';
import { openPageCache, startPageServer, type PageServer } from './page-server.js';
import type { ModelPaint } from '../contract/model-paints.js';
import type { ImageUse, ModelParts, Renderer, StillOptions } from '../contract/renderer.js';

export interface ChromiumRendererOptions {
  width: number;
  height: number;
  dataDir: string;
  /**
   * Pixel Streaming: the signalling URL (with the engine key), the id to announce, and the addresses besides loopback
   * whose ICE candidates players may be told (`--webrtc-address`; none by default).
   */
  streaming?: { url: string; streamerId: string; candidateAddresses?: readonly string[] };
  /** When idle refinement path traces (default `auto`: only on a GPU). */
  pathTracing?: PathTracingMode;
  /** Whether the viewport refines while idle (default true; see PageOptions). */
  idleRefinement?: boolean;
  /**
   * Where the page keeps what it computes the same at every start, for later starts (PageCache): by default the
   * machine's cache folder, shared by its engines; null keeps nothing.
   */
  cacheDir?: string | null;
  /** What the page runs on and will do, once it has started (for the engine's log). */
  onCapabilities?: (capabilities: PageCapabilities) => void;
  /** The page's warnings and errors (shader failures, streamer trouble), for the engine's log. */
  onPageMessage?: (level: 'warn' | 'error', text: string) => void;
}

/**
 * The renderer that draws: a headless Chromium page running three.js (src/page), driven over Playwright. Scene
 * state stays in Node; every change is handed to the page whole, which draws it at once and refines it while idle.
 */
/**
 * (Functions handed to page.evaluate run inside the page and must not close over anything from this module, hence
 * the repeated `(globalThis as EngineGlobal)`.)
 */
export class ChromiumRenderer implements Renderer {
  private browser: Browser | null = null;
  private page: Page | null = null;
  private server: PageServer | null = null;
  /** Page URLs of the engine folder's images (HDRI, backplate, composition guide), by their path there. */
  private readonly images = new Map<string, string>();
  /** Page calls run one at a time, in order, so a still never interleaves with a state change. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Stills asked for so far: names each, for cancelImage. */
  private stills = 0;
  private viewportRequest: (width: number, height: number) => void = () => undefined;
  /** Who hears the progress of each production image being drawn, by its request id. */
  private readonly imageProgress = new Map<string, (samplesDone: number) => void>();
  /** What the page runs on and does with path tracing, once started. */
  capabilities: PageCapabilities | null = null;

  constructor(private readonly options: ChromiumRendererOptions) {}

  /** The page, for the streamer and for tests that look at frames. */
  get livePage(): Page {
    if (!this.page) throw new Error('The renderer has not started');
    return this.page;
  }

  async start(initial: SceneState): Promise<void> {
    const pathTracing = this.options.pathTracing ?? 'auto';
    const cache = await this.openCache();
    const server = await startPageServer(this.options.dataDir, cache);
    this.server = server;
    this.browser = await launchChromium();
    const context = await this.browser.newContext({
      viewport: { width: this.options.width, height: this.options.height },
    });
    await context.grantPermissions(['camera', 'microphone']);
    await confineToOrigin(context, server.origin, (url) =>
      // The origin only: the rest of a refused address may carry what its model meant to leak.
      this.options.onPageMessage?.('warn', `The page may fetch only its own files; refused ${originOf(url)}`),
    );
    this.page = await context.newPage();
    const errors: string[] = [];
    this.page.on('pageerror', (error) => errors.push(error.message));
    this.page.on('console', (message) => {
      const type = message.type();
      if (type === 'error') errors.push(message.text());
      // SwiftShader's performance notes ("GPU stall due to ReadPixels") are expected on a CPU and say nothing.
      if ((type === 'error' || type === 'warning') && !message.text().includes('GL Driver Message'))
        this.options.onPageMessage?.(type === 'error' ? 'error' : 'warn', message.text());
    });
    this.page.on('pageerror', (error) => this.options.onPageMessage?.('error', error.message));
    await this.page.exposeFunction('autostudioResolution', (width: unknown, height: unknown) => {
      if (typeof width === 'number' && typeof height === 'number') this.viewportRequest(width, height);
    });
    await this.page.exposeFunction('autostudioRenderProgress', (id: unknown, done: unknown) => {
      if (typeof id === 'string' && typeof done === 'number') this.imageProgress.get(id)?.(done);
    });
    await this.page.exposeFunction('autostudioKeep', async (name: unknown, base64: unknown) => {
      if (!cache || typeof name !== 'string' || typeof base64 !== 'string') return;
      // Checked before decoding: base64 takes four characters for three bytes.
      if (base64.length > Math.ceil(PAGE_CACHE_MAX_BYTES / 3) * 4) return;
      await cache.write(name, Buffer.from(base64, 'base64')).catch((error: unknown) => {
        // Starts stay as slow as without a cache; nothing else changes.
        this.options.onPageMessage?.('warn', `The page cache did not keep ${name}: ${String(error)}`);
      });
    });
    await this.page.goto(server.origin + '/');
    await this.page
      .waitForFunction(() => (globalThis as EngineGlobal).autostudioEngine !== undefined, undefined, {
        timeout: 30_000,
      })
      .catch(() => {
        throw new Error(`The engine page did not start${errors.length > 0 ? `: ${errors.join('; ')}` : ''}`);
      });
    const capabilities = await this.configurePage(pathTracing);
    this.options.onCapabilities?.(capabilities);
    await this.apply(initial);
    if (capabilities.pathTracingOnIdle) await this.warmUpPathTracer();
    const streaming = this.options.streaming;
    if (streaming) {
      await this.run((page) =>
        page.evaluate(
          ([url, id, candidates]) => (globalThis as EngineGlobal).autostudioEngine?.startStreaming(url, id, candidates),
          [streaming.url, streaming.streamerId, { addresses: streaming.candidateAddresses ?? [] }] as const,
        ),
      );
    }
  }

  /**
   * Switches when the page path traces, as start() set it from the options. Where it now path traces the idle
   * viewport, the tracer's shader compiles before this returns, as it does before start() returns. The path-tracing
   * suite switches its engine on after its first still compiled the tracer: one compile, not one per mode.
   */
  async setPathTracing(mode: PathTracingMode): Promise<PageCapabilities> {
    const capabilities = await this.configurePage(mode);
    if (capabilities.pathTracingOnIdle) await this.warmUpPathTracer();
    return capabilities;
  }

  private async configurePage(pathTracing: PathTracingMode): Promise<PageCapabilities> {
    const capabilities = await this.run((page) =>
      page.evaluate((options) => (globalThis as EngineGlobal).autostudioEngine?.configure(options), {
        pathTracing,
        stillSampleLimits: { raster: STILL_LIMITS.samples.Raster, pathTracer: STILL_LIMITS.samples.PathTracer },
        idleRefinement: this.options.idleRefinement ?? true,
      } satisfies PageOptions),
    );
    if (!capabilities) throw new Error('The engine page did not report what it runs on');
    this.capabilities = capabilities;
    return capabilities;
  }

  private async openCache(): Promise<PageCache | null> {
    const dir = this.options.cacheDir === undefined ? defaultPageCacheDir() : this.options.cacheDir;
    if (dir === null) return null;
    try {
      return await openPageCache(dir);
    } catch (error) {
      this.options.onPageMessage?.('warn', `The page cache in ${dir} is not usable: ${String(error)}`);
      return null;
    }
  }

  private async warmUpPathTracer(): Promise<void> {
    await this.run((page) => page.evaluate(() => (globalThis as EngineGlobal).autostudioEngine?.warmUpPathTracer()));
  }

  onViewportRequest(handler: (width: number, height: number) => void): void {
    this.viewportRequest = handler;
  }

  /** Frame times of the current scene against a bare three.js scene (npm run bench). */
  async benchmark(options: { frames: number; interactive: boolean }): Promise<BenchmarkResult> {
    const result = await this.run((page) =>
      page.evaluate((o) => (globalThis as EngineGlobal).autostudioEngine?.benchmark(o), options),
    );
    if (!result) throw new Error('The page ran no benchmark');
    return result;
  }

  /** The built-in car as a GLB (every trim a glTF scene). */
  async exportBuiltInCar(): Promise<Buffer> {
    const base64 = await this.run((page) =>
      page.evaluate(() => (globalThis as EngineGlobal).autostudioEngine?.exportBuiltInCar()),
    );
    if (!base64) throw new Error('The page exported nothing');
    return Buffer.from(base64, 'base64');
  }

  async exportCar(format: CarModelFormat): Promise<Buffer> {
    const base64 = await this.run((page) =>
      page.evaluate((f) => (globalThis as EngineGlobal).autostudioEngine?.exportCar(f), format),
    );
    if (!base64) throw new Error(`The page exported no ${format}`);
    return Buffer.from(base64, 'base64');
  }

  async dropViewers(): Promise<void> {
    await this.run((page) => page.evaluate(() => (globalThis as EngineGlobal).autostudioEngine?.dropViewers()));
  }

  /** Players connected to the stream and frames sent, for tests and the benchmark. */
  async streamStats(): Promise<StreamStats | undefined> {
    return this.run((page) => page.evaluate(() => (globalThis as EngineGlobal).autostudioEngine?.streamStats()));
  }

  async apply(state: SceneState): Promise<void> {
    const prepared = this.withLocalImages(state);
    await this.run((page) => page.evaluate((s) => (globalThis as EngineGlobal).autostudioEngine?.apply(s), prepared));
  }

  /** The last frame's timing, for the benchmark and the stream. */
  async lastFrame(): Promise<FrameInfo | undefined> {
    return this.run((page) => page.evaluate(() => (globalThis as EngineGlobal).autostudioEngine?.lastFrame));
  }

  /** Resolves when idle refinement has finished. */
  async settled(timeoutMs = 60_000): Promise<void> {
    await this.livePage.waitForFunction(
      () => (globalThis as EngineGlobal).autostudioEngine?.settled === true,
      undefined,
      { timeout: timeoutMs },
    );
  }

  async loadModel(filePath: string, paints?: ModelPaint[]): Promise<ModelParts> {
    const server = this.requireServer();
    const url = server.fileUrl(filePath);
    // The scene names a loaded model by its path inside the engine folder, with forward slashes.
    const relative = path.relative(this.options.dataDir, filePath).split(path.sep).join('/');
    return this.run(async (page) => {
      const parts = await page.evaluate(
        ([u, p, m]) => (globalThis as EngineGlobal).autostudioEngine?.loadModel(u, p, m),
        [url, relative, paints] as const,
      );
      if (!parts) throw new Error(`The page could not load ${relative}`);
      return parts;
    });
  }

  async decodes(image: string, use: ImageUse, keepAs?: string): Promise<boolean> {
    // Not through localImage: an image under test is no image of the scene, whose page URL that would keep.
    const url = this.requireServer().fileUrl(path.resolve(this.options.dataDir, image));
    const keepUrl = keepAs === undefined ? url : this.localImage(keepAs);
    const decoded = await this.run((page) =>
      page.evaluate(([u, k, as]) => (globalThis as EngineGlobal).autostudioEngine?.decodes(u, k, as), [
        url,
        use,
        keepUrl,
      ] as const),
    );
    if (decoded === undefined) throw new Error('The engine page is not running');
    return decoded;
  }

  async still(options: StillOptions, signal?: AbortSignal): Promise<Buffer> {
    signal?.throwIfAborted();
    this.stills += 1;
    const named = { ...options, id: `node-still-${this.stills}` };
    // The page checks between samples whether its image was cancelled; a caller gone cancels it there.
    const stop = () => void this.cancelImage(named.id).catch(() => undefined);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const base64 = await this.run((page) =>
        page.evaluate((o) => (globalThis as EngineGlobal).autostudioEngine?.still(o), named),
      );
      if (!base64) throw new Error('The page returned no image');
      return Buffer.from(base64, 'base64');
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  async renderImage(
    request: ImageRequest,
    onProgress: (samplesDone: number) => void,
  ): Promise<Map<ImageLayer, Buffer>> {
    const prepared = request.state ? { ...request, state: this.withLocalImages(request.state) } : request;
    this.imageProgress.set(request.id, onProgress);
    try {
      const images = await this.run((page) =>
        page.evaluate((r) => (globalThis as EngineGlobal).autostudioEngine?.renderImage(r), prepared),
      );
      if (!images) throw new Error('The page returned no images');
      return new Map(
        Object.entries(images).map(([layer, base64]) => [layer as ImageLayer, Buffer.from(base64, 'base64')]),
      );
    } finally {
      this.imageProgress.delete(request.id);
    }
  }

  /** Outside the queue: the image it stops is what holds the queue. */
  async cancelImage(id: string): Promise<void> {
    await this.livePage.evaluate((i) => (globalThis as EngineGlobal).autostudioEngine?.cancelImage(i), id);
  }

  canPathTrace(): boolean {
    return this.capabilities?.pathTracingOnIdle ?? false;
  }

  async close(): Promise<void> {
    await this.browser?.close().catch(() => undefined);
    await this.server?.close();
    this.browser = null;
    this.page = null;
    this.server = null;
  }

  private run<T>(work: (page: Page) => Promise<T>): Promise<T> {
    const page = this.livePage;
    const next = this.queue.then(() => work(page));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private requireServer(): PageServer {
    if (!this.server) throw new Error('The renderer has not started');
    return this.server;
  }

  /** The page may only read its own origin: the engine folder's images are handed over as page URLs. */
  private withLocalImages(state: SceneState): SceneState {
    const hdri = state.environment.hdri.imageUrl;
    const backplate = state.environment.backplate.imageUrl;
    const guide = state.camera.compositionImageUrl;
    if (!hdri && !backplate && !guide) return state;
    const copy = structuredClone(state);
    if (hdri) copy.environment.hdri.imageUrl = this.localImage(hdri);
    if (backplate) copy.environment.backplate.imageUrl = this.localImage(backplate);
    if (guide) copy.camera.compositionImageUrl = this.localImage(guide);
    return copy;
  }

  private localImage(image: string): string {
    const known = this.images.get(image);
    if (known) return known;
    // The scene names images by their path inside the engine's folder: the image imports fetched them there.
    const pageUrl = this.requireServer().fileUrl(path.resolve(this.options.dataDir, image));
    this.images.set(image, pageUrl);
    return pageUrl;
  }
}

function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : 'an address that is not a URL';
}
