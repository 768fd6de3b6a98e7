import { Readable } from 'node:stream';
import {
  MATRIX_ITEM_KINDS,
  MATRIX_MESSAGES,
  matrixRowTitle,
  matrixVariantFileName,
  matrixVariants,
  matrixViewYaw,
  RENDER_FILES_PROGRESS,
  RENDER_PROGRESS_BANDS,
  RENDER_THUMBNAIL_WIDTH,
  requestedResolution,
  type MatrixRenderRequest,
  type MatrixVariant,
  type RenderItemState,
  type RenderJobSettingsInput,
  type SavedConfigSettings,
  variantTitle,
} from '@autostudio/protocol';
import { safeFileName } from '../../../storage/media-url.js';
import { renderCacheHash, type RenderCache } from '../cache/render-cache.js';
import { imageExtension } from '../cache/still-answers.js';
import type { EngineRemote } from '../engine-remote.js';
import { followEngineRender } from '../engine-render-job.js';
import { RenderFailure, type RenderContext, type StoredRenderOutput } from '../render-runner.js';
import { renderSceneOf, stillEngineSettings } from '../render-scene.js';
import { makeThumbnail, writeThumbnail } from '../thumbnail.js';
import { makeContactSheet } from './contact-sheet.js';
import { makeVariantZip } from './variant-zip.js';

/** What a matrix needs beside its engine: the cache its variants go through, and what keys them. */
export interface MatrixParts {
  cache: RenderCache;
  engineVersion: string;
  /** The car's asset model as it is now (see RenderCacheInput.modelStamp); null for the engine's own car. */
  modelStamp: string | null;
}

/** A cell of the matrix: what it is called, what became of it, and its picture once there is one. */
interface MatrixCell {
  /** As the job names it: the environment by its label. */
  variant: MatrixVariant;
  /** The engine's own names of the trim and paint; undefined: the trim does not offer the paint. */
  names: MatrixVariant | undefined;
  /** The engine's path of the variant's environment; undefined: the scene's own. */
  environment: string | undefined;
  hash: string;
  /** The exterior crane's yaw of the variant's named view; undefined: the scene's own view. */
  yaw: number | undefined;
  state: RenderItemState;
  image?: { bytes: Buffer; contentType: string };
}

/**
 * Renders every trim × paint of a matrix on an engine whose scene is prepared with the job's configuration. Variants
 * in the render cache are copied; the rest are one engine job (StartRenderJob's Variants), which sets up the view
 * and look once and changes only trim and paint per image. Each image goes into the cache as soon as the engine lists
 * it, so a job taken again after its worker died, or a later matrix sharing variants, renders only what is missing.
 */
export async function renderMatrix(
  remote: EngineRemote,
  request: MatrixRenderRequest,
  settings: SavedConfigSettings,
  context: RenderContext,
  parts: MatrixParts,
): Promise<StoredRenderOutput[]> {
  const size = requestedResolution(request);
  // A still of the Beauty alone: the passes and layers of a Multi Pass render are no part of a matrix.
  const render = stillEngineSettings({ ...request, renderType: 'Default', selectedPasses: [] });
  const offered = await offeredPaints(remote, context.signal);
  const environments = await chosenEnvironments(remote, request.environments, context.signal);
  const cells: MatrixCell[] = matrixVariants(request).map((asked) => {
    const names = engineNames(offered, asked);
    const environment = asked.environment === undefined ? undefined : environments.get(asked.environment);
    const variant = { ...asked, environment: environment?.label };
    const carConfig = { ...settings.carConfig, ...(names && { trim: names.trim, paint: names.paint }) };
    const scene = environment ? { ...settings.scene, currentEnvironment: environment.path } : settings.scene;
    const yaw = variant.view === undefined ? undefined : matrixViewYaw(variant.view);
    const hash = renderCacheHash({
      files: 'matrix variant',
      // The environment is the scene's as a configuration in it would have it: the engine loads no more than that.
      scene: renderSceneOf({ ...settings, carConfig, ...(scene && { scene }) }),
      modelStamp: parts.modelStamp,
      // A named view moves the camera the scene has: the engine is told the yaw with the variant.
      render:
        yaw === undefined
          ? render
          : { ...render, Variants: [{ Trim: carConfig.trim ?? '', Paint: carConfig.paint ?? '', Yaw: yaw }] },
      engineVersion: parts.engineVersion,
    });
    return { variant, names, environment: environment?.path, hash, yaw, state: names ? 'waiting' : 'skipped' };
  });
  const wanted = cells.filter((cell) => cell.names);
  if (wanted.length === 0) throw new RenderFailure(MATRIX_MESSAGES.noneOffered);
  const report = () => context.onItems(cells.map(matrixItem));

  for (const cell of wanted) {
    const cached = (await parts.cache.find(cell.hash))?.[0];
    if (!cached) continue;
    cell.image = { bytes: await parts.cache.read(cached), contentType: cached.contentType };
    cell.state = 'cached';
  }
  report();
  // The scene's own trim first: changing trim rebuilds the car, and the engine goes back to the scene's after the job.
  const toRender = wanted
    .filter((cell) => !cell.image)
    .sort((a, b) => Number(a.names?.trim !== offered.current) - Number(b.names?.trim !== offered.current));
  const cachedCount = wanted.length - toRender.length;
  if (toRender.length > 0) {
    const car = renderSceneOf(settings).car;
    await renderVariants(remote, toRender, render, context, { ...parts, cachedCount, car, report });
  }

  context.onProgress(RENDER_FILES_PROGRESS, MATRIX_MESSAGES.packing);
  const stored = await storeMatrix(request, cells, size, context);
  context.onCompleted(
    MATRIX_MESSAGES.completed({
      rendered: toRender.length,
      cached: cachedCount,
      notOffered: cells.length - wanted.length,
    }),
  );
  return stored;
}

/** One engine job for the variants not in the cache; each image is kept in the cache as it comes. */
async function renderVariants(
  remote: EngineRemote,
  cells: MatrixCell[],
  render: RenderJobSettingsInput,
  context: RenderContext,
  parts: MatrixParts & { cachedCount: number; car: string | null; report: () => void },
): Promise<void> {
  const total = cells.length + parts.cachedCount;
  /** The engine draws the variants in order: the first not yet listed is on it now. */
  const onEngine = (done: number) => {
    const cell = cells[Math.min(done, cells.length - 1)];
    if (cell?.state !== 'waiting') return cell;
    cell.state = 'rendering';
    parts.report();
    return cell;
  };
  await followEngineRender(
    remote,
    {
      ...render,
      Variants: cells.map(({ names, yaw, environment }) => ({
        Trim: names?.trim ?? '',
        Paint: names?.paint ?? '',
        ...(yaw === undefined ? {} : { Yaw: yaw }),
        ...(environment === undefined ? {} : { Environment: environment }),
      })),
    },
    context,
    async (output) => {
      const cell = output.Frame === null ? undefined : cells[output.Frame];
      if (!cell || output.Layer !== 'Beauty') return;
      const { Data } = await remote.call('ReadRenderOutput', { Path: output.Path }, context.signal);
      const bytes = Buffer.from(Data, 'base64');
      cell.image = { bytes, contentType: output.MimeType };
      await parts.cache.keep(cell.hash, parts.car, [
        {
          name: matrixVariantFileName(cell.variant, imageExtension(output.MimeType)),
          kind: MATRIX_ITEM_KINDS.variant,
          contentType: output.MimeType,
          body: bytes,
          width: render.Width,
          height: render.Height,
        },
      ]);
      // Done once it is kept: a worker that dies now leaves it for the next to copy, not to render again.
      cell.state = 'done';
      parts.report();
    },
    {
      from: RENDER_PROGRESS_BANDS.scene,
      to: RENDER_PROGRESS_BANDS.scene + RENDER_PROGRESS_BANDS.render,
      message: ({ done }) => {
        const cell = onEngine(done);
        return cell ? MATRIX_MESSAGES.variant(parts.cachedCount + done + 1, total, cell.variant) : '';
      },
    },
  );
  if (cells.some((cell) => !cell.image)) throw new RenderFailure('The render engine did not draw every variant');
}

async function storeMatrix(
  request: MatrixRenderRequest,
  cells: MatrixCell[],
  size: { width: number; height: number },
  context: RenderContext,
): Promise<StoredRenderOutput[]> {
  const rendered = cells.flatMap(({ variant, image }) =>
    image ? [{ name: matrixVariantFileName(variant, imageExtension(image.contentType)), ...image }] : [],
  );
  const sheet = await makeContactSheet({
    title: request.metadata.name,
    subtitle: `${rendered.length} of ${cells.length} combinations · ${size.width}×${size.height} · ${request.quality} quality`,
    // The cells run row by row, the paints across.
    rows: [...new Set(cells.map(({ variant }) => matrixRowTitle(variant)))],
    columns: request.paints.map(variantTitle),
    aspect: size.width / size.height,
    images: cells.map(({ image }) => image?.bytes ?? null),
  });
  const stem = safeFileName(request.metadata.name, 'matrix');
  const stored: StoredRenderOutput[] = [];
  for (const file of rendered) {
    stored.push(
      await context.writeOutput({
        name: file.name,
        kind: MATRIX_ITEM_KINDS.variant,
        contentType: file.contentType,
        body: Readable.from([file.bytes]),
        ...size,
      }),
    );
  }
  stored.push(
    await context.writeOutput({
      name: `${stem} - contact sheet.jpg`,
      kind: MATRIX_ITEM_KINDS.contactSheet,
      contentType: 'image/jpeg',
      body: Readable.from([sheet.image]),
      width: sheet.width,
      height: sheet.height,
    }),
  );
  const zip = await makeVariantZip(rendered.map((file) => ({ name: file.name, body: file.bytes })));
  stored.push(
    await context.writeOutput({
      name: `${stem}.zip`,
      kind: MATRIX_ITEM_KINDS.archive,
      contentType: 'application/zip',
      body: Readable.from([zip]),
    }),
  );
  stored.push(await writeThumbnail(context, await makeThumbnail(sheet.image, RENDER_THUMBNAIL_WIDTH), stem));
  return stored;
}

/** A cell as the job's items report it: its row of the contact sheet, its paint, and what became of it. */
const matrixItem = ({ variant, state }: MatrixCell) => ({
  row: matrixRowTitle(variant),
  column: variantTitle(variant.paint),
  state,
});

/**
 * The engine's path and label of each environment the request names (by path or name, either case); one the engine
 * does not offer fails the job before anything is drawn.
 */
async function chosenEnvironments(
  remote: EngineRemote,
  asked: readonly string[],
  signal: AbortSignal,
): Promise<Map<string, { path: string; label: string }>> {
  const chosen = new Map<string, { path: string; label: string }>();
  if (asked.length === 0) return chosen;
  const { Options } = await remote.call('GetEnvironmentOptions', {}, signal);
  for (const name of asked) {
    const wanted = name.toLowerCase();
    const option = Options.find((env) => env.path.toLowerCase() === wanted || env.name.toLowerCase() === wanted);
    if (!option)
      throw new RenderFailure(
        MATRIX_MESSAGES.unknownEnvironment(
          name,
          Options.map((env) => env.label),
        ),
      );
    // Titled as the paints are ("desert" → "Desert").
    chosen.set(name, { path: option.path, label: variantTitle(option.label) });
  }
  return chosen;
}

/** The engine's paints per trim, by the names it gives them, and the trim its scene is in. */
async function offeredPaints(
  remote: EngineRemote,
  signal: AbortSignal,
): Promise<{ paints: Map<string, string[]>; current: string }> {
  const { paintOptions, current } = await remote.call('Get Trim Paint Option', {}, signal);
  return { paints: new Map(Object.entries(paintOptions)), current };
}

/** The engine's own names of a variant's trim and paint (a request may differ in case), or undefined: not offered. */
function engineNames(offered: { paints: Map<string, string[]> }, variant: MatrixVariant): MatrixVariant | undefined {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const trim = [...offered.paints.keys()].find((name) => same(name, variant.trim));
  const paint = trim ? offered.paints.get(trim)?.find((name) => same(name, variant.paint)) : undefined;
  return trim && paint ? { trim, paint } : undefined;
}
