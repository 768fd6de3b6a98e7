import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  RENDER_FILES_PROGRESS,
  RENDER_PROGRESS_BANDS,
  RENDER_THUMBNAIL_WIDTH,
  requestedResolution,
  TURNTABLE_ITEM_KINDS,
  TURNTABLE_MESSAGES,
  TURNTABLE_VIDEO_SECONDS,
  turntableFrameName,
  turntableShot,
  type SavedConfigSettings,
  type TurntableRequest,
} from '@autostudio/protocol';
import { safeFileName } from '../../../storage/media-url.js';
import { imageExtension } from '../cache/still-answers.js';
import type { EngineRemote } from '../engine-remote.js';
import { followEngineRender } from '../engine-render-job.js';
import { VIDEO_ENCODINGS, VideoEncoder } from '../ffmpeg.js';
import { RenderFailure, type RenderContext, type StoredRenderOutput } from '../render-runner.js';
import { stillEngineSettings } from '../render-scene.js';
import { makeThumbnail, writeThumbnail } from '../thumbnail.js';

/**
 * A turntable on an engine whose scene is prepared with the job's configuration: one engine job of a shot that turns
 * the exterior crane once from the configuration's own yaw, each frame stored as it comes (named so that names sort
 * as the car turns) and, when a video was asked for, fed to ffmpeg at once, which encodes while later frames render.
 */
export async function renderTurntable(
  remote: EngineRemote,
  request: TurntableRequest,
  settings: SavedConfigSettings,
  context: RenderContext,
  ffmpegPath: string,
): Promise<StoredRenderOutput[]> {
  const size = requestedResolution(request);
  const shot = turntableShot(request.frames, settings.camera?.crane?.yaw ?? 0);
  const folder = request.videoFormat ? await mkdtemp(path.join(os.tmpdir(), 'autostudio-turntable-')) : null;
  const videoFile =
    folder && request.videoFormat
      ? path.join(folder, `turntable.${VIDEO_ENCODINGS[request.videoFormat].extension}`)
      : null;
  const encoder =
    request.videoFormat && videoFile
      ? new VideoEncoder(ffmpegPath, {
          frameRate: request.frames / TURNTABLE_VIDEO_SECONDS,
          frames: request.imageFormat === 'PNG' ? 'png' : 'jpeg',
          format: request.videoFormat,
          output: videoFile,
        })
      : null;
  const outputs: StoredRenderOutput[] = [];
  let firstFrame: Buffer | undefined;
  try {
    await followEngineRender(
      remote,
      // A still's settings of the Beauty alone (as a matrix asks), turned by the shot.
      { ...stillEngineSettings({ ...request, renderType: 'Default', selectedPasses: [] }), Shot: shot },
      context,
      async (output) => {
        if (output.Layer !== 'Beauty' || output.Frame === null) return;
        const { Data } = await remote.call('ReadRenderOutput', { Path: output.Path }, context.signal);
        const frame = Buffer.from(Data, 'base64');
        firstFrame ??= frame;
        await encoder?.write(frame);
        outputs.push(
          await context.writeOutput({
            name: turntableFrameName(output.Frame, request.frames, imageExtension(output.MimeType)),
            kind: TURNTABLE_ITEM_KINDS.frame,
            contentType: output.MimeType,
            body: Readable.from([frame]),
            ...size,
          }),
        );
      },
      {
        from: RENDER_PROGRESS_BANDS.scene,
        to: RENDER_PROGRESS_BANDS.scene + RENDER_PROGRESS_BANDS.render,
        message: ({ done, total }) => TURNTABLE_MESSAGES.frame(done, total),
      },
    );
    if (outputs.length !== request.frames || !firstFrame)
      throw new RenderFailure(`The render engine drew ${outputs.length} of ${request.frames} frames`);
    context.onProgress(RENDER_FILES_PROGRESS, request.videoFormat ? 'Encoding the video' : 'Writing the files');
    const stem = safeFileName(request.metadata.name, 'turntable');
    if (encoder && videoFile && request.videoFormat) {
      await encoder.finish();
      const encoding = VIDEO_ENCODINGS[request.videoFormat];
      outputs.push(
        await context.writeOutput({
          name: `${stem}.${encoding.extension}`,
          kind: TURNTABLE_ITEM_KINDS.video,
          contentType: encoding.contentType,
          body: createReadStream(videoFile),
          ...size,
        }),
      );
    }
    outputs.push(await writeThumbnail(context, await makeThumbnail(firstFrame, RENDER_THUMBNAIL_WIDTH), stem));
    context.onCompleted(TURNTABLE_MESSAGES.completed(request.frames, request.videoFormat));
    return outputs;
  } catch (error) {
    encoder?.abort();
    throw error;
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
