import { setTimeout as sleep } from 'node:timers/promises';
import { POLLING, toEngineConfig, type EngineConfigSettings, type SavedConfigSettings } from '@autostudio/protocol';
import type { EngineRemote } from './engine-remote.js';
import { RenderFailure } from './render-runner.js';

/** Links a render engine can fetch on its own, signed for the job's owner (who must still see the files). */
export interface RenderSceneLinks {
  /** The model file of an asset model; null for the built-in car (every engine's default scene). */
  modelUrl(ownerId: string, assetModelId: string): Promise<string | null>;
  imageUrl(ownerId: string, uploadId: string): Promise<string>;
}

/**
 * Puts a job's configuration into a render engine fresh from a reset, as the studio loads one: the car (downloaded
 * from a signed link, as spec "Product load"), the images it used, then everything else in one `Update New Config`.
 * The composition guide stays out: guides belong to the viewport, never to renders.
 */
export async function prepareScene(
  remote: EngineRemote,
  job: { ownerId: string; settings: SavedConfigSettings },
  links: RenderSceneLinks,
  signal: AbortSignal,
): Promise<void> {
  const { settings } = job;
  const productId = settings.app?.product?.id;
  if (productId) {
    const url = await links.modelUrl(job.ownerId, productId).catch((error: unknown) => {
      throw new RenderFailure(`The configuration's car cannot be rendered: ${(error as Error).message}`);
    });
    if (url) await loadCar(remote, url, signal);
  }
  const images = [
    ['ImportandApplyCubemap', settings.backdropUpload?.imageId],
    ['ImportandUpdateBackplate', settings.backplateUpload?.imageId],
  ] as const;
  for (const [name, uploadId] of images) {
    if (!uploadId) continue;
    const url = await links.imageUrl(job.ownerId, uploadId).catch((error: unknown) => {
      throw new RenderFailure(`An image of the configuration cannot be rendered: ${(error as Error).message}`);
    });
    await remote.call(name, { Url: url }, signal);
  }
  const { Camera, ...rest } = toEngineConfig(settings);
  const engineSettings: EngineConfigSettings = rest;
  if (Camera) {
    const camera = { ...Camera };
    delete camera.CompositionGuide;
    engineSettings.Camera = camera;
  }
  await remote.call('Update New Config', { Settings: engineSettings }, signal);
}

/** Downloads a car's model from a signed link into the engine and loads it, as spec "Product load". */
export async function loadCar(remote: EngineRemote, url: string, signal: AbortSignal): Promise<void> {
  await remote.call('Download File', { Url: url }, signal);
  for (let attempt = 0; attempt < POLLING.productDownloadMaxTries; attempt += 1) {
    const status = await remote.call('Get Download Status', {}, signal);
    if (status.Status === 'Completed') {
      await remote.call('LoadCarByPath', { Path: status.Path }, signal);
      return;
    }
    if (status.Status === 'Failed') throw new RenderFailure(`The car's model could not be downloaded: ${status.Error}`);
    await sleep(POLLING.productDownloadMs, undefined, { signal });
  }
  throw new RenderFailure("The car's model did not download in time");
}
