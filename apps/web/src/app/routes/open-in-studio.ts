import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FAILURE_TOASTS, type Config } from '@autostudio/protocol';
import { paths } from '@/config/paths';
import { useConfigurationStore } from '@/features/configurations';
import { fetchProduct, useProductLoad } from '@/features/session';

/**
 * "Open in studio" from the admin console: the configuration becomes the tab's current one, then its car is loaded
 * as if chosen on /landing. The studio restores the current configuration on every fresh car (spec §4,
 * useConfigurationRestore), so the same path that brings a reloaded tab back puts this one on the stream. A
 * configuration saved without a car waits on /landing for one to be chosen.
 */
export function useOpenInStudio(): (config: Config) => void {
  const navigate = useNavigate();
  const { choose } = useProductLoad();
  return useCallback(
    (config: Config) => {
      useConfigurationStore.getState().setCurrent(config);
      const productId = config.settings.app?.product?.id;
      if (!productId) {
        void navigate(paths.landing);
        return;
      }
      fetchProduct(productId).then(choose, (error: unknown) => {
        console.error('the configuration’s car could not be read', error);
        toast.error(FAILURE_TOASTS.loadSelectedProduct);
        void navigate(paths.landing);
      });
    },
    [choose, navigate],
  );
}
