import type { NavigateFunction } from 'react-router';
import type { Config } from '@autostudio/protocol';
import { paths } from '@/config/paths';
// By path: the configurations feature's index brings its browser's code, which the console does not need.
import { useConfigurationStore } from '@/features/configurations/stores/configuration-store';
import { fetchAssetModel } from '@/api/asset-models';
import { configurationPicture } from '@/api/configurations';
import { announceLoadFailure, loadProductWithOverlay } from '@/features/session';

/**
 * "Open in studio" from the admin console and the compare view: the configuration becomes the tab's current one, then its car is loaded
 * as if chosen on /landing. The studio restores the current configuration on every fresh car (spec §4,
 * useConfigurationRestore), so the same path that brings a reloaded tab back puts this one on the stream. A
 * configuration saved without a car waits on /landing for one to be chosen. Loaded on first use: the session and
 * engine code it needs is the studio's, not the console's.
 */
export async function openInStudio(config: Config, navigate: NavigateFunction): Promise<void> {
  useConfigurationStore.getState().setCurrent(config);
  const productId = config.settings.app?.product?.id;
  if (!productId) {
    await navigate(paths.landing);
    return;
  }
  try {
    const model = await fetchAssetModel(productId);
    // The configuration's own still from the first moment, else its car's.
    const picture = configurationPicture(config) ?? model.previewUrl;
    await loadProductWithOverlay(model, `Loading ${config.name}`, picture);
  } catch (error) {
    console.error('the configuration’s car could not be loaded', error);
    announceLoadFailure(error);
    await navigate(paths.landing);
    return;
  }
  await navigate(paths.home);
}
