import { setTimeout as sleep } from 'node:timers/promises';
import { RENDER_PROGRESS_BANDS, type EngineRenderOutput, type RenderJobSettingsInput } from '@autostudio/protocol';
import type { EngineRemote } from './engine-remote.js';
import { RenderFailure, type RenderContext } from './render-runner.js';

/** How often a worker asks the engine how its render goes. */
const STATUS_POLL_MS = 100;

/** The part of a job's progress (0–100) that one engine render takes up: all of the render band unless told. */
export interface ProgressSpan {
  from: number;
  to: number;
}

const RENDER_SPAN: ProgressSpan = {
  from: RENDER_PROGRESS_BANDS.scene,
  to: RENDER_PROGRESS_BANDS.scene + RENDER_PROGRESS_BANDS.render,
};

/**
 * Starts one engine render and follows it to the end, handing each new output over in the engine's order (one at a
 * time, so a slow reader slows the polling rather than piling up). A cancel or a lost job cancels the engine's render,
 * which deletes what it wrote.
 */
export async function followEngineRender(
  remote: EngineRemote,
  settings: RenderJobSettingsInput,
  context: Pick<RenderContext, 'signal' | 'onProgress'>,
  take: (output: EngineRenderOutput) => Promise<void>,
  span: ProgressSpan & { message?: (frames: { done: number; total: number }) => string } = RENDER_SPAN,
): Promise<void> {
  const { JobId } = await remote.call('StartRenderJob', { Settings: settings }, context.signal);
  const cancel = () => {
    remote.call('CancelRenderJob', { JobId }).catch(() => undefined);
  };
  context.signal.addEventListener('abort', cancel, { once: true });
  try {
    let taken = 0;
    for (;;) {
      const status = await remote.call('GetRenderJobStatus', { JobId }, context.signal);
      for (const output of status.Outputs.slice(taken)) {
        await take(output);
        taken += 1;
      }
      const message = span.message?.({ done: status.FramesDone, total: status.FramesTotal }) ?? renderMessage(status);
      context.onProgress(span.from + status.Progress * (span.to - span.from), message);
      if (status.Status === 'Completed') return;
      if (status.Status === 'Failed')
        throw new RenderFailure(`The render engine failed: ${status.Error ?? 'no reason given'}`);
      if (status.Status === 'Cancelled') throw new RenderFailure('The render engine cancelled the render');
      await sleep(STATUS_POLL_MS, undefined, { signal: context.signal });
    }
  } finally {
    context.signal.removeEventListener('abort', cancel);
  }
}

function renderMessage(status: { FramesDone: number; FramesTotal: number; PathTraced: boolean; Samples: number }) {
  const how = `${status.Samples} ${status.PathTraced ? 'path-traced' : 'raster'} samples`;
  return status.FramesTotal > 1
    ? `Rendering frame ${Math.min(status.FramesDone + 1, status.FramesTotal)} of ${status.FramesTotal} (${how})`
    : `Rendering (${how})`;
}
