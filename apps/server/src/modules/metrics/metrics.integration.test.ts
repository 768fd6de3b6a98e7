import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_ROUTES, pathTo, type RenderJob } from '@autostudio/protocol';
import { startScriptedRenderApp } from '../../test/scripted-render-app.js';
import { ScriptedRenderRunner } from '../../test/scripted-render-runner.js';
import { loadConfig } from '../../config.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { sample } from '../../test/prometheus-text.js';
import { METRICS_PATH } from './metrics.routes.js';

const TOKEN = 'metrics-token-for-the-tests';

describe.each(testDatabases)('metrics on $name', (database) => {
  let t: TestApp;
  let runner: ScriptedRenderRunner;
  let token: string;
  beforeAll(async () => {
    runner = new ScriptedRenderRunner();
    t = await startTestApp(
      database,
      {
        metrics: { token: TOKEN },
        // No engine at all: an allocation is refused.
        engines: {
          provider: 'static',
          max: 0,
          warm: 0,
          instances: [],
          sessionTimeoutSeconds: 90,
          heartbeatTimeoutSeconds: 30,
        },
        render: { ...loadConfig({}).render, workers: 1, pollMs: 50 },
      },
      { renderRunner: runner },
    );
    token = (await t.createUser('mia-metrics')).accessToken;
  });
  afterAll(async () => {
    await t.app.renderQueue.stop();
    await t.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('answers only a scraper with the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json<{ message: string }>().message).toContain('METRICS_TOKEN');
    }
    // Node's own figures come with ours.
    expect(sample(await scrape(), 'autostudio_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('is not there at all without a token', async () => {
    const { t: plain } = await startScriptedRenderApp(database, { workers: 0 });
    try {
      const response = await plain.app.inject({ method: 'GET', url: METRICS_PATH });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('moves with what happens: requests, a refused allocation, a render from queue to completion', async () => {
    const before = await scrape();
    const call = (method: 'GET' | 'POST', route: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${API_BASE}${route}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });

    const refused = await call('POST', API_ROUTES.sessions.requestAllocate);
    expect(refused.statusCode).toBe(503);
    const started = await call('POST', API_ROUTES.render.still, { settings: {}, metadata: { name: 'Counted' } });
    expect(started.statusCode).toBe(202);
    const { jobId } = started.json<RenderJob>();
    const run = await runner.nextRun();
    const rendering = await scrape();
    expect(sample(rendering, 'autostudio_render_jobs', { state: 'in progress', kind: 'still' })).toBe(
      sample(before, 'autostudio_render_jobs', { state: 'in progress', kind: 'still' }) + 1,
    );
    run.finish();
    await expect
      .poll(async () => (await call('GET', pathTo(API_ROUTES.render.status, { jobId }))).json<RenderJob>().status)
      .toBe('completed');

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('autostudio_engine_allocations_total', { outcome: 'refused' })).toBe(1);
    expect(
      moved('autostudio_http_requests_total', { method: 'POST', route: `${API_BASE}${API_ROUTES.render.still}` }),
    ).toBe(1);
    expect(
      moved('autostudio_http_requests_total', {
        method: 'POST',
        route: `${API_BASE}${API_ROUTES.sessions.requestAllocate}`,
        status: '503',
      }),
    ).toBe(1);
    expect(moved('autostudio_render_jobs_finished_total', { kind: 'still', outcome: 'completed' })).toBe(1);
    expect(moved('autostudio_render_queue_wait_seconds_count', { kind: 'still' })).toBe(1);
    expect(moved('autostudio_render_duration_seconds_count', { kind: 'still', outcome: 'completed' })).toBe(1);
    expect(moved('autostudio_render_jobs', { state: 'completed', kind: 'still' })).toBe(1);
    expect(sample(after, 'autostudio_render_jobs', { state: 'in progress', kind: 'still' })).toBe(0);
    expect(sample(after, 'autostudio_engines_capacity')).toBe(0);
    expect(sample(after, 'autostudio_engine_sessions')).toBe(0);
  });
});

describe('logs a machine can follow', () => {
  it("leads from a request's lines to its render job's: the request id, then the job id on the worker", async () => {
    const lines: string[] = [];
    const runner = new ScriptedRenderRunner();
    const t = await startTestApp(
      testDatabases[0]!,
      { logLevel: 'info', render: { ...loadConfig({}).render, workers: 1, pollMs: 50 } },
      { renderRunner: runner, logDestination: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const { accessToken } = await t.createUser('lou-logs');
      const started = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${API_ROUTES.render.still}`,
        headers: { authorization: `Bearer ${accessToken}`, 'x-request-id': 'trace-render-1' },
        payload: { settings: {}, metadata: { name: 'Traced' } },
      });
      const { jobId } = started.json<RenderJob>();
      (await runner.nextRun()).finish();
      const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      await expect
        .poll(() => logged().some((line) => line.jobId === jobId && line.msg === 'render job completed'))
        .toBe(true);
      expect(logged().find((line) => line.msg === 'render job queued')).toMatchObject({
        reqId: 'trace-render-1',
        jobId,
        kind: 'still',
      });
      const worker = logged().filter((line) => line.jobId === jobId && line.reqId === undefined);
      expect(worker.map((line) => line.msg)).toEqual(['render job started', 'render job completed']);
    } finally {
      await t.app.renderQueue.stop();
      await t.close();
    }
  });
});
