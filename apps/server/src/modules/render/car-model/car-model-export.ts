import { Readable } from 'node:stream';
import {
  CAR_MODEL_FILES,
  CAR_MODEL_MESSAGES,
  RENDER_FILES_PROGRESS,
  type CarModelFormat,
  type CarModelRequest,
} from '@autostudio/protocol';
import { safeFileName } from '../../../storage/media-url.js';
import type { EngineRemote } from '../engine-remote.js';
import type { RenderContext, StoredRenderOutput } from '../render-runner.js';
import { writeThumbnail } from '../thumbnail.js';

/**
 * The configured car as files (car-models.ts in the protocol), from an engine whose scene is prepared with the job's
 * configuration: a picture of the car for the gallery first (`picture`, the runner's quick still), then each format
 * the engine exports, stored as it comes. The engine's exporters do the work; this names and files what they give.
 */
export async function exportCarModel(
  remote: EngineRemote,
  request: CarModelRequest,
  context: RenderContext,
  picture: () => Promise<Buffer>,
): Promise<StoredRenderOutput[]> {
  const stem = safeFileName(request.metadata.name, 'car');
  const outputs = [await writeThumbnail(context, await picture(), stem)];
  outputs.push(...(await exportCarFiles(remote, request.formats, stem, context)));
  context.onCompleted(CAR_MODEL_MESSAGES.completed(request.formats));
  return outputs;
}

/**
 * Each format the engine exports of the car it shows, stored as `<stem>.<extension>` of the output kind GLB or USDZ;
 * `onFile` hears each file's bytes as well (to keep them in the render cache).
 */
export async function exportCarFiles(
  remote: EngineRemote,
  formats: readonly CarModelFormat[],
  stem: string,
  context: Pick<RenderContext, 'signal' | 'onProgress' | 'writeOutput'>,
  onFile?: (file: { name: string; kind: string; contentType: string; body: Buffer }) => void,
): Promise<StoredRenderOutput[]> {
  const outputs: StoredRenderOutput[] = [];
  const share = (100 - RENDER_FILES_PROGRESS) / formats.length;
  for (const [index, format] of formats.entries()) {
    context.onProgress(RENDER_FILES_PROGRESS + index * share, CAR_MODEL_MESSAGES.exporting(format));
    const { Data } = await remote.call('ExportCarModel', { Format: format }, context.signal);
    const { extension, contentType } = CAR_MODEL_FILES[format];
    const file = { name: `${stem}.${extension}`, kind: format, contentType, body: Buffer.from(Data, 'base64') };
    onFile?.(file);
    outputs.push(await context.writeOutput({ ...file, body: Readable.from([file.body]) }));
  }
  return outputs;
}
