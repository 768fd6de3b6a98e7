import type { Config } from '@autostudio/protocol';
import { create } from 'zustand';
import { sessionStore } from '@/lib/session-storage';

/**
 * Which configuration the studio is working on: client state only. Saving it is a mutation of the server's
 * configurations (useSaveConfiguration in @/api/configurations).
 */
export interface ConfigurationState {
  /** The configuration being worked on; kept in the tab's session storage and restored on start (spec §4). */
  currentId: string | null;
  /** The current configuration as the server last answered it (its name and description for the save dialog). */
  current: Config | null;
  /** The configuration being loaded into the engine, or null. */
  loadingId: string | null;
  /**
   * The car load (counted by the session store) whose scene the current configuration was last applied to. Loads
   * after it are fresh scenes that get the configuration again; a reload that kept its engine's scene is none.
   */
  appliedToCarLoad: number;

  setCurrent: (config: Config | null) => void;
  setLoading: (id: string | null) => void;
  markApplied: (carLoad: number) => void;
}

export const useConfigurationStore = create<ConfigurationState>()((set) => ({
  currentId: sessionStore.get('currentConfigId'),
  current: null,
  loadingId: null,
  appliedToCarLoad: 0,

  setCurrent: (config) => {
    sessionStore.set('currentConfigId', config?.id ?? null);
    set({ currentId: config?.id ?? null, current: config });
  },

  setLoading: (loadingId) => set({ loadingId }),
  markApplied: (appliedToCarLoad) => set({ appliedToCarLoad }),
}));
