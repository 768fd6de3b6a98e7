import { FAILURE_TOASTS, LIST_DEFAULTS, type Config } from '@autostudio/protocol';
import { toast } from 'sonner';
import { create } from 'zustand';
import { deleteConfiguration, listConfigurations, renameConfiguration } from '../api/configurations-api';

export interface ConfigurationBrowserState {
  items: Config[];
  total: number;
  page: number;
  limit: number;
  search: string;
  isLoading: boolean;
  /** Why the last fetch failed; kept until the next one succeeds (spec §8: errors live in the state too). */
  error: string | null;

  /** Fetches the page the state names; a slower earlier answer never overwrites a newer one. */
  load: () => Promise<void>;
  setSearch: (search: string) => void;
  setPage: (page: number) => void;
  rename: (config: Config, name: string, description: string) => Promise<Config>;
  remove: (id: string) => Promise<void>;
}

let latestRequest = 0;

/** The configuration browser's list: the user's own and shared configurations, newest first, a page at a time. */
export const useConfigurationBrowser = create<ConfigurationBrowserState>()((set, get) => ({
  items: [],
  total: 0,
  page: LIST_DEFAULTS.configs.page,
  limit: LIST_DEFAULTS.configs.limit,
  search: '',
  isLoading: false,
  error: null,

  load: async () => {
    const request = ++latestRequest;
    const { page, limit, search } = get();
    set({ isLoading: true });
    try {
      const result = await listConfigurations({ page, limit, search: search || undefined });
      if (request !== latestRequest) return;
      // A page emptied by a delete steps back to the last page that has rows.
      const lastPage = Math.max(1, Math.ceil(result.total / limit));
      if (result.items.length === 0 && page > lastPage) {
        set({ page: lastPage });
        return await get().load();
      }
      set({ items: result.items, total: result.total, isLoading: false, error: null });
    } catch (error) {
      if (request !== latestRequest) return;
      console.error('configurations could not be listed', error);
      // Spec §8: a list failure is a toast, and is kept in the state too.
      set({ isLoading: false, error: FAILURE_TOASTS.fetchConfigurations });
      toast.error(FAILURE_TOASTS.fetchConfigurations);
    }
  },

  setSearch: (search) => {
    set({ search, page: 1 });
    void get().load();
  },
  setPage: (page) => {
    set({ page });
    void get().load();
  },

  rename: async (config, name, description) => {
    const renamed = await renameConfiguration(config.id, name, description).catch((error: unknown) => {
      throw new Error(FAILURE_TOASTS.renameConfiguration, { cause: error });
    });
    set({ items: get().items.map((item) => (item.id === renamed.id ? renamed : item)) });
    return renamed;
  },

  remove: async (id) => {
    await deleteConfiguration(id).catch((error: unknown) => {
      throw new Error(FAILURE_TOASTS.deleteConfiguration, { cause: error });
    });
    await get().load();
  },
}));
