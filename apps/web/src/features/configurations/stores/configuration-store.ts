import { FAILURE_TOASTS, SAVE_CONFIG_STATUS, type Config, type SaveConfigStatus } from '@autostudio/protocol';
import { create } from 'zustand';
import { ApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-storage';
import { createConfiguration, updateConfiguration, type ConfigurationFields } from '@/api/configurations';

export interface SaveRequest extends ConfigurationFields {
  /** Save as a new configuration even when one is current. */
  asNew: boolean;
}

export interface ConfigurationState {
  /** The configuration being worked on; kept in the tab's session storage and restored on start (spec §4). */
  currentId: string | null;
  /** The current configuration as the server last answered it (its name and description for the save dialog). */
  current: Config | null;
  saveStatus: SaveConfigStatus;
  /** Why the last save failed, as the server said it. */
  saveError: string | null;
  /** The configuration being loaded into the engine, or null. */
  loadingId: string | null;

  /** Creates a configuration when saving as new or when none is current, otherwise updates it (spec §4). */
  save: (request: SaveRequest) => Promise<Config>;
  setCurrent: (config: Config | null) => void;
  /** Back to idle: the dialog opens afresh. */
  resetSave: () => void;
  setLoading: (id: string | null) => void;
}

export const useConfigurationStore = create<ConfigurationState>()((set, get) => ({
  currentId: sessionStore.get('currentConfigId'),
  current: null,
  saveStatus: SAVE_CONFIG_STATUS.idle,
  saveError: null,
  loadingId: null,

  save: async ({ asNew, ...fields }) => {
    const { currentId } = get();
    set({ saveStatus: SAVE_CONFIG_STATUS.saving, saveError: null });
    try {
      const config =
        asNew || !currentId ? await createConfiguration(fields) : await updateConfiguration(currentId, fields);
      get().setCurrent(config);
      set({ saveStatus: SAVE_CONFIG_STATUS.saved });
      return config;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : FAILURE_TOASTS.saveConfiguration;
      set({ saveStatus: SAVE_CONFIG_STATUS.failed, saveError: message });
      throw new Error(FAILURE_TOASTS.saveConfiguration, { cause: error });
    }
  },

  setCurrent: (config) => {
    sessionStore.set('currentConfigId', config?.id ?? null);
    set({ currentId: config?.id ?? null, current: config });
  },

  resetSave: () => set({ saveStatus: SAVE_CONFIG_STATUS.idle, saveError: null }),
  setLoading: (loadingId) => set({ loadingId }),
}));
