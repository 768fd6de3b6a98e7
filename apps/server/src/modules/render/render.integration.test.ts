import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  estimateRenderSeconds,
  RENDER_MESSAGES,
  renderWork,
  type RenderEstimates,
  type RenderJob,
  type RenderQueueSummary,
  type StillRenderRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import type { RenderJobRow } from '../../db/schema.js';
import { startScriptedRenderApp } from '../../test/scripted-render-app.js';
import type { TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { RenderJobsRepository } from './render-jobs.repository.js';

const run = promisify(execFile);
/** Built by `tsc -b`, which `npm run test:vitest` runs first (as the engine provider's tests use the built engine). */
const CLAIMER = path.resolve(import.meta.dirname, '../../../dist/test/claim-render-jobs.js');

const STILL: StillRenderRequestInput = {
  renderType: 'Multi Pass',
  selectedPasses: ['Color ID', 'Depth'],
  resolutionPreset: '1080p',
  imageFormat: 'PNG',
  settings: { carConfig: { trim: 'Terra Limited', paint: 'glacier white' } },
  metadata: { name: 'Launch still', category: 'Exterior', brand: 'Terra' },
};
const VIDEO: VideoRenderRequestInput = {
  animationType: 'preset',
  selectedAnimation: 'Exterior 360',
  settings: {},
  metadata: { name: 'Turntable' },
};

/** A whole server whose render workers run the scripted runner; `workers: 0` leaves the queue to the test. */
async function renderApp(database: (typeof testDatabases)[number], render: Partial<TestApp['config']['render']> = {}) {
  const { t, runner } = await startScriptedRenderApp(database, render);
  const ada = (await t.createUser('ada')).accessToken;
  const bob = (await t.createUser('bob')).accessToken;
  const guest = (await t.createUser('gus', ['client'])).accessToken;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const start = async (token: string, payload: unknown = STILL, url = '/render-workflow') => {
    const response = await call(token, 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(202);
    return response.json<RenderJob>();
  };
  const status = (token: string, jobId: string) => call(token, 'GET', `/render-workflow-status/${jobId}`);
  const statusOf = async (token: string, jobId: string) => {
    const response = await status(token, jobId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RenderJob>();
  };
  return { t, runner, ada, bob, guest, call, start, status, statusOf };
}

async function userId(r: { t: TestApp }, username: string): Promise<string> {
  return (await r.t.login(username, `${username}-password`)).user.id;
}

describe.each(testDatabases)('render service on $name', (database) => {
  const NO_CAR = "The configuration's car cannot be rendered: Asset model not found";
  describe('with an in-process worker', () => {
    let r: Awaited<ReturnType<typeof renderApp>>;
    beforeAll(async () => {
      r = await renderApp(database);
    });
    afterAll(() => r.t.close());

    it('takes a still from queued through in progress to completed, with progress and outputs', async () => {
      const queued = await r.start(r.ada);
      expect(queued).toMatchObject({ kind: 'still', status: 'queued', progress: 0, error: null, outputs: [] });

      const render = await r.runner.nextRun();
      expect(render.job).toMatchObject({ id: queued.jobId, kind: 'still', attempt: 1, maxAttempts: 3 });
      expect(render.job.request).toMatchObject({
        renderType: 'Multi Pass',
        selectedPasses: ['Color ID', 'Depth'],
        antiAliasSpatial: 8,
        antiAliasTemporal: 8,
        carShadowMode: 'WithGround',
        quality: 'MEDIUM',
        metadata: { name: 'Launch still', description: '', category: 'Exterior', brand: 'Terra', configId: null },
      });
      expect(await r.statusOf(r.ada, queued.jobId)).toMatchObject({ status: 'in progress', progress: 0 });

      render.progress(42.4, 'Rendering passes');
      await vi.waitFor(async () =>
        expect(await r.statusOf(r.ada, queued.jobId)).toMatchObject({
          status: 'in progress',
          progress: 42,
          message: 'Rendering passes',
        }),
      );

      const image = await render.write('beauty.png', 'beauty');
      render.finish([image]);
      const done = await vi.waitFor(async () => {
        const job = await r.statusOf(r.ada, queued.jobId);
        expect(job.status).toBe('completed');
        return job;
      });
      expect(done).toMatchObject({
        progress: 100,
        message: RENDER_MESSAGES.completed,
        error: null,
        outputs: [
          { kind: 'image', contentType: 'image/png', url: `/api/media/render-jobs/${queued.jobId}/beauty.png` },
        ],
      });
      expect(await r.t.app.renderQueue.storage.stat(image.key)).not.toBeNull();

      // The outputs became a rendered asset of the owner, filed under the job's metadata.
      expect(done.renderedAssetId).toEqual(expect.any(String));
      const asset = await r.call(r.ada, 'GET', `/asset-rendered/id/${done.renderedAssetId}`);
      expect(asset.statusCode, asset.body).toBe(200);
      expect(asset.json()).toMatchObject({ name: STILL.metadata.name, type: 'image', itemCount: 1 });

      // Deleting the finished job leaves the asset's files alone: they belong to the asset now.
      expect((await r.call(r.ada, 'DELETE', `/render-workflow/${queued.jobId}`)).statusCode).toBe(204);
      expect((await r.status(r.ada, queued.jobId)).statusCode).toBe(404);
      expect(await r.t.app.renderQueue.storage.stat(image.key)).not.toBeNull();
    });

    it('a render deleted by a moderator is gone for its owner too: the job outputs it held are deleted', async () => {
      const queued = await r.start(r.ada);
      const render = await r.runner.nextRun();
      const image = await render.write('deleted.png', 'deleted');
      render.finish([image]);
      const done = await vi.waitFor(async () => {
        const job = await r.statusOf(r.ada, queued.jobId);
        expect(job.status).toBe('completed');
        return job;
      });
      const url = done.outputs[0]?.url ?? '';
      expect(
        (await r.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${r.ada}` } })).statusCode,
      ).toBe(200);
      const moderator = (await r.t.createUser('mod-deletes', ['moderator'])).accessToken;
      const deleted = await r.call(moderator, 'PUT', `/asset-rendered/${done.renderedAssetId}/delete`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      const owner = await r.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${r.ada}` } });
      expect(owner.statusCode).toBe(404);
      expect(await r.t.app.renderQueue.storage.stat(image.key)).toBeNull();
    });

    it('queues a video of a preset animation', async () => {
      const queued = await r.start(r.ada, VIDEO, '/render-video-workflow');
      const render = await r.runner.nextRun();
      expect(render.job).toMatchObject({
        kind: 'video',
        request: { selectedAnimation: 'Exterior 360', resolutionPreset: '720p', videoFormat: 'MP4' },
      });
      render.fail(new Error('engine exploded'));
      const failed = await vi.waitFor(async () => {
        const job = await r.statusOf(r.ada, queued.jobId);
        expect(job.status).toBe('failed');
        return job;
      });
      // An unexpected error is logged; the user reads the spec's text, not the internals.
      expect(failed.error).toBe('Render workflow failed');
    });

    it('cancels a render while it runs: the runner is aborted, the job and its partial output are deleted', async () => {
      const queued = await r.start(r.ada);
      const render = await r.runner.nextRun();
      const partial = await render.write('half.png', 'half');
      render.progress(50);

      const cancel = await r.call(r.ada, 'DELETE', `/render-workflow/${queued.jobId}`);
      expect(cancel.statusCode, cancel.body).toBe(204);
      await expect(render.aborted).resolves.toBeInstanceOf(Error);
      await vi.waitFor(async () => expect((await r.status(r.ada, queued.jobId)).statusCode).toBe(404));
      expect(await r.t.app.renderQueue.storage.stat(partial.key)).toBeNull();
      expect(await r.t.app.renderQueue.jobs.find(queued.jobId)).toBeUndefined();
    });

    it('cancels a job that waits in the queue at once', async () => {
      const first = await r.start(r.ada);
      const busy = await r.runner.nextRun();
      const waiting = await r.start(r.ada);
      expect((await r.statusOf(r.ada, waiting.jobId)).status).toBe('queued');
      expect((await r.call(r.ada, 'DELETE', `/render-workflow/${waiting.jobId}`)).statusCode).toBe(204);
      expect((await r.status(r.ada, waiting.jobId)).statusCode).toBe(404);
      busy.finish();
      await vi.waitFor(async () => expect((await r.statusOf(r.ada, first.jobId)).status).toBe('completed'));
    });

    it('fails a job honestly when the runner cannot render', async () => {
      const queued = await r.start(r.ada);
      const render = await r.runner.nextRun();
      const { RenderFailure } = await import('./render-runner.js');
      render.fail(new RenderFailure(NO_CAR));
      await vi.waitFor(async () =>
        expect(await r.statusOf(r.ada, queued.jobId)).toMatchObject({
          status: 'failed',
          error: NO_CAR,
          outputs: [],
        }),
      );
    });

    it('refuses a guest (403) and lets nobody else read or cancel a job (404), but an administrator', async () => {
      const guestStart = await r.call(r.guest, 'POST', '/render-workflow', STILL);
      expect(guestStart.statusCode).toBe(403);
      expect((await r.call(r.guest, 'POST', '/render-video-workflow', VIDEO)).statusCode).toBe(403);

      const queued = await r.start(r.ada);
      const render = await r.runner.nextRun();
      const foreignRead = await r.status(r.bob, queued.jobId);
      expect(foreignRead.statusCode).toBe(404);
      expect(foreignRead.json<{ message: string }>().message).toBe(RENDER_MESSAGES.jobNotFound);
      expect((await r.call(r.bob, 'DELETE', `/render-workflow/${queued.jobId}`)).statusCode).toBe(404);
      expect((await r.status(r.guest, queued.jobId)).statusCode).toBe(404);
      expect((await r.statusOf(r.ada, queued.jobId)).status).toBe('in progress');

      const admin = await r.t.adminToken();
      expect((await r.statusOf(admin, queued.jobId)).status).toBe('in progress');
      expect((await r.call(admin, 'DELETE', `/render-workflow/${queued.jobId}`)).statusCode).toBe(204);
      await render.aborted;
      await vi.waitFor(async () => expect((await r.status(r.ada, queued.jobId)).statusCode).toBe(404));

      const anonymous = await r.t.app.inject({ method: 'GET', url: `/api/render-workflow-status/${queued.jobId}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers 400 with a clear message to bad input, and queues nothing', async () => {
      const countJobs = async () =>
        Number(
          (
            await r.t.app.renderQueue.jobs['db']
              .selectFrom('render_jobs')
              .select((eb) => eb.fn.countAll().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      const before = await countJobs();
      const cases: [unknown, string, string][] = [
        [{ ...STILL, renderType: 'Car Only' }, '/render-workflow', 'renderType'],
        [{ ...STILL, resolutionPreset: 'custom' }, '/render-workflow', 'customResolution'],
        [
          { ...STILL, resolutionPreset: 'custom', customResolution: { width: 7680, height: 4320 } },
          '/render-workflow',
          'customResolution.width',
        ],
        [{ ...STILL, selectedPasses: ['Depth', 'Depth'] }, '/render-workflow', 'selectedPasses'],
        [{ ...STILL, antiAliasSpatial: 0 }, '/render-workflow', 'antiAliasSpatial'],
        [{ ...STILL, metadata: { name: '' } }, '/render-workflow', 'metadata.name'],
        [{ ...STILL, settings: undefined }, '/render-workflow', 'metadata.configId'],
        [{ ...VIDEO, selectedAnimation: 'Moonwalk' }, '/render-video-workflow', 'Exterior 360'],
        [{ ...VIDEO, videoFormat: 'GIF' }, '/render-video-workflow', 'videoFormat'],
      ];
      for (const [payload, url, mentions] of cases) {
        const response = await r.call(r.ada, 'POST', url, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json<{ message: string }>().message).toContain(mentions);
      }
      expect(await countJobs()).toBe(before);
    });

    it("renders a saved configuration by id, and not someone else's or a missing animation preset (404)", async () => {
      const missingConfig = await r.call(r.ada, 'POST', '/render-workflow', {
        ...STILL,
        settings: undefined,
        metadata: { name: 'x', configId: randomUUID() },
      });
      expect(missingConfig.statusCode).toBe(404);
      expect(missingConfig.json<{ message: string }>().message).toBe(RENDER_MESSAGES.configurationNotFound);
      const missingPreset = await r.call(r.ada, 'POST', '/render-video-workflow', {
        ...VIDEO,
        animationType: 'custom',
        selectedAnimation: randomUUID(),
      });
      expect(missingPreset.statusCode).toBe(404);
      expect(missingPreset.json<{ message: string }>().message).toBe(RENDER_MESSAGES.animationPresetNotFound);
    });
  });

  describe('estimates: how long a render takes here', () => {
    let r: Awaited<ReturnType<typeof renderApp>>;
    beforeAll(async () => {
      r = await renderApp(database);
    });
    afterAll(() => r.t.close());

    const estimates = async (token: string) => {
      const response = await r.call(token, 'GET', '/render-estimates');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RenderEstimates>();
    };

    it('knows nothing before the first render, then learns from each finished one', async () => {
      expect(await estimates(r.ada)).toEqual({ timings: [] });
      expect((await r.call('', 'GET', '/render-estimates')).statusCode).toBe(401);

      // A 1080p MEDIUM still that renders for 400 ms.
      const queued = await r.start(r.ada, { ...STILL, renderType: 'Default' });
      const run = await r.runner.nextRun();
      await new Promise((resolve) => setTimeout(resolve, 400));
      run.finish([await run.write('beauty.png', 'beauty')]);
      await vi.waitFor(async () => expect((await r.statusOf(r.ada, queued.jobId)).status).toBe('completed'));

      // Anyone signed in sees it, not only who rendered.
      const { timings } = await estimates(r.bob);
      expect(timings).toHaveLength(1);
      expect(timings[0]).toMatchObject({ kind: 'still', tier: 'raster', renders: 1, fixedSeconds: 0 });
      const learnt = { timings } satisfies RenderEstimates;
      const hd = renderWork(
        { width: 1920, height: 1080 },
        { quality: 'MEDIUM', antiAliasSpatial: 8, antiAliasTemporal: 8 },
        1,
      );
      const same = estimateRenderSeconds(learnt, 'still', 'MEDIUM', hd);
      expect(same?.seconds).toBeGreaterThanOrEqual(0.4);
      expect(same?.seconds).toBeLessThan(5);
      // LOW draws a quarter of the samples: a quarter of the time. A 4K still, four times the pixels: four times.
      const low = renderWork(
        { width: 1920, height: 1080 },
        { quality: 'LOW', antiAliasSpatial: 8, antiAliasTemporal: 8 },
        1,
      );
      expect(estimateRenderSeconds(learnt, 'still', 'LOW', low)?.seconds).toBeCloseTo((same?.seconds ?? 0) / 4, 5);
      const uhd = renderWork(
        { width: 3840, height: 2160 },
        { quality: 'MEDIUM', antiAliasSpatial: 8, antiAliasTemporal: 8 },
        1,
      );
      expect(estimateRenderSeconds(learnt, 'still', 'MEDIUM', uhd)?.seconds).toBeCloseTo((same?.seconds ?? 0) * 4, 5);
      // HIGH may path trace and videos encode: neither is guessed from a raster still.
      expect(estimateRenderSeconds(learnt, 'still', 'HIGH', hd)).toBeNull();
      expect(estimateRenderSeconds(learnt, 'video', 'MEDIUM', hd)).toBeNull();
    });
  });

  describe('when a worker dies', () => {
    // Short enough to wait for, long enough that a busy two-core host renews in time (every third of it).
    const LEASE_MS = 450;
    let r: Awaited<ReturnType<typeof renderApp>>;
    beforeAll(async () => {
      // No in-process worker: the test plays the workers.
      r = await renderApp(database, { workers: 0, leaseMs: LEASE_MS, maxAttempts: 3 });
    });
    afterAll(() => r.t.close());
    const leaseRunsOut = () => new Promise((resolve) => setTimeout(resolve, LEASE_MS + 50));

    it('retakes its job once the lease runs out; the status says error meanwhile', async () => {
      const queued = await r.start(r.ada);
      const { jobs } = r.t.app.renderQueue;
      // A worker takes the job and dies: it never renews, reports or finishes.
      expect((await jobs.claim('doomed-worker', LEASE_MS))?.id).toBe(queued.jobId);
      expect((await r.statusOf(r.ada, queued.jobId)).status).toBe('in progress');
      await leaseRunsOut();
      expect(await r.statusOf(r.ada, queued.jobId)).toMatchObject({
        status: 'error',
        error: RENDER_MESSAGES.workerLost(1, 3),
      });

      r.t.app.renderQueue.addWorker(r.runner, 'rescuer');
      const render = await r.runner.nextRun();
      expect(render.job).toMatchObject({ id: queued.jobId, attempt: 2 });
      // The status says it is a retake, also once the runner lists its items before it reports any progress.
      render.context.onItems([{ row: 'Terra Base', column: 'Glacier White', state: 'waiting' }]);
      await vi.waitFor(async () => expect((await r.statusOf(r.ada, queued.jobId)).items).toHaveLength(1));
      expect((await r.statusOf(r.ada, queued.jobId)).message).toBe(`${RENDER_MESSAGES.started} (attempt 2 of 3)`);
      // It renews its lease: several lease periods later it still holds the job.
      await leaseRunsOut();
      await leaseRunsOut();
      expect(await r.statusOf(r.ada, queued.jobId)).toMatchObject({ status: 'in progress', error: null });
      render.finish();
      await vi.waitFor(async () => expect((await r.statusOf(r.ada, queued.jobId)).status).toBe('completed'));
      await r.t.app.renderQueue.stop();
    });

    it('fails the job with a clear message after the bounded attempts, and no worker takes it again', async () => {
      const queued = await r.start(r.ada);
      const { jobs } = r.t.app.renderQueue;
      for (let attempt = 1; attempt <= 3; attempt++) {
        const claimed = await jobs.claim(`doomed-${attempt}`, LEASE_MS);
        expect(claimed).toMatchObject({ id: queued.jobId, attempts: attempt });
        await leaseRunsOut();
      }
      // Nobody claimed since: the status call itself fails it rather than report it rendering.
      expect(await r.statusOf(r.ada, queued.jobId)).toMatchObject({
        status: 'failed',
        error: RENDER_MESSAGES.attemptsExhausted(3),
      });
      expect(await jobs.claim('late-worker', LEASE_MS)).toBeUndefined();
    });

    it('fails an abandoned job in the claim of the next worker', async () => {
      const queued = await r.start(r.ada);
      const { jobs } = r.t.app.renderQueue;
      for (let attempt = 1; attempt <= 3; attempt++) {
        await jobs.claim(`doomed-${attempt}`, LEASE_MS);
        await leaseRunsOut();
      }
      expect(await jobs.claim('late-worker', LEASE_MS)).toBeUndefined();
      expect((await jobs.find(queued.jobId))?.status).toBe('failed');
    });

    it('a worker whose job was taken over stops its run and leaves the job to the new worker', async () => {
      const queued = await r.start(r.ada);
      const { jobs } = r.t.app.renderQueue;
      const claimed = await jobs.claim('slow-worker', LEASE_MS);
      await leaseRunsOut();
      const taken = await jobs.claim('fast-worker', LEASE_MS);
      expect(taken?.id).toBe(claimed?.id);
      expect(await jobs.renew(queued.jobId, 'slow-worker', LEASE_MS)).toBe('lost');
      expect(await jobs.complete(queued.jobId, 'slow-worker', [], 'done')).toBe(false);
      expect(await jobs.complete(queued.jobId, 'fast-worker', [], 'done')).toBe(true);
    });
  });

  describe('limits: one user cannot fill the queue', () => {
    let r: Awaited<ReturnType<typeof renderApp>>;
    beforeAll(async () => {
      // No worker: the test claims, so that what runs when is plain.
      r = await renderApp(database, {
        workers: 0,
        limits: { queuedPerUser: 3, runningPerUser: 2, jobCost: 200_000_000_000 },
      });
    });
    afterAll(() => r.t.close());
    const claim = (workerId: string) => r.t.app.renderQueue.jobs.claim(workerId, 60_000);

    it('refuses a job past the per-user queue limit with a 429 naming it, and queues the next user’s', async () => {
      for (let index = 0; index < 3; index++) await r.start(r.ada);
      const refused = await r.call(r.ada, 'POST', '/render-workflow', STILL);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toBe(RENDER_MESSAGES.tooManyQueued(3));
      expect(refused.json<{ message: string }>().message).toContain('RENDER_QUEUE_PER_USER');
      const video = await r.call(r.ada, 'POST', '/render-video-workflow', VIDEO);
      expect(video.statusCode).toBe(429);
      // Another user is not held up by it.
      const bobs = await r.start(r.bob);
      expect(bobs.status).toBe('queued');
    });

    it('summarises who holds the queue for administrators only', async () => {
      const admin = await r.t.adminToken();
      const summary = await r.call(admin, 'GET', '/admin/render-queue');
      expect(summary.statusCode, summary.body).toBe(200);
      const body = summary.json<RenderQueueSummary>();
      expect(body.limits).toEqual({ queuedPerUser: 3, runningPerUser: 2, jobCost: 200_000_000_000 });
      expect(body.users.map(({ username, queued, running }) => ({ username, queued, running }))).toEqual([
        { username: 'ada', queued: 3, running: 0 },
        { username: 'bob', queued: 1, running: 0 },
      ]);
      expect(body.users[0]?.oldestQueuedAt).toEqual(expect.any(String));
      expect((await r.call(r.ada, 'GET', '/admin/render-queue')).statusCode).toBe(403);
      expect((await r.call(r.guest, 'GET', '/admin/render-queue')).statusCode).toBe(403);
      expect((await r.t.app.inject({ method: 'GET', url: '/api/admin/render-queue' })).statusCode).toBe(401);
    });

    it('renders fairly: another user’s first job before one user’s second, and no more than the running limit', async () => {
      const owners = { [await userId(r, 'ada')]: 'ada', [await userId(r, 'bob')]: 'bob' };
      const taken: string[] = [];
      for (let index = 0; index < 4; index++) {
        const job = await claim(`worker-${index}`);
        if (job) taken.push(owners[job.owner_id] ?? job.owner_id);
      }
      // Ada's oldest, Bob's first (he has none rendering), Ada's second; her third waits: two of hers render.
      expect(taken).toEqual(['ada', 'bob', 'ada']);
      const admin = await r.t.adminToken();
      const body = (await r.call(admin, 'GET', '/admin/render-queue')).json<RenderQueueSummary>();
      expect(body.users.map(({ username, queued, running }) => ({ username, queued, running }))).toEqual([
        { username: 'ada', queued: 1, running: 2 },
        { username: 'bob', queued: 0, running: 1 },
      ]);
    });

    it('refuses a job over the cost ceiling, naming its cost and the limit', async () => {
      // 26 of these filled the queue: a 4K video of 360 frames at 64×64 anti-aliasing.
      const huge = await r.call(r.bob, 'POST', '/render-video-workflow', {
        ...VIDEO,
        resolutionPreset: '4k',
        antiAliasSpatial: 64,
        antiAliasTemporal: 64,
      });
      expect(huge.statusCode, huge.body).toBe(400);
      const { message } = huge.json<{ message: string }>();
      expect(message).toContain('3840×2160 pixels × 4096 samples (64×64) × 360 frames');
      expect(message).toContain('12,230,590,464,000');
      expect(message).toContain('200,000,000,000');
      // The same at the default samples fits, as does a 4K still at 64×64.
      expect(
        (await r.call(r.bob, 'POST', '/render-video-workflow', { ...VIDEO, resolutionPreset: '4k' })).statusCode,
      ).toBe(202);
      const still = await r.call(r.bob, 'POST', '/render-workflow', {
        ...STILL,
        resolutionPreset: '4k',
        antiAliasSpatial: 64,
        antiAliasTemporal: 64,
      });
      expect(still.statusCode, still.body).toBe(202);
    });

    it('refuses a custom sequence longer than the most a render makes', async () => {
      const preset = await r.call(r.bob, 'POST', '/preset', {
        name: 'Forever',
        type: 'animation',
        settings: JSON.stringify({ fps: 24, frames: [{ params: { time: 0 } }, { params: { time: 3600 } }] }),
      });
      expect(preset.statusCode, preset.body).toBe(201);
      const response = await r.call(r.bob, 'POST', '/render-video-workflow', {
        ...VIDEO,
        resolutionPreset: '720p',
        animationType: 'custom',
        selectedAnimation: preset.json<{ id: string }>().id,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(RENDER_MESSAGES.sequenceTooLong(86_401));
    });
  });

  describe('two workers on one queue', () => {
    let r: Awaited<ReturnType<typeof renderApp>>;
    let handles: Pick<DatabaseHandle, 'db' | 'dialect' | 'close'>[];
    beforeAll(async () => {
      r = await renderApp(database, { workers: 0 });
      // PostgreSQL: each worker its own pool of connections, as separate processes would have. SQLite: one handle per
      // process; workers in one process share it (and the processes are tested below).
      handles =
        database.name === 'postgres'
          ? [openDatabase(r.t.config.database), openDatabase(r.t.config.database)]
          : [{ db: r.t.app.renderQueue.jobs['db'], dialect: 'sqlite', close: () => Promise.resolve() }];
    });
    afterAll(async () => {
      for (const handle of handles) await handle.close();
      await r.t.close();
    });

    const enqueue = async (count: number, username = 'ada') => {
      const owner = await userId(r, username);
      const ids: string[] = [];
      for (let index = 0; index < count; index++) {
        const now = new Date(Date.UTC(2026, 0, 1, 0, 0, 0, index)).toISOString();
        const row: RenderJobRow = {
          id: randomUUID(),
          owner_id: owner,
          kind: 'still',
          request: '{}',
          status: 'queued',
          progress: 0,
          message: '',
          error: null,
          outputs: '[]',
          items: null,
          attempts: 0,
          max_attempts: 3,
          worker_id: null,
          lease_expires_at: null,
          created_at: now,
          updated_at: now,
          started_at: null,
          finished_at: null,
          asset_id: null,
        };
        await r.t.app.renderQueue.jobs.enqueue(row);
        ids.push(row.id);
      }
      return ids;
    };

    it('never take the same job when they claim concurrently', async () => {
      const ids = await enqueue(60);
      const workers = [0, 1].map((index) => {
        const handle = handles[index % handles.length];
        if (!handle) throw new Error('no handle');
        return new RenderJobsRepository(handle);
      });
      const taken = new Map<string, string[]>();
      // Eight claim loops per worker, all at once.
      await Promise.all(
        workers.flatMap((jobs, index) =>
          Array.from({ length: 8 }, async (_, loop) => {
            const workerId = `worker-${index}-${loop}`;
            for (;;) {
              const job = await jobs.claim(workerId, 60_000);
              if (!job) return;
              taken.set(job.id, [...(taken.get(job.id) ?? []), workerId]);
            }
          }),
        ),
      );
      expect([...taken.keys()].sort()).toEqual([...ids].sort());
      expect([...taken.values()].filter((claimers) => claimers.length > 1)).toEqual([]);
      if (database.name === 'postgres') {
        // Both pools took a share: the claims really ran side by side.
        const byWorker = new Set([...taken.values()].map(([claimer]) => claimer?.split('-')[1]));
        expect(byWorker.size).toBe(2);
      }
    });

    it('keep the per-user running limit and the fair order when they claim concurrently', async () => {
      // Every earlier job is done with, so that only these count.
      await r.t.app.renderQueue.jobs['db'].deleteFrom('render_jobs').execute();
      const adas = await enqueue(10, 'ada');
      const bobs = await enqueue(10, 'bob');
      const workers = handles.map((handle) => new RenderJobsRepository(handle, { maxRunningPerOwner: 2 }));
      // Twelve claims at once, on two pools: four jobs may run, two of each user, whatever the interleaving.
      const claimed = await Promise.all(
        Array.from({ length: 12 }, (_, index) => {
          const jobs = workers[index % workers.length];
          if (!jobs) throw new Error('no worker');
          return jobs.claim(`fair-${index}`, 60_000);
        }),
      );
      const taken = claimed.flatMap((job) => (job ? [job.id] : []));
      expect(taken.filter((id) => adas.includes(id)).sort()).toEqual(adas.slice(0, 2).sort());
      expect(taken.filter((id) => bobs.includes(id)).sort()).toEqual(bobs.slice(0, 2).sort());
      await r.t.app.renderQueue.jobs['db'].deleteFrom('render_jobs').execute();
    });

    it('never take the same job from separate processes', async () => {
      const ids = await enqueue(90);
      const config = JSON.stringify(r.t.config.database);
      const outputs = await Promise.all(
        ['process-a', 'process-b', 'process-c'].map((workerId) => run(process.execPath, [CLAIMER, config, workerId])),
      );
      const taken = outputs.flatMap(({ stdout }) => JSON.parse(stdout) as string[]);
      expect(taken.length).toBe(ids.length);
      expect(new Set(taken).size).toBe(ids.length);
      expect([...taken].sort()).toEqual([...ids].sort());
    });
  });
});
