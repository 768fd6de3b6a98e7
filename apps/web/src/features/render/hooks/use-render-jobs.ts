import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from '@/lib/toast';
import {
  CAR_MODEL_MESSAGES,
  MATRIX_MESSAGES,
  TURNTABLE_MESSAGES,
  POLLING,
  RENDER_MESSAGES,
  STATE_MESSAGES,
  type RenderJob,
  type CarModelRequestInput,
  type MatrixRenderRequestInput,
  type RenderJobKind,
  type StillRenderRequestInput,
  type TurntableRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import {
  cancelRenderJob,
  fetchRenderStatus,
  renderKeys,
  startCarModelExport,
  startMatrixRender,
  startStillRender,
  startTurntableRender,
  startVideoRender,
} from '@/api/render';
import { renderedAssetKeys } from '@/api/rendered-assets';
import { ApiError } from '@/lib/api-client';
import { cancellingView, failedView, isRunning, nextView, STARTING, type RenderJobView } from '../lib/render-job-view';
import { useRenderJobsStore, type FollowedRender } from '../stores/render-jobs-store';

/** One render in the progress panel: what the tab follows, with what the server said of it last. */
export type RenderJobEntry = Omit<FollowedRender, 'ended'> & RenderJobView;

const reasonOf = (error: unknown): string | undefined => (error instanceof Error ? error.message : undefined);
const entryOf = (id: string) => useRenderJobsStore.getState().jobs.find((entry) => entry.id === id);

/**
 * A running job's status, polled every second (spec §4) until it ends. Each poll folds the answer into the last view
 * (`nextView`), so the strikes of `error` answers and failed calls add up across polls.
 */
export const renderJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: renderKeys.job(jobId),
    queryFn: async ({ client, queryKey, signal }): Promise<RenderJobView> => {
      const previous = client.getQueryData<RenderJobView>(queryKey) ?? STARTING;
      let answer: RenderJob | null;
      try {
        answer = await fetchRenderStatus(jobId, signal);
      } catch (error) {
        // A poll stopped by a cancel concerns nobody; any other failure is a strike.
        if (signal.aborted) throw error;
        console.warn('render status failed', error);
        answer = null;
      }
      return nextView(previous, answer);
    },
    refetchInterval: (query) => (query.state.data && !isRunning(query.state.data) ? false : POLLING.renderStatusMs),
    // A render of minutes goes on while the tab is in the background; its end should be there on return.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
    // The view the start answered (or the last poll) holds until the next poll is due.
    staleTime: POLLING.renderStatusMs,
  });

/**
 * The tab's renders, newest first, followed while they run: mount it once (the studio's render tray). A render that
 * ends is written to the list with a toast; a completed one marks the cached renders stale, so an open gallery (or
 * the console's list) shows it; one cancelled elsewhere leaves the list.
 */
export function useRenderJobs(): RenderJobEntry[] {
  const client = useQueryClient();
  const followed = useRenderJobsStore((state) => state.jobs);
  const running = useMemo(
    () => followed.filter((entry): entry is FollowedRender & { jobId: string } => !!entry.jobId && !entry.ended),
    [followed],
  );
  const views = useQueries({
    queries: running.map((entry) => renderJobQuery(entry.jobId)),
    combine: (results) => results.map((result) => result.data),
  });

  useEffect(() => {
    const { end, remove } = useRenderJobsStore.getState();
    running.forEach((entry, index) => {
      const view = views[index];
      if (!view || isRunning(view)) return;
      if (view.status === 'idle') {
        remove(entry.id);
        return;
      }
      end(entry.id, view);
      if (view.status === 'completed') {
        toast.success(RENDER_MESSAGES.completed, { description: entry.name });
        void client.invalidateQueries({ queryKey: renderedAssetKeys.lists() });
      } else if (view.error) {
        toast.error(view.error, { description: entry.name });
      }
    });
  }, [client, running, views]);

  return useMemo(() => {
    const byJob = new Map(running.map((entry, index) => [entry.id, views[index]]));
    return followed.map(({ ended, ...entry }) => ({ ...entry, ...(ended ?? byJob.get(entry.id) ?? STARTING) }));
  }, [followed, running, views]);
}

/** Starts stills and videos: each is listed at once, then followed. Resolves with the entry's id; never rejects. */
export function useStartRender() {
  const client = useQueryClient();
  return useMemo(() => {
    const start = async (
      kind: RenderJobKind,
      name: string,
      send: () => Promise<RenderJob>,
      failure: string,
    ): Promise<string> => {
      const { add, started, end } = useRenderJobsStore.getState();
      const id = add(kind, name);
      const fail = (error: string, description?: string) => {
        end(id, failedView(STARTING, error));
        toast.error(error, { description: description ?? name });
      };
      let job: RenderJob;
      try {
        job = await send();
      } catch (error) {
        if (entryOf(id)) fail(failure, reasonOf(error));
        return id;
      }
      if (!entryOf(id)) {
        // Cancelled before the server answered: the job it queued goes too.
        if (job.jobId)
          cancelRenderJob(job.jobId).catch((error: unknown) => console.warn('render cancel failed', error));
        return id;
      }
      // Spec §5: a start needs a returned job id and a non-error status; each failure says which it was.
      if (!job.jobId) fail(STATE_MESSAGES.noJobId);
      else if (job.status === 'error' || job.status === 'failed') fail(failure, job.error ?? undefined);
      else {
        client.setQueryData(renderKeys.job(job.jobId), nextView(STARTING, job));
        started(id, job.jobId);
      }
      return id;
    };
    return {
      startStill: (request: StillRenderRequestInput) =>
        start('still', request.metadata.name, () => startStillRender(request), STATE_MESSAGES.startRenderFailed),
      startVideo: (request: VideoRenderRequestInput) =>
        start('video', request.metadata.name, () => startVideoRender(request), STATE_MESSAGES.startVideoRenderFailed),
      startMatrix: (request: MatrixRenderRequestInput) =>
        start('matrix', request.metadata.name, () => startMatrixRender(request), MATRIX_MESSAGES.startFailed),
      startTurntable: (request: TurntableRequestInput) =>
        start('turntable', request.metadata.name, () => startTurntableRender(request), TURNTABLE_MESSAGES.startFailed),
      startCarModel: (request: CarModelRequestInput) =>
        start('carModel', request.metadata.name, () => startCarModelExport(request), CAR_MODEL_MESSAGES.startFailed),
    };
  }, [client]);
}

/**
 * One render of the tab's list as it stands, for a dialog that shows its own job through to the end (the car export):
 * the same poll as the tray's (one query per job), read, not driven; null before it is listed or once it left.
 */
export function useFollowedRender(id: string | null): RenderJobEntry | null {
  const followed = useRenderJobsStore((state) => state.jobs.find((entry) => entry.id === id));
  const jobId = followed && !followed.ended ? followed.jobId : null;
  const polled = useQuery({ ...renderJobQuery(jobId ?? ''), enabled: jobId !== null });
  if (!followed) return null;
  const { ended, ...entry } = followed;
  return { ...entry, ...(ended ?? polled.data ?? STARTING) };
}

/**
 * Spec §4 cancel: polling stops, the render returns to idle (progress 0, no error), its job is deleted, then it
 * leaves the list. Only a running render is cancelled.
 */
export function useCancelRender(): (id: string) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (id: string) => {
      const entry = entryOf(id);
      if (!entry || entry.ended) return;
      const { end, remove } = useRenderJobsStore.getState();
      const key = entry.jobId ? renderKeys.job(entry.jobId) : null;
      const last = key ? (client.getQueryData<RenderJobView>(key) ?? STARTING) : STARTING;
      end(id, cancellingView(last, RENDER_MESSAGES.cancelling));
      if (entry.jobId && key) {
        await client.cancelQueries({ queryKey: key });
        try {
          await cancelRenderJob(entry.jobId);
        } catch (error) {
          // Gone already (finished and cleaned up, or cancelled elsewhere) is what was asked for.
          if (!(error instanceof ApiError && error.status === 404)) {
            console.warn('render cancel failed', error);
            toast.error(reasonOf(error) ?? String(error), { description: entry.name });
          }
        }
        client.removeQueries({ queryKey: key });
      }
      remove(id);
    },
    [client],
  );
}

/** Takes a finished (completed or failed) render off the list; a running one is cancelled instead. */
export function dismissRender(id: string): void {
  const entry = entryOf(id);
  if (entry?.ended && entry.ended.status !== 'idle') useRenderJobsStore.getState().remove(id);
}
