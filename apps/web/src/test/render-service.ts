import { vi } from 'vitest';
import { API_BASE, type RenderJob } from '@autostudio/protocol';

/** A render job as the server answers it: queued unless `changes` say otherwise. */
export function renderJob(jobId: string, changes: Partial<RenderJob> = {}): RenderJob {
  return {
    jobId,
    kind: 'still',
    status: 'queued',
    progress: 0,
    message: 'Waiting for a render worker',
    error: null,
    outputs: [],
    renderedAssetId: null,
    items: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...changes,
  };
}

export const jsonAnswer = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

export interface RenderServiceCall {
  method: string;
  path: string;
  /** A POST's JSON body. */
  body?: unknown;
}

/**
 * The render service at the fetch boundary: starts answer from `starts` in turn, each job's status calls from its
 * own queue of answers (the last one repeats; `unreachable` is a call that never reaches it), cancels with 204.
 * `others` answers any other path (a gallery's list, say) before the render routes are tried.
 */
export function stubRenderService(
  starts: (() => Promise<Response>)[],
  statuses: Record<string, (RenderJob | 'unreachable')[]>,
  others: (path: string) => Promise<Response> | undefined = () => undefined,
) {
  const calls: RenderServiceCall[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    // apiRequest calls fetch with the URL as a string.
    const url = new URL(input as string);
    const method = init?.method ?? 'GET';
    const path = url.pathname.slice(API_BASE.length);
    const other = others(path);
    if (other) return other;
    calls.push({ method, path, ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as unknown } : {}) });
    if (method === 'POST') {
      const next = starts.shift();
      if (!next) throw new Error('no start answer left');
      return next();
    }
    if (method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
    const jobId = decodeURIComponent(path.split('/').pop() ?? '');
    const queue = statuses[jobId];
    if (!queue?.length) return jsonAnswer({ message: 'Render job not found' }, 404);
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    if (answer === 'unreachable') return Promise.reject(new TypeError('fetch failed'));
    if (init?.signal?.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
    return jsonAnswer(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  const count = (method: string, jobId?: string) =>
    calls.filter((call) => call.method === method && (!jobId || call.path.endsWith(`/${jobId}`))).length;
  /** The bodies of the starts asked for, in order. */
  const started = () => calls.filter((call) => call.method === 'POST').map((call) => call.body);
  return { calls, count, started };
}
