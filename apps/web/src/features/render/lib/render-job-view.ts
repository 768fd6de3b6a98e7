import {
  POLLING,
  PROGRESS_MAX,
  RENDER_FILES_PROGRESS,
  STATE_MESSAGES,
  type RenderJob,
  type RenderJobItem,
  type RenderOutput,
} from '@autostudio/protocol';

/**
 * Spec §4 "Render status". The server's statuses map onto these as the comment above RENDER_JOB_STATUSES says:
 * queued and in progress are rendering, completed is completed, failed is failed, error is a strike, and cancelled
 * is idle (the job is gone and leaves the list). A job in progress at RENDER_FILES_PROGRESS or past it is writing
 * its files: processingFile.
 */
export type RenderStatus = 'idle' | 'rendering' | 'processingFile' | 'failed' | 'completed';

/** What the studio knows of one render job: the server's last answer, read for the spec's rules. */
export interface RenderJobView {
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
  /** What became of each item of a job of many (a matrix's variants); empty for a job of one. */
  items: RenderJobItem[];
  /** Status answers of `error` (or status calls that failed) so far; more than POLLING.renderErrorStrikes ends it. */
  strikes: number;
}

export const isRunning = (view: Pick<RenderJobView, 'status'>): boolean =>
  view.status === 'rendering' || view.status === 'processingFile';

/** Spec §4: a render starts as rendering, progress reset to 0. */
export const STARTING: RenderJobView = {
  status: 'rendering',
  progress: 0,
  message: '',
  error: null,
  outputs: [],
  renderedAssetId: null,
  items: [],
  strikes: 0,
};

/** A render that failed, with the reason the user is shown. */
export const failedView = (previous: RenderJobView, error: string): RenderJobView => ({
  ...previous,
  status: 'failed',
  error,
});

/** Spec §4 cancel: back to idle, progress 0 and no error, while the job is deleted. */
export const cancellingView = (previous: RenderJobView, message: string): RenderJobView => ({
  ...previous,
  status: 'idle',
  progress: 0,
  error: null,
  message,
});

/**
 * The view after one status poll: `answer` is the server's job, or null when the call failed. An `error` status and
 * a failed call are each a strike (the user learns the same thing: the status cannot be had); more than
 * POLLING.renderErrorStrikes of them fail the render with the spec's message.
 */
export function nextView(previous: RenderJobView, answer: RenderJob | null): RenderJobView {
  if (!answer || answer.status === 'error') {
    const strikes = previous.strikes + 1;
    const struck = { ...previous, strikes, ...(answer?.message ? { message: answer.message } : {}) };
    return strikes > POLLING.renderErrorStrikes ? failedView(struck, STATE_MESSAGES.renderStatusFailed) : struck;
  }
  const common = { ...previous, message: answer.message, items: answer.items };
  switch (answer.status) {
    case 'queued':
    case 'in progress':
      return {
        ...common,
        status: answer.progress >= RENDER_FILES_PROGRESS ? 'processingFile' : 'rendering',
        progress: answer.progress,
      };
    case 'completed':
      return {
        ...common,
        status: 'completed',
        progress: PROGRESS_MAX,
        error: null,
        outputs: answer.outputs,
        renderedAssetId: answer.renderedAssetId,
      };
    case 'failed':
      return failedView(common, answer.error ?? STATE_MESSAGES.renderWorkflowFailed);
    case 'cancelled':
      // Cancelled elsewhere (another tab): as a cancel here.
      return cancellingView(previous, answer.message);
  }
}
