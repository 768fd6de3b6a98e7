import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CAR_MODEL_FORMATS,
  CONFIG_STILL,
  PRESET_ANIMATION_SHOTS,
  RENDER_FILES_PROGRESS,
  RENDER_MESSAGES,
  RENDER_PROGRESS_BANDS,
  RENDER_THUMBNAIL_KIND,
  RENDER_THUMBNAIL_WIDTH,
  requestedResolution,
  savedConfigSettingsSchema,
  type EngineRenderOutput,
  type RenderJobSettingsInput,
  type RenderShot,
  type SavedConfigSettings,
} from '@autostudio/protocol';
import { safeFileName } from '../../storage/media-url.js';
import type { EngineRemote } from './engine-remote.js';
import { followEngineRender } from './engine-render-job.js';
import { VIDEO_ENCODINGS, VideoEncoder } from './ffmpeg.js';
import type { RenderEnginePool } from './render-engines.js';
import {
  RenderFailure,
  type RenderContext,
  type RenderJobWork,
  type RenderRunner,
  type StoredRenderOutput,
} from './render-runner.js';
import { CONFIG_STILL_OUTPUT } from './config-stills.js';
import { MODEL_PREVIEW } from './model-previews.js';
import type { CachedFile, RenderCache } from './cache/render-cache.js';
import type { RenderCacheKeys } from './cache/render-cache-keys.js';
import { stillFileName } from './cache/still-answers.js';
import { exportCarFiles, exportCarModel } from './car-model/car-model-export.js';
import { renderMatrix } from './matrix/matrix-render.js';
import { renderTurntable } from './turntable/turntable-render.js';
import { loadCar, prepareScene, renderSceneOf, stillEngineSettings, type RenderSceneLinks } from './render-scene.js';
import { makeThumbnail, writeThumbnail } from './thumbnail.js';

/** Progress of a job, 0–100: the scene takes the first steps, the engine's render most, storing the rest. */
const PROGRESS = RENDER_PROGRESS_BANDS;

/** An exported car's picture in the gallery: the model preview's quick still, at the thumbnail's width. */
const CAR_MODEL_PICTURE = {
  ...MODEL_PREVIEW.settings,
  Width: RENDER_THUMBNAIL_WIDTH,
  Height: Math.round((RENDER_THUMBNAIL_WIDTH * MODEL_PREVIEW.settings.Height) / MODEL_PREVIEW.settings.Width),
};

export interface EngineRenderRunnerOptions {
  engines: RenderEnginePool;
  links: RenderSceneLinks;
  ffmpegPath: string;
  /** Where stills and matrix variants are kept as they are rendered, and what keys them. */
  cache: RenderCache;
  keys: RenderCacheKeys;
}

/**
 * Renders jobs on render engines through their Remote Control API, as Unreal's Movie Render Queue is driven by a
 * project Blueprint: borrow an engine, put the configuration in (one `Update New Config`), start the render, follow
 * its progress, read its outputs (a video's frames while later ones render, encoded by ffmpeg as they come), store
 * them with a thumbnail, and give the engine back reset. A cancel stops the engine's render at its next sample.
 */
export class EngineRenderRunner implements RenderRunner {
  constructor(private readonly options: EngineRenderRunnerOptions) {}

  async run(job: RenderJobWork, context: RenderContext): Promise<StoredRenderOutput[]> {
    if (job.kind === 'preview') return this.preview(job, context);
    const parsed = savedConfigSettingsSchema.safeParse(job.request.settings ?? {});
    if (!parsed.success) throw new RenderFailure(`The configuration cannot be rendered: ${parsed.error.message}`);
    // Rendered before (by this configuration's settings or another's alike): copied, and no engine is borrowed.
    // A car that cannot be read keys nothing: preparing the scene below says what is wrong with it.
    const configStillKey =
      job.kind === 'configStill'
        ? await this.options.keys.configStill(job.ownerId, parsed.data).catch(() => null)
        : null;
    if (configStillKey) {
      const copied = await this.fromCache(configStillKey, context);
      if (copied) return copied;
    }
    context.onProgress(0, 'Waiting for a render engine');
    const lease = await this.options.engines.borrow(context.signal);
    try {
      context.onProgress(1, 'Preparing the scene');
      await prepareScene(
        lease.remote,
        { ownerId: job.ownerId, settings: parsed.data },
        this.options.links,
        context.signal,
      );
      context.onProgress(PROGRESS.scene, 'Rendering');
      switch (job.kind) {
        case 'configStill':
          return await this.configStill(
            lease.remote,
            context,
            configStillKey === null ? null : { hash: configStillKey, car: renderSceneOf(parsed.data).car },
          );
        case 'still':
          return await this.still(lease.remote, job, parsed.data, context);
        case 'video':
          return await this.video(lease.remote, job, context);
        case 'matrix':
          return await renderMatrix(lease.remote, job.request, parsed.data, context, {
            cache: this.options.cache,
            engineVersion: this.options.keys.engineVersion,
            modelStamp: await this.options.keys.modelStamp(job.ownerId, parsed.data),
          });
        case 'turntable':
          return await renderTurntable(lease.remote, job.request, parsed.data, context, this.options.ffmpegPath);
        case 'carModel':
          return await exportCarModel(lease.remote, job.request, context, () =>
            this.beautyJpeg(lease.remote, CAR_MODEL_PICTURE, context),
          );
      }
    } finally {
      // The engine resets while the job is recorded: the next job waits for it, this one need not.
      void lease.release();
    }
  }

  /**
   * An asset model's picture: its car in the engine's own scene, one small quick still, made a JPEG of the preview's
   * width whatever the engine wrote. The car's link is signed before an engine is borrowed: a job that cannot load
   * its car holds no engine.
   */
  private async preview(
    job: Extract<RenderJobWork, { kind: 'preview' }>,
    context: RenderContext,
  ): Promise<StoredRenderOutput[]> {
    const url = await this.options.links.modelUrl(job.ownerId, job.request.assetModelId).catch((error: unknown) => {
      throw new RenderFailure(`The model cannot be rendered: ${(error as Error).message}`);
    });
    context.onProgress(0, 'Waiting for a render engine');
    const lease = await this.options.engines.borrow(context.signal);
    try {
      context.onProgress(1, 'Loading the car');
      if (url) await loadCar(lease.remote, url, context.signal);
      context.onProgress(PROGRESS.scene, 'Rendering');
      const picture = await this.beautyJpeg(lease.remote, MODEL_PREVIEW.settings, context);
      context.onProgress(RENDER_FILES_PROGRESS, 'Writing the files');
      return [
        await context.writeOutput({
          name: MODEL_PREVIEW.fileName,
          kind: MODEL_PREVIEW.kind,
          contentType: 'image/jpeg',
          body: Readable.from([picture]),
        }),
      ];
    } finally {
      void lease.release();
    }
  }

  /**
   * A saved configuration's still for the cache of stills (config-stills.ts), the scene prepared as for a user's
   * render: one quick JPEG in CONFIG_STILL's fixed format, whatever the configuration's own render settings say.
   */
  private async configStill(
    remote: EngineRemote,
    context: RenderContext,
    /** Where the files are kept in the render cache; null: not kept. */
    cached: { hash: string; car: string | null } | null,
  ): Promise<StoredRenderOutput[]> {
    const { settings, contentType } = CONFIG_STILL;
    const picture = await this.beautyJpeg(remote, settings, context, settings.Height);
    context.onProgress(RENDER_FILES_PROGRESS, 'Writing the files');
    const still = {
      name: CONFIG_STILL_OUTPUT.fileName,
      kind: CONFIG_STILL_OUTPUT.kind,
      contentType,
      body: picture,
      width: settings.Width,
      height: settings.Height,
    };
    const stored = await context.writeOutput({ ...still, body: Readable.from([picture]) });
    const files: CachedFile[] = [still];
    // The engine holds the configured car now: its files cost a second or two here, and an engine each time later.
    const models = await exportCarFiles(remote, CAR_MODEL_FORMATS, 'car', context, (file) => files.push(file));
    if (cached) await this.options.cache.keep(cached.hash, cached.car, files);
    return [stored, ...models];
  }

  /** A render's files copied out of the render cache as the job's own outputs; undefined when it holds none. */
  private async fromCache(hash: string, context: RenderContext): Promise<StoredRenderOutput[] | undefined> {
    const cached = await this.options.cache.find(hash);
    if (!cached) return undefined;
    const outputs: StoredRenderOutput[] = [];
    for (const output of cached) {
      outputs.push(
        await context.writeOutput({
          name: output.key.split('/').pop() ?? output.kind,
          kind: output.kind,
          contentType: output.contentType,
          body: Readable.from([await this.options.cache.read(output)]),
          ...(output.width === undefined ? {} : { width: output.width }),
          ...(output.height === undefined ? {} : { height: output.height }),
        }),
      );
    }
    context.onCompleted(RENDER_MESSAGES.fromCache);
    return outputs;
  }

  /**
   * Renders one still and answers its Beauty image as a JPEG of the still's width (the engine may write a PNG), and
   * of exactly `height` when given.
   */
  private async beautyJpeg(
    remote: EngineRemote,
    settings: RenderJobSettingsInput & { Width: number },
    context: RenderContext,
    height?: number,
  ): Promise<Buffer> {
    let beauty: EngineRenderOutput | undefined;
    await followEngineRender(remote, settings, context, (output) => {
      if (output.Layer === 'Beauty') beauty = output;
      return Promise.resolve();
    });
    if (!beauty) throw new RenderFailure('The render engine made no Beauty image');
    const { Data } = await remote.call('ReadRenderOutput', { Path: beauty.Path }, context.signal);
    return makeThumbnail(Buffer.from(Data, 'base64'), settings.Width, height);
  }

  /** A still's layers and thumbnail, kept in the render cache as well: the same still asked again is copied. */
  private async still(
    remote: EngineRemote,
    job: Extract<RenderJobWork, { kind: 'still' }>,
    settings: SavedConfigSettings,
    context: RenderContext,
  ): Promise<StoredRenderOutput[]> {
    const { request } = job;
    const size = requestedResolution(request);
    const outputs: EngineRenderOutput[] = [];
    await followEngineRender(remote, stillEngineSettings(request), context, (output) => {
      outputs.push(output);
      return Promise.resolve();
    });
    context.onProgress(RENDER_FILES_PROGRESS, 'Writing the files');
    const files: CachedFile[] = [];
    let thumbnail: Promise<Buffer> | undefined;
    for (const output of outputs) {
      const { Data } = await remote.call('ReadRenderOutput', { Path: output.Path }, context.signal);
      const image = Buffer.from(Data, 'base64');
      if (output.Layer === 'Beauty') {
        // Made while the other layers are read; awaited below, so a failure is not lost meanwhile.
        thumbnail = makeThumbnail(image, RENDER_THUMBNAIL_WIDTH);
        thumbnail.catch(() => undefined);
      }
      const contentType = output.MimeType;
      files.push({ name: output.Layer, kind: output.Layer, contentType, body: image, ...size });
    }
    if (!thumbnail) throw new RenderFailure('The render engine made no Beauty image');
    files.push({
      name: RENDER_THUMBNAIL_KIND,
      kind: RENDER_THUMBNAIL_KIND,
      contentType: 'image/jpeg',
      body: await thumbnail,
    });
    const stem = safeFileName(request.metadata.name, 'render');
    const stored: StoredRenderOutput[] = [];
    for (const file of files) {
      stored.push(
        await context.writeOutput({ ...file, name: stillFileName(stem, file), body: Readable.from([file.body]) }),
      );
    }
    const hash = await this.options.keys.still(job.ownerId, request, settings);
    await this.options.cache.keep(
      hash,
      renderSceneOf(settings).car,
      files.map((file) => ({ ...file, name: stillFileName('still', file) })),
    );
    return stored;
  }

  private async video(
    remote: EngineRemote,
    job: Extract<RenderJobWork, { kind: 'video' }>,
    context: RenderContext,
  ): Promise<StoredRenderOutput[]> {
    const { request } = job;
    const presets: Record<string, RenderShot | undefined> = PRESET_ANIMATION_SHOTS;
    const shot = request.animationType === 'preset' ? presets[request.selectedAnimation] : request.shot;
    if (!shot) throw new RenderFailure(`The animation ${request.selectedAnimation} has no keyframes to render`);
    // ffmpeg writes the video to a file of its own: MP4's index goes at the front once the end is known.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'autostudio-render-'));
    try {
      return await this.encodeVideo(remote, request, shot, folder, context);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  private async encodeVideo(
    remote: EngineRemote,
    request: Extract<RenderJobWork, { kind: 'video' }>['request'],
    shot: RenderShot,
    folder: string,
    context: RenderContext,
  ): Promise<StoredRenderOutput[]> {
    const size = requestedResolution(request);
    const encoding = VIDEO_ENCODINGS[request.videoFormat];
    const file = path.join(folder, `video.${encoding.extension}`);
    const encoder = new VideoEncoder(this.options.ffmpegPath, {
      frameRate: shot.FrameRate,
      frames: 'jpeg',
      format: request.videoFormat,
      output: file,
    });
    let firstFrame: Buffer | undefined;
    try {
      // Frames go to ffmpeg in order as the engine lists them; reading one while the next renders.
      await followEngineRender(
        remote,
        {
          Width: size.width,
          Height: size.height,
          Format: 'JPG',
          SpatialSamples: request.antiAliasSpatial,
          TemporalSamples: request.antiAliasTemporal,
          Quality: request.quality,
          Shot: shot,
        },
        context,
        async (output) => {
          const { Data } = await remote.call('ReadRenderOutput', { Path: output.Path }, context.signal);
          const frame = Buffer.from(Data, 'base64');
          firstFrame ??= frame;
          await encoder.write(frame);
        },
      );
      context.onProgress(RENDER_FILES_PROGRESS, 'Encoding the video');
      await encoder.finish();
    } catch (error) {
      encoder.abort();
      throw error;
    }
    const stem = safeFileName(request.metadata.name, 'video');
    const video = await context.writeOutput({
      name: `${stem}.${encoding.extension}`,
      kind: 'video',
      contentType: encoding.contentType,
      body: createReadStream(file),
      ...size,
    });
    if (!firstFrame) throw new RenderFailure('The render engine made no frames');
    const thumbnail = await makeThumbnail(firstFrame, RENDER_THUMBNAIL_WIDTH);
    return [video, await writeThumbnail(context, thumbnail, stem)];
  }
}
