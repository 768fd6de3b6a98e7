import type { RenderJobKind } from '@autostudio/protocol';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RenderJobView } from '../lib/render-job-view';

/**
 * The renders this tab follows, client state only: which jobs, under which name, and how each ended. While a job
 * runs, its status is server state, in the query cache (`hooks/use-render-jobs.ts` polls it).
 */
export interface FollowedRender {
  /** The panel's key, given at once: the job is listed before the server has answered its start. */
  id: string;
  /** The server's job id, once the start answered with one. */
  jobId: string | null;
  kind: RenderJobKind;
  /** The render's metadata name. */
  name: string;
  /** How it ended (completed, failed, or idle while a cancel deletes it); null while it runs. */
  ended: RenderJobView | null;
}

interface RenderJobsState {
  /** Newest first. */
  jobs: FollowedRender[];
  /** Lists a render the user just started; answers its id. */
  add: (kind: RenderJobKind, name: string) => string;
  /** The server queued it as `jobId`. */
  started: (id: string, jobId: string) => void;
  /** It ended: polling stops, and the list keeps `view`. */
  end: (id: string, view: RenderJobView) => void;
  remove: (id: string) => void;
  /** Forgets every render (sign-out, tests). The server's jobs go on. */
  clear: () => void;
}

/** The tab's renders survive a reload (sessionStorage): a render of minutes must not vanish with a refresh. */
export const RENDER_JOBS_STORAGE_KEY = 'autostudio.renderJobs';

const idNumber = (id: string) => Number(id.replace('render-', '')) || 0;
/** Ids are never reused: a start that answers after its entry was cancelled must not find a newer entry. */
let lastId = 0;

export const useRenderJobsStore = create<RenderJobsState>()(
  persist(
    (set, get) => {
      const change = (id: string, changes: Partial<FollowedRender>) =>
        set((state) => ({ jobs: state.jobs.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry)) }));
      return {
        jobs: [],
        add: (kind, name) => {
          // After a reload the list came back from storage: new ids continue after its highest.
          lastId = Math.max(lastId, ...get().jobs.map((entry) => idNumber(entry.id))) + 1;
          const id = `render-${lastId}`;
          set((state) => ({ jobs: [{ id, jobId: null, kind, name, ended: null }, ...state.jobs] }));
          return id;
        },
        started: (id, jobId) => change(id, { jobId }),
        end: (id, view) => change(id, { ended: view }),
        remove: (id) => set((state) => ({ jobs: state.jobs.filter((entry) => entry.id !== id) })),
        clear: () => set({ jobs: [] }),
      };
    },
    {
      name: RENDER_JOBS_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // A start the server has not answered yet has no job to come back to.
      partialize: (state) => ({ jobs: state.jobs.filter((entry) => entry.jobId !== null) }),
    },
  ),
);
