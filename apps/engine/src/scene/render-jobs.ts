import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CAMERA_FOCAL_LENGTH,
  CAMERA_LIMITS,
  DEPTH_PASS_RANGE_CM,
  renderSamples,
  shotPoseAt,
  type ENGINE_RENDER_STATUSES,
  type EngineHandlersOf,
  type EngineRenderOutput,
  type RENDER_QUEUE_FUNCTIONS,
  type RenderJobSettings,
  type RenderShot,
} from '@autostudio/protocol';
import { requestSamples, type ImageLayer, type ImageRequest } from '../contract/render-contract.js';
import type { SceneState } from '../contract/scene-state.js';
import { EngineError } from './engine-error.js';
import { ENVIRONMENTS, findEnvironment } from './environments.js';
import type { Car } from './car.js';
import { clamp, wrapDegrees, type SceneCore } from './scene-core.js';

type RenderStatus = (typeof ENGINE_RENDER_STATUSES)[number];

/** One view of a job: a still, one frame of a shot or one variant of a matrix, with the layers it writes. */
interface JobImage {
  frame: number | null;
  layers: { layer: ImageLayer; format: 'png' | 'jpg' }[];
  /** A matrix variant's scene: the job's, in another trim and paint. */
  variant?: SceneState;
}

interface RenderJob {
  id: string;
  status: RenderStatus;
  error: string | null;
  outputs: EngineRenderOutput[];
  images: JobImage[];
  imagesDone: number;
  /** Samples over all images and layers, and how many of them are drawn. */
  samplesTotal: number;
  samplesDone: number;
  /** Raster samples per image, and the path-traced Beauty's (null: raster). */
  samples: number;
  pathTraced: { samples: number; denoise: boolean } | null;
  /** Whether the Beauty shows the car's shadow on the ground. */
  groundShadow: boolean;
  abort: AbortController;
  /** Settles when the job's loop has stopped, whatever its end. */
  finished: Promise<void>;
}

/** Files of a layer: `beauty.png`, `color-id.png`, …; a shot's frames `frame-00000.jpg`, …. */
const fileStem = (layer: ImageLayer) => layer.toLowerCase().replace(/\s+/g, '-');
const extension = (format: 'png' | 'jpg') => (format === 'jpg' ? '.jpg' : '.png');
const MIME_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg' };
const cancelled = (job: RenderJob) => job.abort.signal.aborted;
/** Finished jobs remembered for GetRenderJobStatus; older ones are forgotten (their files stay until a reset). */
const JOBS_KEPT = 100;

/**
 * The layers a still writes. JPG has no alpha and its compression blurs flat colours and exact greys, so the asked
 * format is for the opaque pictures (Beauty, Background); the passes and every transparent layer are PNG.
 */
export function stillLayers(settings: RenderJobSettings): JobImage['layers'] {
  const picture = settings.Format === 'JPG' ? 'jpg' : 'png';
  const transparentBeauty = settings.RenderType === 'Car Transparent BG';
  const layers: JobImage['layers'] = [{ layer: 'Beauty', format: transparentBeauty ? 'png' : picture }];
  const add = (layer: ImageLayer, format: 'png' | 'jpg' = 'png') => {
    if (!layers.some((l) => l.layer === layer)) layers.push({ layer, format });
  };
  if (settings.RenderType === 'Multi Pass') {
    if (settings.Passes.includes('Color ID')) add('Color ID');
    if (settings.Passes.includes('Depth')) add('Depth');
    if (settings.Passes.includes('Multi Layered')) {
      add('Car');
      add('Shadow');
      add('Background', picture);
    }
  }
  if (settings.ShadowMode === 'SeparateLayer') add('Shadow');
  return layers;
}

/**
 * A shot's frame: the scene with the camera where the shot puts it (the crane for Exterior, the interior rail's yaw
 * and pitch for Interior), switching spot (and to that spot's lens) if the shot's differs from the scene's.
 */
export function shotFrameState(base: SceneState, shot: RenderShot, frame: number): SceneState {
  const state = structuredClone(base);
  const camera = state.camera;
  if (camera.spot !== shot.Camera) {
    camera.spot = shot.Camera;
    camera.focalLength = shot.Camera === 'Exterior' ? CAMERA_FOCAL_LENGTH.Exterior : CAMERA_FOCAL_LENGTH.other;
  }
  const pose = shotPoseAt(shot, frame);
  if (shot.Camera === 'Exterior') {
    const crane = camera.crane;
    if (pose.yaw !== undefined) crane.yaw = wrapDegrees(pose.yaw);
    if (pose.pitch !== undefined) crane.pitch = clamp(pose.pitch, CAMERA_LIMITS.cranePitch);
    if (pose.distance !== undefined) crane.distance = clamp(pose.distance, CAMERA_LIMITS.craneDistance);
  } else {
    const rail = camera.rail;
    if (pose.yaw !== undefined) rail.yaw = wrapDegrees(pose.yaw);
    if (pose.pitch !== undefined) rail.pitch = clamp(pose.pitch, CAMERA_LIMITS.interiorPitch);
  }
  return state;
}

/**
 * Production renders (StartRenderJob, GetRenderJobStatus, CancelRenderJob, ReadRenderOutput): one job at a time,
 * each image drawn by the renderer from a copy of the scene taken when the job started, its files written under
 * `renders/<jobId>/` and listed as soon as they are written. The scene's own state, camera included, is never
 * touched: after the job the viewport shows it again.
 */
export class RenderJobs {
  private readonly jobs = new Map<string, RenderJob>();
  private running: RenderJob | null = null;

  constructor(
    private readonly scene: SceneCore,
    private readonly car: Pick<Car, 'variantOf'>,
  ) {}

  readonly handlers: EngineHandlersOf<typeof RENDER_QUEUE_FUNCTIONS> = {
    StartRenderJob: ({ Settings }) => ({ JobId: this.start(Settings) }),
    GetRenderJobStatus: ({ JobId }) => {
      const job = this.job(JobId);
      const progress = job.status === 'Completed' ? 1 : Math.min(1, job.samplesDone / Math.max(1, job.samplesTotal));
      return {
        Status: job.status,
        Progress: progress,
        FramesDone: job.imagesDone,
        FramesTotal: job.images.length,
        PathTraced: job.pathTraced !== null,
        Samples: job.pathTraced?.samples ?? job.samples,
        Outputs: job.outputs.map((output) => ({ ...output })),
        Error: job.error,
      };
    },
    CancelRenderJob: ({ JobId }) => this.cancel(JobId),
    ReadRenderOutput: async ({ Path }) => {
      const file = this.outputFile(Path);
      const mimeType = MIME_TYPES[path.extname(file).toLowerCase()];
      if (!mimeType) throw new EngineError(`ReadRenderOutput: ${Path} is not a render output`);
      const data = await readFile(file).catch(() => {
        throw new EngineError(`ReadRenderOutput: no render output at ${Path}`, 404);
      });
      return { MimeType: mimeType, Data: data.toString('base64') };
    },
  };

  /** The engine's renders folder (RenderStill writes there too). */
  private get folder(): string {
    return path.join(this.scene.dataDir, 'renders');
  }

  /** Cancels the running job and deletes every render output: the next user of the engine finds none. */
  async reset(): Promise<void> {
    if (this.running) await this.stop(this.running);
    this.jobs.clear();
    await rm(this.folder, { recursive: true, force: true });
  }

  /** Stops the running job (the engine is closing); its files stay. */
  async close(): Promise<void> {
    if (this.running) await this.stop(this.running);
  }

  private start(settings: RenderJobSettings): string {
    if (this.running)
      throw new EngineError(
        `StartRenderJob: render job ${this.running.id} is still rendering and an engine renders one job at a time; wait for it to finish or cancel it`,
        409,
      );
    const pathTracingAvailable = this.scene.pathTracing !== 'off' && this.scene.renderer.canPathTrace();
    const quality = renderSamples(
      settings.Quality,
      settings.SpatialSamples,
      settings.TemporalSamples,
      pathTracingAvailable,
    );
    const shot = settings.Shot;
    if (shot && settings.Variants)
      throw new EngineError('StartRenderJob: a job renders a Shot or Variants, not both', 400);
    const beautyOnly: JobImage['layers'] = [
      {
        layer: 'Beauty',
        format: settings.Format === 'JPG' && settings.RenderType !== 'Car Transparent BG' ? 'jpg' : 'png',
      },
    ];
    // A variant the car cannot take is refused now, before anything is drawn (as Update New Config refuses it).
    const base = structuredClone(this.scene.state);
    const images: JobImage[] = shot
      ? Array.from({ length: shot.Frames }, (_, frame) => ({ frame, layers: beautyOnly }))
      : settings.Variants
        ? settings.Variants.map(({ Trim, Paint, Yaw, Environment }, frame) => {
            const variant = this.car.variantOf(base, Trim, Paint);
            if (Environment !== undefined) variant.environment.name = environmentNamed(Environment);
            return {
              frame,
              layers: beautyOnly,
              // A named view is the exterior crane at that yaw: a one-frame shot's pose.
              variant:
                Yaw === undefined
                  ? variant
                  : shotFrameState(
                      variant,
                      { Camera: 'Exterior', FrameRate: 1, Frames: 1, Keyframes: [{ time: 0, yaw: Yaw }] },
                      0,
                    ),
            };
          })
        : [{ frame: null, layers: stillLayers(settings) }];
    // A shot's frames are one picture each: with SeparateLayer the shadow stays in them.
    const groundShadow =
      settings.ShadowMode === 'WithGround' || (shot !== undefined && settings.ShadowMode !== 'NoShadow');
    // The path tracer draws the plain picture: a Beauty of the whole scene with its shadow on the ground. Other
    // layers, and a Beauty without the ground shadow or the background, are raster (the tracer cannot leave out the
    // car's shadow), with the raster count of the quality.
    const pathTraced =
      quality.pathTraced && settings.RenderType !== 'Car Transparent BG' && groundShadow
        ? { samples: quality.samples, denoise: true }
        : null;
    const { samples } = renderSamples(settings.Quality, settings.SpatialSamples, settings.TemporalSamples, false);
    const job: RenderJob = {
      id: randomUUID(),
      status: 'Rendering',
      error: null,
      outputs: [],
      images,
      imagesDone: 0,
      samplesTotal: images.reduce((sum, { layers }) => sum + requestSamples({ layers, samples, pathTraced }), 0),
      samplesDone: 0,
      samples,
      pathTraced,
      groundShadow,
      abort: new AbortController(),
      finished: Promise.resolve(),
    };
    this.remember(job);
    this.running = job;
    job.finished = this.run(job, settings, base);
    return job.id;
  }

  private async run(job: RenderJob, settings: RenderJobSettings, base: SceneState): Promise<void> {
    const folder = path.join(this.folder, job.id);
    const { renderer } = this.scene;
    let failure: string | null = null;
    try {
      await mkdir(folder, { recursive: true });
      for (const image of job.images) {
        await this.renderJobImage(job, settings, base, image, folder);
        // A cancel lands while an image is drawn (its drawing rejects) or between two.
        if (cancelled(job)) break;
        job.imagesDone += 1;
      }
    } catch (error) {
      failure = `The render failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    // Back to the scene as it is: the viewport shows it again (the job drew other views in the meantime). Only then
    // does the job end, so that a caller who saw it end may start the next one at once.
    await renderer.apply(this.scene.state).catch(() => undefined);
    if (!cancelled(job)) {
      job.status = failure === null ? 'Completed' : 'Failed';
      job.error = failure;
    }
    this.running = null;
  }

  /** Draws one image of a job, writes its layers and lists them. */
  private async renderJobImage(
    job: RenderJob,
    settings: RenderJobSettings,
    base: SceneState,
    image: JobImage,
    folder: string,
  ): Promise<void> {
    const request: ImageRequest = {
      id: job.id,
      width: settings.Width,
      height: settings.Height,
      layers: image.layers,
      samples: job.samples,
      pathTraced: job.pathTraced,
      transparentBackground: settings.RenderType === 'Car Transparent BG',
      // LOW is a quick draft: ambient occlusion would add a tenth to each of its frames (bench/look-timing.mjs).
      ambientOcclusion: settings.Quality !== 'LOW',
      groundShadow: job.groundShadow,
      // Unreal's centimetres; the stage is in metres.
      depthRange: { near: DEPTH_PASS_RANGE_CM.near / 100, far: DEPTH_PASS_RANGE_CM.far / 100 },
      state:
        image.variant ??
        (settings.Shot && image.frame !== null ? shotFrameState(base, settings.Shot, image.frame) : base),
    };
    const before = job.samplesDone;
    const files = await this.scene.renderer.renderImage(request, (done) => {
      job.samplesDone = before + done;
    });
    if (cancelled(job)) return;
    for (const { layer, format } of image.layers) {
      const bytes = files.get(layer);
      if (!bytes) throw new Error(`The renderer drew no ${layer} layer`);
      const name =
        image.frame === null
          ? `${fileStem(layer)}${extension(format)}`
          : `${image.variant ? 'variant' : 'frame'}-${String(image.frame).padStart(5, '0')}${extension(format)}`;
      await writeFile(path.join(folder, name), bytes);
      job.outputs.push({
        Layer: layer,
        Frame: image.frame,
        Path: `${job.id}/${name}`,
        MimeType: format === 'jpg' ? 'image/jpeg' : 'image/png',
        Bytes: bytes.length,
      });
    }
    job.samplesDone = before + requestSamples(request);
  }

  private async cancel(id: string): Promise<void> {
    const job = this.job(id);
    if (job.status === 'Rendering') await this.stop(job);
    else this.jobs.delete(id);
    await rm(path.join(this.folder, job.id), { recursive: true, force: true });
    job.outputs = [];
  }

  /** Stops a job at its next sample and waits for its loop to end. */
  private async stop(job: RenderJob): Promise<void> {
    job.abort.abort();
    job.status = 'Cancelled';
    await this.scene.renderer.cancelImage(job.id).catch(() => undefined);
    await job.finished;
  }

  private job(id: string): RenderJob {
    const job = this.jobs.get(id);
    if (!job) throw new EngineError(`No render job ${id}`, 404);
    return job;
  }

  private remember(job: RenderJob): void {
    this.jobs.set(job.id, job);
    for (const [id, old] of this.jobs) {
      if (this.jobs.size <= JOBS_KEPT) break;
      if (old.status !== 'Rendering') this.jobs.delete(id);
    }
  }

  /**
   * A render output's file from its path relative to the renders folder. Only files inside that folder are
   * answered: an absolute path, a `..` step or a backslash is refused before the file system is asked.
   */
  private outputFile(given: string): string {
    const refuse = () => new EngineError(`ReadRenderOutput: ${given} is not inside the renders folder`, 403);
    if (path.isAbsolute(given) || given.includes('\\') || given.includes('\0')) throw refuse();
    if (given.split('/').some((step) => step === '..' || step === '.' || step === '')) throw refuse();
    const root = path.resolve(this.folder);
    const file = path.resolve(root, given);
    if (!file.startsWith(root + path.sep)) throw refuse();
    return file;
  }
}

/** The engine's name of an environment a variant asks for, by path or name; an unknown one is refused (as Load is). */
function environmentNamed(pathOrName: string): string {
  const environment = findEnvironment(pathOrName);
  if (!environment)
    throw new EngineError(
      `StartRenderJob: unknown environment ${pathOrName}; environments are ${ENVIRONMENTS.map((env) => env.name).join(', ')}`,
      400,
    );
  return environment.name;
}
