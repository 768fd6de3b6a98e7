import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  POLLING,
  RENDER_FILES_PROGRESS,
  STATE_MESSAGES,
  type RenderJob,
  type StillRenderRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { RENDER_JOBS_STORAGE_KEY, useRenderJobsStore } from './render-jobs-store';

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

function job(jobId: string, changes: Partial<RenderJob> = {}): RenderJob {
  return {
    jobId,
    kind: 'still',
    status: 'queued',
    progress: 0,
    message: 'Waiting for a render worker',
    error: null,
    outputs: [],
    renderedAssetId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...changes,
  };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/**
 * The render service at the fetch boundary: starts answer from `starts` in turn, each job's status calls from its
 * own queue of answers (the last one repeats; `unreachable` is a call that never reaches it), cancels with 204.
 */
function renderService(starts: (() => Promise<Response>)[], statuses: Record<string, (RenderJob | 'unreachable')[]>) {
  const calls: { method: string; path: string }[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    // apiRequest calls fetch with the URL as a string.
    const url = new URL(input as string);
    const method = init?.method ?? 'GET';
    const path = url.pathname.slice(API_BASE.length);
    calls.push({ method, path });
    if (method === 'POST') {
      const next = starts.shift();
      if (!next) throw new Error('no start answer left');
      return next();
    }
    if (method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
    const jobId = decodeURIComponent(path.split('/').pop() ?? '');
    const queue = statuses[jobId];
    if (!queue?.length) return json({ message: 'Render job not found' }, 404);
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    return answer === 'unreachable' ? Promise.reject(new TypeError('fetch failed')) : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  const count = (method: string, jobId?: string) =>
    calls.filter((call) => call.method === method && (!jobId || call.path.endsWith(`/${jobId}`))).length;
  return { calls, count };
}

const entry = (id: string) => useRenderJobsStore.getState().jobs.find((candidate) => candidate.id === id);
/** Lets the clock run by whole polls, and the answers they wait for settle. */
const polls = (n: number) => vi.advanceTimersByTimeAsync(n * POLLING.renderStatusMs);

describe('the render jobs store (spec §4 render status and render job)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    pointApiClientAt('http://server.test', { getAccessToken: () => 'a-token' });
  });
  afterEach(() => {
    useRenderJobsStore.getState().clear();
    vi.useRealTimers();
  });

  it('lists a render at once as rendering from 0, then follows it every second to completed at 100', async () => {
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
    const started = useRenderJobsStore.getState().startStill(STILL);
    const [listed] = useRenderJobsStore.getState().jobs;
    expect(listed).toMatchObject({ name: 'Dusk still', kind: 'still', status: 'rendering', progress: 0, jobId: null });
    const id = await started;
    expect(entry(id)).toMatchObject({ jobId: 'j1', status: 'rendering', progress: 0 });
    expect(service.calls[0]).toEqual({ method: 'POST', path: API_ROUTES.render.still });

    await vi.advanceTimersByTimeAsync(POLLING.renderStatusMs - 1);
    expect(service.count('GET')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(entry(id)).toMatchObject({ status: 'rendering', progress: 40, message: 'Rendering frame 12 of 360' });

    await polls(1);
    expect(entry(id)).toMatchObject({
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
    renderService(
      [() => json({ message: 'name is required' }, 400), () => json({ message: 'no such animation' }, 400)],
      {},
    );
    const still = await useRenderJobsStore.getState().startStill(STILL);
    const video = await useRenderJobsStore.getState().startVideo(VIDEO);
    expect(entry(still)).toMatchObject({ status: 'failed', error: STATE_MESSAGES.startRenderFailed, jobId: null });
    expect(entry(video)).toMatchObject({
      kind: 'video',
      status: 'failed',
      error: STATE_MESSAGES.startVideoRenderFailed,
    });
  });

  it('needs a returned job id and a non-error status to start, and says which was missing (spec §5, §8)', async () => {
    const service = renderService(
      [() => json(job('', { status: 'queued' }), 202), () => json(job('j2', { status: 'error' }), 202)],
      {},
    );
    const withoutId = await useRenderJobsStore.getState().startStill(STILL);
    const withError = await useRenderJobsStore.getState().startStill(STILL);
    expect(entry(withoutId)).toMatchObject({ status: 'failed', error: STATE_MESSAGES.noJobId });
    expect(entry(withError)).toMatchObject({ status: 'failed', error: STATE_MESSAGES.startRenderFailed });
    await polls(3);
    expect(service.count('GET')).toBe(0);
  });

  it('counts an error status as a strike and ends polling after more than 3, failed with the spec’s message', async () => {
    const error = job('j3', { status: 'error', message: 'The render worker stopped answering' });
    const service = renderService([() => json(job('j3'), 202)], { j3: [error] });
    const id = await useRenderJobsStore.getState().startStill(STILL);

    await polls(POLLING.renderErrorStrikes);
    expect(entry(id)).toMatchObject({ status: 'rendering', strikes: POLLING.renderErrorStrikes, error: null });
    await polls(1);
    expect(entry(id)).toMatchObject({
      status: 'failed',
      strikes: POLLING.renderErrorStrikes + 1,
      error: STATE_MESSAGES.renderStatusFailed,
    });
    await polls(5);
    expect(service.count('GET')).toBe(POLLING.renderErrorStrikes + 1);
  });

  it('counts status calls that fail as strikes too, and keeps the strikes of earlier errors', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderService([() => json(job('j4'), 202)], {
      j4: [job('j4', { status: 'error' }), 'unreachable', job('j4', { status: 'in progress', progress: 10 })],
    });
    const id = await useRenderJobsStore.getState().startStill(STILL);
    await polls(3);
    expect(entry(id)).toMatchObject({ status: 'rendering', progress: 10, strikes: 2 });
    expect(warn).toHaveBeenCalledWith('render status failed', expect.anything());
  });

  it('ends a job the server gave up with its error, or the spec’s message when it gives none', async () => {
    renderService([() => json(job('j5'), 202), () => json(job('j6', { kind: 'video' }), 202)], {
      j5: [job('j5', { status: 'failed', error: 'The render engine failed: out of memory' })],
      j6: [job('j6', { status: 'failed', error: null })],
    });
    const withReason = await useRenderJobsStore.getState().startStill(STILL);
    const without = await useRenderJobsStore.getState().startVideo(VIDEO);
    await polls(1);
    expect(entry(withReason)).toMatchObject({ status: 'failed', error: 'The render engine failed: out of memory' });
    expect(entry(without)).toMatchObject({ status: 'failed', error: STATE_MESSAGES.renderWorkflowFailed });
  });

  it('cancels: polling stops, the job returns to idle with progress 0 and no error, is deleted, then leaves the list', async () => {
    const service = renderService([() => json(job('j7'), 202)], {
      j7: [job('j7', { status: 'in progress', progress: 55 })],
    });
    const id = await useRenderJobsStore.getState().startStill(STILL);
    await polls(1);
    expect(entry(id)).toMatchObject({ progress: 55 });

    const cancelled = useRenderJobsStore.getState().cancel(id);
    expect(entry(id)).toMatchObject({ status: 'idle', progress: 0, error: null });
    await cancelled;
    expect(service.calls.at(-1)).toEqual({ method: 'DELETE', path: '/render-workflow/j7' });
    expect(entry(id)).toBeUndefined();
    await polls(3);
    expect(service.count('GET')).toBe(1);
  });

  it('cancels a render whose start has not answered yet: the job it queued is deleted when the answer comes', async () => {
    let answer: (response: Response) => void = () => undefined;
    const service = renderService([() => new Promise<Response>((resolve) => (answer = resolve))], { j8: [job('j8')] });
    const started = useRenderJobsStore.getState().startStill(STILL);
    const [listed] = useRenderJobsStore.getState().jobs;
    await useRenderJobsStore.getState().cancel(listed!.id);
    expect(useRenderJobsStore.getState().jobs).toEqual([]);
    answer(new Response(JSON.stringify(job('j8')), { status: 202 }));
    await started;
    await vi.waitFor(() => expect(service.count('DELETE', 'j8')).toBe(1));
    await polls(2);
    expect(service.count('GET')).toBe(0);
    expect(useRenderJobsStore.getState().jobs).toEqual([]);
  });

  it('follows several renders at once, each on its own, newest first', async () => {
    const service = renderService([() => json(job('a'), 202), () => json(job('b', { kind: 'video' }), 202)], {
      a: [job('a', { status: 'in progress', progress: 50 }), job('a', { status: 'completed', progress: 100 })],
      b: [job('b', { status: 'in progress', progress: 5 }), job('b', { status: 'in progress', progress: 10 })],
    });
    const a = await useRenderJobsStore.getState().startStill(STILL);
    const b = await useRenderJobsStore.getState().startVideo(VIDEO);
    expect(useRenderJobsStore.getState().jobs.map((listed) => listed.id)).toEqual([b, a]);

    await polls(2);
    expect(entry(a)).toMatchObject({ status: 'completed', progress: 100 });
    expect(entry(b)).toMatchObject({ status: 'rendering', progress: 10 });

    await useRenderJobsStore.getState().cancel(b);
    useRenderJobsStore.getState().dismiss(a);
    expect(useRenderJobsStore.getState().jobs).toEqual([]);
    const gets = service.count('GET');
    await polls(3);
    expect(service.count('GET')).toBe(gets);
  });

  it('dismisses only finished renders; a running one is cancelled instead', async () => {
    renderService([() => json(job('c'), 202)], { c: [job('c', { status: 'in progress', progress: 1 })] });
    const id = await useRenderJobsStore.getState().startStill(STILL);
    useRenderJobsStore.getState().dismiss(id);
    expect(entry(id)).toMatchObject({ status: 'rendering' });
  });

  it('comes back after a reload with the tab’s renders, and follows a running one again to completed', async () => {
    const service = renderService([() => json(job('j7'), 202)], {
      j7: [
        job('j7', { status: 'in progress', progress: 30 }),
        job('j7', { status: 'completed', progress: 100, renderedAssetId: 'asset-7' }),
      ],
    });
    const id = await useRenderJobsStore.getState().startStill(STILL);
    const saved = sessionStorage.getItem(RENDER_JOBS_STORAGE_KEY);
    expect(saved).toContain('j7');

    // A reload: the page's polls are gone and the list is read back from the tab's storage.
    useRenderJobsStore.getState().clear();
    sessionStorage.setItem(RENDER_JOBS_STORAGE_KEY, saved ?? '');
    await useRenderJobsStore.persist.rehydrate();
    expect(entry(id)).toMatchObject({ jobId: 'j7', status: 'rendering', name: 'Dusk still' });
    await polls(2);
    expect(entry(id)).toMatchObject({ status: 'completed', progress: 100, renderedAssetId: 'asset-7' });
    expect(service.count('GET', 'j7')).toBe(2);
  });

  it('enters processingFile while the job writes its files, and leaves it completed', async () => {
    renderService([() => json(job('j8'), 202)], {
      j8: [
        job('j8', { status: 'in progress', progress: RENDER_FILES_PROGRESS - 1 }),
        job('j8', { status: 'in progress', progress: RENDER_FILES_PROGRESS, message: 'Encoding the video' }),
        job('j8', { status: 'completed', progress: 100 }),
      ],
    });
    const id = await useRenderJobsStore.getState().startVideo(VIDEO);
    await polls(1);
    expect(entry(id)).toMatchObject({ status: 'rendering' });
    await polls(1);
    expect(entry(id)).toMatchObject({ status: 'processingFile', message: 'Encoding the video' });
    await polls(1);
    expect(entry(id)).toMatchObject({ status: 'completed', progress: 100 });
  });
});
