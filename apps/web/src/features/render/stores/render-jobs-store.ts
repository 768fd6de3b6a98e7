import {
  POLLING,
  PROGRESS_MAX,
  RENDER_FILES_PROGRESS,
  RENDER_MESSAGES,
  STATE_MESSAGES,
  type RenderJob,
  type RenderJobKind,
  type RenderOutput,
  type StillRenderRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import { toast } from 'sonner';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ApiError } from '@/lib/api-client';
import { cancelRenderJob, fetchRenderStatus, startStillRender, startVideoRender } from '../api/render-api';

/**
 * Spec §4 "Render status". The server's statuses map onto these as the comment above RENDER_JOB_STATUSES says:
 * queued and in progress are rendering, completed is completed, failed is failed, cancelled leaves the list, and
 * error is a strike. A job in progress at RENDER_FILES_PROGRESS or past it is writing its files: processingFile.
 */
export type RenderStatus = 'idle' | 'rendering' | 'processingFile' | 'failed' | 'completed';

/** One render in the progress panel. */
export interface RenderJobEntry {
  /** The panel's key, given at once: the job is listed before the server has answered its start. */
  id: string;
  /** The server's job id, once the start answered with one. */
  jobId: string | null;
  kind: RenderJobKind;
  /** The render's metadata name. */
  name: string;
  status: RenderStatus;
  /** 0–100. */
  progress: number;
  /** The render service's last word on it ("Rendering frame 12 of 360 …"). */
  message: string;
  /** Why it failed (spec §4: failed with the error stored). */
  error: string | null;
  outputs: RenderOutput[];
  /** The gallery item the outputs became, once completed. */
  renderedAssetId: string | null;
  /** Status answers of `error` (or status calls that failed) so far; more than POLLING.renderErrorStrikes ends it. */
  strikes: number;
}

export interface RenderJobsState {
  /** Newest first. */
  jobs: RenderJobEntry[];
  /** Starts a still: listed at once, then polled every second. Resolves with the entry's id; never rejects. */
  startStill: (request: StillRenderRequestInput) => Promise<string>;
  /** Starts a video, as startStill. */
  startVideo: (request: VideoRenderRequestInput) => Promise<string>;
  /** Spec §4: stops polling, returns to idle (progress 0, no error), deletes the job; then it leaves the list. */
  cancel: (id: string) => Promise<void>;
  /** Takes a finished (completed or failed) render off the list. */
  dismiss: (id: string) => void;
  /** Stops every poll and empties the list (sign-out, tests). The server's jobs go on. */
  clear: () => void;
  /** Polls every running render again: the list came back from the tab's storage after a reload. */
  resume: () => void;
}

/** The tab's renders survive a reload (sessionStorage): a render of minutes must not vanish with a refresh. */
export const RENDER_JOBS_STORAGE_KEY = 'autostudio.renderJobs';

export const isRunning = (entry: Pick<RenderJobEntry, 'status'>): boolean =>
  entry.status === 'rendering' || entry.status === 'processingFile';

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let lastId = 0;

const reasonOf = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.message : error instanceof Error ? error.message : undefined;

export const useRenderJobsStore = create<RenderJobsState>()(
  persist(
    (set, get) => {
      const find = (id: string) => get().jobs.find((entry) => entry.id === id);
      const update = (id: string, changes: Partial<RenderJobEntry>) =>
        set((state) => ({ jobs: state.jobs.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry)) }));
      const remove = (id: string) => set((state) => ({ jobs: state.jobs.filter((entry) => entry.id !== id) }));

      const stopPolling = (id: string) => {
        clearTimeout(timers.get(id));
        timers.delete(id);
      };
      const schedule = (id: string) => {
        stopPolling(id);
        timers.set(
          id,
          setTimeout(() => void poll(id), POLLING.renderStatusMs),
        );
      };

      const fail = (id: string, error: string, description?: string) => {
        stopPolling(id);
        update(id, { status: 'failed', error });
        const entry = find(id);
        toast.error(error, { description: description ?? entry?.name });
      };

      /** Puts a job answer of the server onto its entry, and polls again while it runs. */
      const apply = (id: string, job: RenderJob) => {
        const entry = find(id);
        if (!entry) return;
        switch (job.status) {
          case 'queued':
          case 'in progress':
            update(id, {
              status: job.progress >= RENDER_FILES_PROGRESS ? 'processingFile' : 'rendering',
              progress: job.progress,
              message: job.message,
            });
            schedule(id);
            return;
          case 'completed':
            stopPolling(id);
            update(id, {
              status: 'completed',
              progress: PROGRESS_MAX,
              message: job.message,
              error: null,
              outputs: job.outputs,
              renderedAssetId: job.renderedAssetId,
            });
            toast.success(RENDER_MESSAGES.completed, { description: entry.name });
            return;
          case 'failed':
            update(id, { message: job.message });
            fail(id, job.error ?? STATE_MESSAGES.renderWorkflowFailed);
            return;
          case 'cancelled':
            // Cancelled elsewhere (another tab): as a cancel here, it leaves the list.
            stopPolling(id);
            remove(id);
            return;
          case 'error':
            strike(id, job.message);
            return;
        }
      };

      /** Spec §4: an `error` status counts a strike; polling ends after more than POLLING.renderErrorStrikes. */
      const strike = (id: string, message?: string) => {
        const entry = find(id);
        if (!entry) return;
        const strikes = entry.strikes + 1;
        update(id, { strikes, ...(message ? { message } : {}) });
        if (strikes > POLLING.renderErrorStrikes) fail(id, STATE_MESSAGES.renderStatusFailed);
        else schedule(id);
      };

      const poll = async (id: string) => {
        timers.delete(id);
        const before = find(id);
        if (!before?.jobId || !isRunning(before)) return;
        let job: RenderJob | null;
        try {
          job = await fetchRenderStatus(before.jobId);
        } catch (error) {
          console.warn('render status failed', error);
          job = null;
        }
        // Cancelled or dismissed while the answer was on its way: it no longer concerns this entry.
        const now = find(id);
        if (!now || !isRunning(now)) return;
        if (job) apply(id, job);
        // A status call that failed is a strike too: the user learns the same thing, that the status cannot be had.
        else strike(id);
      };

      const start = async (
        kind: RenderJobKind,
        name: string,
        send: () => Promise<RenderJob>,
        failure: string,
      ): Promise<string> => {
        lastId += 1;
        const id = `render-${lastId}`;
        const entry: RenderJobEntry = {
          id,
          jobId: null,
          kind,
          name,
          // Spec §4: rendering, progress reset to 0.
          status: 'rendering',
          progress: 0,
          message: '',
          error: null,
          outputs: [],
          renderedAssetId: null,
          strikes: 0,
        };
        set((state) => ({ jobs: [entry, ...state.jobs] }));
        let job: RenderJob;
        try {
          job = await send();
        } catch (error) {
          if (find(id)) fail(id, failure, reasonOf(error));
          return id;
        }
        if (!find(id)) {
          // Cancelled before the server answered: the job it queued goes too.
          if (job.jobId)
            cancelRenderJob(job.jobId).catch((error: unknown) => console.warn('render cancel failed', error));
          return id;
        }
        // Spec §5: a start needs a returned job id and a non-error status; each failure says which it was.
        if (!job.jobId) {
          fail(id, STATE_MESSAGES.noJobId);
          return id;
        }
        if (job.status === 'error' || job.status === 'failed') {
          fail(id, failure, job.error ?? undefined);
          return id;
        }
        update(id, { jobId: job.jobId });
        apply(id, job);
        return id;
      };

      return {
        jobs: [],

        startStill: (request) =>
          start('still', request.metadata.name, () => startStillRender(request), STATE_MESSAGES.startRenderFailed),

        startVideo: (request) =>
          start('video', request.metadata.name, () => startVideoRender(request), STATE_MESSAGES.startVideoRenderFailed),

        cancel: async (id) => {
          const entry = find(id);
          if (!entry || !isRunning(entry)) return;
          stopPolling(id);
          update(id, { status: 'idle', progress: 0, error: null, message: RENDER_MESSAGES.cancelling });
          if (entry.jobId) {
            try {
              await cancelRenderJob(entry.jobId);
            } catch (error) {
              // Gone already (finished and cleaned up, or cancelled elsewhere) is what was asked for.
              if (!(error instanceof ApiError && error.status === 404)) {
                console.warn('render cancel failed', error);
                toast.error(reasonOf(error) ?? String(error), { description: entry.name });
              }
            }
          }
          remove(id);
        },

        dismiss: (id) => {
          const entry = find(id);
          if (entry && !isRunning(entry)) remove(id);
        },

        clear: () => {
          for (const id of timers.keys()) stopPolling(id);
          set({ jobs: [] });
        },

        resume: () => {
          for (const entry of get().jobs) {
            lastId = Math.max(lastId, Number(entry.id.replace('render-', '')) || 0);
            if (isRunning(entry)) schedule(entry.id);
          }
        },
      };
    },
    {
      name: RENDER_JOBS_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // A start the server has not answered yet has no job to come back to.
      partialize: (state) => ({ jobs: state.jobs.filter((entry) => entry.jobId !== null) }),
      onRehydrateStorage: () => (state) => state?.resume(),
    },
  ),
);
