import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import {
  FAILURE_TOASTS,
  SUCCESS_TOASTS,
  toEngineConfig,
  type AssetModel,
  type Config,
  type EngineConfigSettings,
  type SavedConfigSettings,
  type SavedUpload,
} from '@autostudio/protocol';
// By path: the camera panel itself loads when its tab opens (the /home budget).
import { setGuideVisible } from '@/features/camera/actions';
import { configurationPicture, fetchConfiguration } from '@/api/configurations';
import { savedSettingsOf, useConfigurationStore } from '@/features/configurations';
// By path: the preset browser itself loads with the Look tab.
import { usePresetBrowserStore } from '@/features/presets/stores/preset-browser-store';
import { fetchAssetModel } from '@/api/asset-models';
import { announceLoadFailure, LeftLineError, loadProductWithOverlay, useSessionStore } from '@/features/session';
import { ApiError } from '@/lib/api-client';
import { useFirstPictureStore } from '@/lib/first-picture';
import { giveImage, useEngineStore, whenEngineRead, type ImageSlotName } from '@/lib/engine';

const imageOf = (upload: SavedUpload | null | undefined) =>
  upload?.imageId
    ? {
        imageId: upload.imageId,
        previewUrl: upload.previewUrl ?? '',
        selectedImageName: upload.selectedImageName ?? '',
      }
    : null;

/**
 * Puts a saved configuration into the engine: the images it used, then the whole configuration in one
 * `Update New Config` and the tone mapper beside it, then a fresh read of the engine. The composition guide goes
 * through the camera's guide action, which knows that a hidden guide is None on the engine and that the custom guide
 * is an image.
 */
export async function applySavedSettings(saved: SavedConfigSettings): Promise<void> {
  await whenEngineRead();
  const store = useEngineStore.getState();
  const api = store.api;
  if (!api) throw new Error('The engine is not connected');

  const images: [ImageSlotName, SavedUpload | null | undefined][] = [
    ['backdrop', saved.backdropUpload],
    ['backplate', saved.backplateUpload],
  ];
  for (const [slot, upload] of images) {
    const image = imageOf(upload);
    if (image && store.images[slot]?.imageId !== image.imageId) await giveImage(slot, image);
  }
  const guideImage = imageOf({ ...saved.imageUpload, selectedImageName: null });
  if (guideImage) store.setImage('guide', guideImage);
  if (saved.carConfig?.switchToPathTraceOnIdle !== undefined)
    store.setPathTraceOnIdle(saved.carConfig.switchToPathTraceOnIdle);

  const { Camera, ...rest } = toEngineConfig(saved);
  const { CompositionGuide: guide, ...camera } = Camera ?? {};
  const settings: EngineConfigSettings = Camera ? { ...rest, Camera: camera } : rest;
  await api.call('Update New Config', { Settings: settings });
  // Not part of the engine's configuration: written on its own, where the engine has the property.
  const toneMapper = saved.postProcess?.toneMapper;
  if (toneMapper !== undefined && store.toneMapper !== null) await api.writeProperty('ToneMapper', toneMapper);

  const visible = saved.scene?.compositionGuideVisiblity ?? true;
  store.updateView({ viewMode: saved.scene?.viewMode ?? 'editor', compositionGuideVisible: visible });
  await store.hydrate();
  const after = useEngineStore.getState();
  if (after.status !== 'ready') throw new Error(after.error ?? 'The engine could not be read');
  if (guide !== undefined) {
    after.updateSettings((current) => ({ ...current, Camera: { ...current.Camera, CompositionGuide: guide } }));
    setGuideVisible(visible);
  }
  // The preset last applied and where the preset browser was, as the configuration saved them.
  if (saved.postProcess) {
    const { selectedPreset, presetBrowser } = saved.postProcess;
    usePresetBrowserStore.getState().restore({ selectedPresetId: selectedPreset ?? null, where: presetBrowser });
  }
}

/** The saved settings of the studio as it is now, with the preset browser's part. */
export function studioSettings(product: AssetModel | null): SavedConfigSettings {
  const saved = savedSettingsOf(useEngineStore.getState(), product);
  const { selectedPresetId, category, search, page } = usePresetBrowserStore.getState();
  return {
    ...saved,
    postProcess: { ...saved.postProcess, selectedPreset: selectedPresetId, presetBrowser: { category, search, page } },
  };
}

/**
 * Loads a configuration into the studio: its car first when the studio shows another, then its settings. Resolves
 * once it is there; rejects with the spec's message, after a toast.
 */
export async function loadConfiguration(config: Config): Promise<void> {
  const configurations = useConfigurationStore.getState();
  configurations.setLoading(config.id);
  // Its still at once, over the stream, until the engine shows the configuration itself.
  const picture = configurationPicture(config);
  const firstPicture = useFirstPictureStore.getState();
  firstPicture.hold(picture);
  try {
    const productId = config.settings.app?.product?.id;
    if (productId && productId !== useSessionStore.getState().product?.id) {
      await loadProductWithOverlay(await fetchAssetModel(productId), `Loading ${config.name}`, picture);
    }
    await applySavedSettings(config.settings);
    configurations.markApplied(useSessionStore.getState().carLoads);
    configurations.setCurrent(config);
    toast.success(SUCCESS_TOASTS.configurationLoaded);
  } catch (error) {
    announceLoadFailure(error, FAILURE_TOASTS.loadSelectedConfiguration);
    // Leaving the waiting line was the user's choice: noted, not a failure.
    if (error instanceof LeftLineError) throw error;
    console.error('configuration load failed', error);
    throw new Error(FAILURE_TOASTS.loadSelectedConfiguration, { cause: error });
  } finally {
    configurations.setLoading(null);
    firstPicture.release();
  }
}

/** The current configuration of the tab, or null when it is gone (deleted, or no longer shared). */
async function currentConfiguration(id: string): Promise<Config | null> {
  try {
    return await fetchConfiguration(id);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

/**
 * Spec §4: the current configuration is restored on start. Each fresh car in the engine (the first load, a new
 * session, an engine that replaced one that died) gets it applied; a reload that found its scene intact only
 * learns its name. A configuration of another car than the one the user chose is no longer current.
 */
export function useConfigurationRestore(): void {
  const carLoads = useSessionStore((state) => state.carLoads);
  const engineIsReady = useEngineStore((state) => state.status === 'ready');
  const currentId = useConfigurationStore((state) => state.currentId);
  const currentIsRead = useConfigurationStore((state) => state.current?.id === state.currentId);
  const loadingId = useConfigurationStore((state) => state.loadingId);
  const appliedToCarLoad = useConfigurationStore((state) => state.appliedToCarLoad);
  const setCurrent = useConfigurationStore((state) => state.setCurrent);
  const markApplied = useConfigurationStore((state) => state.markApplied);

  useEffect(() => {
    if (!currentId || currentIsRead || carLoads !== appliedToCarLoad) return;
    currentConfiguration(currentId).then(
      (config) => setCurrent(config),
      (error: unknown) => console.warn('the current configuration could not be read', error),
    );
    // Once per car load: the name of a configuration already on the engine's scene.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carLoads]);

  useEffect(() => {
    if (!engineIsReady || loadingId !== null || carLoads === appliedToCarLoad) return;
    markApplied(carLoads);
    if (currentId) void restore(currentId);
  }, [carLoads, engineIsReady, loadingId, appliedToCarLoad, currentId, markApplied]);
}

/** Applies the tab's current configuration to a fresh car; one of another car is no longer current. */
async function restore(id: string): Promise<void> {
  let config: Config | null;
  try {
    config = await currentConfiguration(id);
  } catch (error) {
    console.error('the current configuration could not be read', error);
    toast.error(FAILURE_TOASTS.fetchConfiguration);
    return;
  }
  const productId = config?.settings.app?.product?.id;
  if (!config || (productId && productId !== useSessionStore.getState().product?.id)) {
    useConfigurationStore.getState().setCurrent(null);
    return;
  }
  // The same load as the browser's, on the car already there; it has told the user when it failed.
  await loadConfiguration(config).catch(() => undefined);
}
