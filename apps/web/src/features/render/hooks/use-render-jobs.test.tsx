import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_ROUTES,
  POLLING,
  RENDER_FILES_PROGRESS,
  STATE_MESSAGES,
  type StillRenderRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { jsonAnswer as json, renderJob as job, stubRenderService as renderService } from '@/test/render-service';
import { RENDER_JOBS_STORAGE_KEY, useRenderJobsStore } from '../stores/render-jobs-store';
import { dismissRender, useCancelRender, useRenderJobs, useStartRender } from './use-render-jobs';

const STILL: StillRenderRequestInput = {
  resolutionPreset: 'custom',
  customResolution: { width: 192, height: 108 },
  settings: { app: { product: { id: 'terra' } } },
  metadata: { name: 'Dusk still' },
};
const VIDEO: VideoRenderRequestInput = {
  selectedAnimation: 'Exterior 360',
  settings: { app: { product: { id: 'terra' } } },
  metadata: { name: 'Orbit' },
};

/** The studio's render tray and dialogs over one query cache: the tab's renders, and starting and cancelling them. */
function studio() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => ({ jobs: useRenderJobs(), ...useStartRender(), cancel: useCancelRender() }), {
    wrapper,
  });
  /** Runs `action` and lets what it changed show, without waiting for what it started. */
  const at = <T,>(action: () => T): T => {
    let value!: T;
    act(() => {
      value = action();
    });
    return value;
  };
  return {
    client,
    jobs: () => result.current.jobs,
    entry: (id: string) => result.current.jobs.find((candidate) => candidate.id === id),
    /** Starts a still; it is listed at once, and the promise is the start's answer. */
    beginStill: (request: StillRenderRequestInput) => at(() => result.current.startStill(request)),
    startStill: (request: StillRenderRequestInput) => act(() => result.current.startStill(request)),
    startVideo: (request: VideoRenderRequestInput) => act(() => result.current.startVideo(request)),
    beginCancel: (id: string) => at(() => result.current.cancel(id)),
    cancel: (id: string) => act(() => result.current.cancel(id)),
    dismiss: (id: string) => at(() => dismissRender(id)),
  };
}

/**
 * Lets what is due show: the answers in flight arrive and the query cache tells React (it batches its news on a
 * timer of its own, which these tests' clock holds too). A few milliseconds, far from the next poll.
 */
const settle = () => act(() => vi.advanceTimersByTimeAsync(5));
/** Lets the clock run by whole polls, and the answers they wait for settle. */
const polls = async (n: number) => {
  await act(() => vi.advanceTimersByTimeAsync(n * POLLING.renderStatusMs));
  await settle();
};

describe('the tab’s renders (spec §4 render status and render job)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
  });
  afterEach(() => {
    useRenderJobsStore.getState().clear();
    sessionStorage.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists a render at once as rendering from 0, then follows it every second to completed at 100', async () => {
    const tab = studio();
    const service = renderService([() => json(job('j1'), 202)], {
      j1: [
        job('j1', { status: 'in progress', progress: 40, message: 'Rendering frame 12 of 360' }),
        job('j1', {
          status: 'completed',
          progress: 100,
          message: 'Render completed',
          outputs: [{ kind: 'Beauty', url: '/media/beauty.jpg', contentType: 'image/jpeg' }],
          renderedAssetId: 'asset-1',
        }),
      ],
    });
    const started = tab.beginStill(STILL);
    const [listed] = tab.jobs();
    expect(listed).toMatchObject({ name: 'Dusk still', kind: 'still', status: 'rendering', progress: 0, jobId: null });
    const id = await act(() => started);
    expect(tab.entry(id)).toMatchObject({ jobId: 'j1', status: 'rendering', progress: 0 });
    expect(service.calls[0]).toMatchObject({ method: 'POST', path: API_ROUTES.render.still, body: STILL });

    await act(() => vi.advanceTimersByTimeAsync(POLLING.renderStatusMs - 1));
    expect(service.count('GET')).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();
    expect(tab.entry(id)).toMatchObject({ status: 'rendering', progress: 40, message: 'Rendering frame 12 of 360' });

    await polls(1);
    expect(tab.entry(id)).toMatchObject({
      status: 'completed',
      progress: 100,
      error: null,
      renderedAssetId: 'asset-1',
      outputs: [{ kind: 'Beauty', url: '/media/beauty.jpg', contentType: 'image/jpeg' }],
    });
    await polls(5);
    expect(service.count('GET')).toBe(2);
  });

  it('fails a start that the server refuses, with the spec’s message for a still and for a video', async () => {
    const tab = studio();
    renderService(
      [() => json({ message: 'name is required' }, 400), () => json({ message: 'no such animation' }, 400)],
      {},
    );
    const still = await tab.startStill(STILL);
    const video = await tab.startVideo(VIDEO);
    expect(tab.entry(still)).toMatchObject({ status: 'failed', error: STATE_MESSAGES.startRenderFailed, jobId: null });
    expect(tab.entry(video)).toMatchObject({
      kind: 'video',
      status: 'failed',
      error: STATE_MESSAGES.startVideoRenderFailed,
    });
  });

  it('needs a returned job id and a non-error status to start, and says which was missing (spec §5, §8)', async () => {
    const tab = studio();
    const service = renderService(
      [() => json(job('', { status: 'queued' }), 202), () => json(job('j2', { status: 'error' }), 202)],
      {},
    );
    const withoutId = await tab.startStill(STILL);
    const withError = await tab.startStill(STILL);
    expect(tab.entry(withoutId)).toMatchObject({ status: 'failed', error: STATE_MESSAGES.noJobId });
    expect(tab.entry(withError)).toMatchObject({ status: 'failed', error: STATE_MESSAGES.startRenderFailed });
    await polls(3);
    expect(service.count('GET')).toBe(0);
  });

  it('counts an error status as a strike and ends polling after more than 3, failed with the spec’s message', async () => {
    const tab = studio();
    const error = job('j3', { status: 'error', message: 'The render worker stopped answering' });
    const service = renderService([() => json(job('j3'), 202)], { j3: [error] });
    const id = await tab.startStill(STILL);

    await polls(POLLING.renderErrorStrikes);
    expect(tab.entry(id)).toMatchObject({ status: 'rendering', strikes: POLLING.renderErrorStrikes, error: null });
    await polls(1);
    expect(tab.entry(id)).toMatchObject({
      status: 'failed',
      strikes: POLLING.renderErrorStrikes + 1,
      error: STATE_MESSAGES.renderStatusFailed,
    });
    await polls(5);
    expect(service.count('GET')).toBe(POLLING.renderErrorStrikes + 1);
  });

  it('counts status calls that fail as strikes too, and keeps the strikes of earlier errors', async () => {
    const tab = studio();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderService([() => json(job('j4'), 202)], {
      j4: [job('j4', { status: 'error' }), 'unreachable', job('j4', { status: 'in progress', progress: 10 })],
    });
    const id = await tab.startStill(STILL);
    await polls(3);
    expect(tab.entry(id)).toMatchObject({ status: 'rendering', progress: 10, strikes: 2 });
    expect(warn).toHaveBeenCalledWith('render status failed', expect.anything());
  });

  it('ends a job the server gave up with its error, or the spec’s message when it gives none', async () => {
    const tab = studio();
    renderService([() => json(job('j5'), 202), () => json(job('j6', { kind: 'video' }), 202)], {
      j5: [job('j5', { status: 'failed', error: 'The render engine failed: out of memory' })],
      j6: [job('j6', { status: 'failed', error: null })],
    });
    const withReason = await tab.startStill(STILL);
    const without = await tab.startVideo(VIDEO);
    await polls(1);
    expect(tab.entry(withReason)).toMatchObject({ status: 'failed', error: 'The render engine failed: out of memory' });
    expect(tab.entry(without)).toMatchObject({ status: 'failed', error: STATE_MESSAGES.renderWorkflowFailed });
  });

  it('cancels: polling stops, the job returns to idle with progress 0 and no error, is deleted, then leaves the list', async () => {
    const tab = studio();
    const service = renderService([() => json(job('j7'), 202)], {
      j7: [job('j7', { status: 'in progress', progress: 55 })],
    });
    const id = await tab.startStill(STILL);
    await polls(1);
    expect(tab.entry(id)).toMatchObject({ progress: 55 });

    const cancelled = tab.beginCancel(id);
    expect(tab.entry(id)).toMatchObject({ status: 'idle', progress: 0, error: null });
    await act(() => cancelled);
    expect(service.calls.at(-1)).toEqual({ method: 'DELETE', path: '/render-workflow/j7' });
    expect(tab.entry(id)).toBeUndefined();
    await polls(3);
    expect(service.count('GET')).toBe(1);
  });

  it('cancels a render whose start has not answered yet: the job it queued is deleted when the answer comes', async () => {
    const tab = studio();
    let answer: (response: Response) => void = () => undefined;
    const service = renderService([() => new Promise<Response>((resolve) => (answer = resolve))], { j8: [job('j8')] });
    const started = tab.beginStill(STILL);
    const [listed] = tab.jobs();
    await tab.cancel(listed!.id);
    expect(tab.jobs()).toEqual([]);
    answer(new Response(JSON.stringify(job('j8')), { status: 202 }));
    await act(() => started);
    await vi.waitFor(() => expect(service.count('DELETE', 'j8')).toBe(1));
    await polls(2);
    expect(service.count('GET')).toBe(0);
    expect(tab.jobs()).toEqual([]);
  });

  it('follows several renders at once, each on its own, newest first', async () => {
    const tab = studio();
    const service = renderService([() => json(job('a'), 202), () => json(job('b', { kind: 'video' }), 202)], {
      a: [job('a', { status: 'in progress', progress: 50 }), job('a', { status: 'completed', progress: 100 })],
      b: [job('b', { status: 'in progress', progress: 5 }), job('b', { status: 'in progress', progress: 10 })],
    });
    const a = await tab.startStill(STILL);
    const b = await tab.startVideo(VIDEO);
    expect(tab.jobs().map((listed) => listed.id)).toEqual([b, a]);

    await polls(2);
    expect(tab.entry(a)).toMatchObject({ status: 'completed', progress: 100 });
    expect(tab.entry(b)).toMatchObject({ status: 'rendering', progress: 10 });

    await tab.cancel(b);
    tab.dismiss(a);
    expect(tab.jobs()).toEqual([]);
    const gets = service.count('GET');
    await polls(3);
    expect(service.count('GET')).toBe(gets);
  });

  it('dismisses only finished renders; a running one is cancelled instead', async () => {
    const tab = studio();
    renderService([() => json(job('c'), 202)], { c: [job('c', { status: 'in progress', progress: 1 })] });
    const id = await tab.startStill(STILL);
    tab.dismiss(id);
    expect(tab.entry(id)).toMatchObject({ status: 'rendering' });
  });

  it('comes back after a reload with the tab’s renders, and follows a running one again to completed', async () => {
    const before = studio();
    const service = renderService([() => json(job('j7'), 202)], {
      j7: [
        job('j7', { status: 'in progress', progress: 30 }),
        job('j7', { status: 'completed', progress: 100, renderedAssetId: 'asset-7' }),
      ],
    });
    const id = await before.startStill(STILL);
    const saved = sessionStorage.getItem(RENDER_JOBS_STORAGE_KEY);
    expect(saved).toContain('j7');

    // A reload: the page and its query cache are gone, and the list is read back from the tab's storage.
    cleanup();
    useRenderJobsStore.getState().clear();
    sessionStorage.setItem(RENDER_JOBS_STORAGE_KEY, saved ?? '');
    await useRenderJobsStore.persist.rehydrate();
    const tab = studio();
    expect(tab.entry(id)).toMatchObject({ jobId: 'j7', status: 'rendering', name: 'Dusk still' });
    await polls(2);
    expect(tab.entry(id)).toMatchObject({ status: 'completed', progress: 100, renderedAssetId: 'asset-7' });
    expect(service.count('GET', 'j7')).toBe(2);
  });

  it('enters processingFile while the job writes its files, and leaves it completed', async () => {
    const tab = studio();
    renderService([() => json(job('j8'), 202)], {
      j8: [
        job('j8', { status: 'in progress', progress: RENDER_FILES_PROGRESS - 1 }),
        job('j8', { status: 'in progress', progress: RENDER_FILES_PROGRESS, message: 'Encoding the video' }),
        job('j8', { status: 'completed', progress: 100 }),
      ],
    });
    const id = await tab.startVideo(VIDEO);
    await polls(1);
    expect(tab.entry(id)).toMatchObject({ status: 'rendering' });
    await polls(1);
    expect(tab.entry(id)).toMatchObject({ status: 'processingFile', message: 'Encoding the video' });
    await polls(1);
    expect(tab.entry(id)).toMatchObject({ status: 'completed', progress: 100 });
  });
});
