import { buffer } from 'node:stream/consumers';
import { expect, vi } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  pathTo,
  type RenderedAsset,
  type RenderedAssetItem,
  type RenderJob,
} from '@autostudio/protocol';
import type { TestApp } from './test-app.js';

/**
 * A user's side of the render service in a test app: start a job, follow it to its end, read the rendered asset it
 * became and the files behind its media URLs. The app and token are read when a call is made (after `beforeAll`).
 */
export function renderClient(app: () => TestApp, token: () => string) {
  const call = (method: 'GET' | 'POST' | 'DELETE', route: string, payload?: unknown) =>
    app().app.inject({
      method,
      url: `${API_BASE}${route}`,
      headers: { authorization: `Bearer ${token()}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const start = async (route: string, payload: unknown) => {
    const response = await call('POST', route, payload);
    expect(response.statusCode, response.body).toBe(202);
    return response.json<RenderJob>().jobId;
  };
  const statusOf = async (jobId: string) =>
    (await call('GET', pathTo(API_ROUTES.render.status, { jobId }))).json<RenderJob>();
  /** Waits for the job to end; a failed job fails the test at once with the job's error. */
  const finished = async (jobId: string, timeout = 120_000) => {
    const job = await vi.waitFor(
      async () => {
        const current = await statusOf(jobId);
        expect(['completed', 'failed']).toContain(current.status);
        return current;
      },
      { timeout, interval: 200 },
    );
    expect(job.error).toBeNull();
    expect(job.status).toBe('completed');
    return job;
  };
  const itemsOf = async (job: RenderJob) => {
    expect(job.renderedAssetId).toEqual(expect.any(String));
    const id = job.renderedAssetId ?? '';
    const asset = (await call('GET', pathTo(API_ROUTES.renderedAssets.byId, { id }))).json<RenderedAsset>();
    const items = (await call('GET', pathTo(API_ROUTES.renderedAssets.items, { id }))).json<RenderedAssetItem[]>();
    return { asset, items };
  };
  /** The stored file behind a media URL. */
  const file = async (url: string) => {
    const key = decodeURIComponent(url.replace(/^\/api\/media\//, ''));
    return buffer(await app().app.renderQueue.storage.get(key));
  };
  return { call, start, statusOf, finished, itemsOf, file };
}

/**
 * A matrix slow enough to interrupt on two cores: one trim in six paints at 256×144 with 4 × 2 samples, each variant
 * its own picture in the render cache.
 */
export const interruptibleMatrix = (name: string) => ({
  trims: ['Terra Limited'],
  paints: ['glacier white', 'obsidian black', 'rallye red', 'cobalt blue', 'lunar silver', 'forest green'],
  resolutionPreset: 'custom',
  customResolution: { width: 256, height: 144 },
  imageFormat: 'JPG',
  antiAliasSpatial: 4,
  antiAliasTemporal: 2,
  quality: 'MEDIUM',
  settings: {},
  metadata: { name },
});
