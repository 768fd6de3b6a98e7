import { setTimeout as sleep } from 'node:timers/promises';
import {
  POLLING,
  requestedResolution,
  toEngineConfig,
  type EngineConfigSettings,
  type RenderJobSettingsInput,
  type SavedConfigSettings,
  type StillRenderRequest,
} from '@autostudio/protocol';
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
  const scene = renderSceneOf(job.settings);
  if (scene.car) {
    const url = await links.modelUrl(job.ownerId, scene.car).catch((error: unknown) => {
      throw new RenderFailure(`The configuration's car cannot be rendered: ${(error as Error).message}`);
    });
    if (url) await loadCar(remote, url, signal);
  }
  const images = [
    ['ImportandApplyCubemap', scene.images.cubemap],
    ['ImportandUpdateBackplate', scene.images.backplate],
  ] as const;
  for (const [name, uploadId] of images) {
    if (!uploadId) continue;
    const url = await links.imageUrl(job.ownerId, uploadId).catch((error: unknown) => {
      throw new RenderFailure(`An image of the configuration cannot be rendered: ${(error as Error).message}`);
    });
    await remote.call(name, { Url: url }, signal);
  }
  await remote.call('Update New Config', { Settings: scene.settings }, signal);
}

/** What a render engine gets of a saved configuration: its car, the uploads it shows, and its `Update New Config`. */
export interface RenderScene {
  /** The asset model of the car; null: the engine's own scene. */
  car: string | null;
  images: { cubemap: string | null; backplate: string | null };
  settings: EngineConfigSettings;
}

/**
 * A saved configuration as prepareScene puts it into an engine. Apart from it so that whatever must know when two
 * configurations render alike (the cache of configuration stills) reads the very same thing.
 */
export function renderSceneOf(settings: SavedConfigSettings): RenderScene {
  const { Camera, ...rest } = toEngineConfig(settings);
  const engineSettings: EngineConfigSettings = rest;
  if (Camera) {
    // The guide and its opacity are the viewport's; a camera of nothing else is no camera.
    const camera = { ...Camera };
    delete camera.CompositionGuide;
    delete camera.CompositionOpacity;
    if (Object.keys(camera).length > 0) engineSettings.Camera = camera;
  }
  return {
    car: settings.app?.product?.id ?? null,
    images: {
      cubemap: settings.backdropUpload?.imageId ?? null,
      backplate: settings.backplateUpload?.imageId ?? null,
    },
    settings: engineSettings,
  };
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

/** What a render engine is asked to render for a still request (its StartRenderJob settings). */
export function stillEngineSettings(request: StillRenderRequest): RenderJobSettingsInput {
  const size = requestedResolution(request);
  return {
    Width: size.width,
    Height: size.height,
    Format: request.imageFormat,
    SpatialSamples: request.antiAliasSpatial,
    TemporalSamples: request.antiAliasTemporal,
    Quality: request.quality,
    RenderType: request.renderType,
    // A Multi Pass render's passes in a fixed order: the same passes chosen in another order make the same files.
    Passes: request.renderType === 'Multi Pass' ? [...request.selectedPasses].sort() : [],
    ShadowMode: request.carShadowMode,
  };
}
