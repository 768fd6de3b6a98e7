import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  pathTo,
  type RenderJob,
  type SessionResponse,
  type SystemOverview,
} from '@autostudio/protocol';
import { startScriptedRenderApp } from '../../test/scripted-render-app.js';
import { ScriptedRenderRunner } from '../../test/scripted-render-runner.js';
import { loadConfig } from '../../config.js';
import { relayOnce } from '../../test/relay-once.js';
import { NO_ENGINES, startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
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
        engines: NO_ENGINES,
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
    // The worker counts a job once it has let go of it, a moment after the job reads completed (on PostgreSQL that
    // moment once fell between the status and the scrape): the scrape after it has counted.
    const finished = { kind: 'still', outcome: 'completed' };
    let after = '';
    await expect
      .poll(async () => {
        after = await scrape();
        return sample(after, 'autostudio_render_jobs_finished_total', finished);
      })
      .toBe(sample(before, 'autostudio_render_jobs_finished_total', finished) + 1);
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
    expect(moved('autostudio_render_queue_wait_seconds_count', { kind: 'still' })).toBe(1);
    expect(moved('autostudio_render_duration_seconds_count', { kind: 'still', outcome: 'completed' })).toBe(1);
    // The queue gauge holds what waits and renders; finished jobs are the counter's, not a scan of every job ever.
    expect(after).not.toMatch(/^autostudio_render_jobs\{[^}]*state="(completed|failed)"/m);
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

describe('logs a machine can follow, from the services a request calls', () => {
  it("carries the request id on a service's own lines, and only once on a route's", async () => {
    const lines: string[] = [];
    const engine = await startTestEngine();
    const t = await startTestApp(
      testDatabases[0]!,
      { logLevel: 'info', engines: staticEngines([engine]) },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const { accessToken } = await t.createUser('sam-sessions');
      const allocated = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${API_ROUTES.sessions.requestAllocate}`,
        headers: { authorization: `Bearer ${accessToken}`, 'x-request-id': 'trace-allocate-1' },
        payload: {},
      });
      expect(allocated.statusCode).toBe(200);
      // The sessions service logs through the server's logger, not the request's: the id reaches it all the same.
      const service = lines.find((line) => line.includes('"msg":"engine session allocated"'));
      expect(service && (JSON.parse(service) as Record<string, unknown>)).toMatchObject({ reqId: 'trace-allocate-1' });
      const route = lines.find(
        (line) => line.includes('"msg":"request completed"') && line.includes('trace-allocate-1'),
      );
      expect(route?.match(/"reqId"/g)).toHaveLength(1);
      // Lines outside any request carry none.
      const started = lines.filter((line) => !line.includes('"reqId"'));
      expect(started.length).toBeGreaterThan(0);
    } finally {
      await t.close();
      await engine.close();
    }
  });
});

describe.each(testDatabases)('stream quality and sessions in the metrics on $name', (database) => {
  let engine: TestEngine;
  let t: TestApp;
  beforeAll(async () => {
    engine = await startTestEngine();
    t = await startTestApp(database, { metrics: { token: TOKEN }, engines: staticEngines([engine]) });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const scrape = async () =>
    (await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } })).body;
  const report = (accessToken: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.sessions.streamQuality}`,
      headers: { authorization: `Bearer ${accessToken}` },
      payload: body,
    });

  it("keeps what a session's viewer measured, and exports it with the session, its engine and the relay's calls", async () => {
    const before = await scrape();
    const { accessToken } = await t.createUser('vera-viewer');
    const allocated = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.sessions.requestAllocate}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(allocated.statusCode).toBe(200);
    const { sessionId, instanceId } = allocated.json<SessionResponse>().sessionDetails!;
    const address = t.app.server.address() as { port: number };
    const [, relayed] = await relayOnce(`http://127.0.0.1:${address.port}`, accessToken, instanceId);
    expect(relayed).toMatchObject({ type: 'api_call', payload: { status: 200 } });

    const quality = {
      sessionId,
      framesPerSecond: 59.5,
      roundTripMs: 12,
      jitterMs: 3,
      packetLoss: 0.002,
      bitrateKbps: 8000,
      decodeMs: 1.5,
      width: 1920,
      height: 1080,
      codec: 'video/H264',
      controlToPhotonMs: 48,
    };
    expect((await report(accessToken, quality)).statusCode).toBe(204);
    // Someone else's session, a session that is over, a measure out of range: refused, nothing kept.
    const other = await t.createUser('otto-other');
    expect((await report(other.accessToken, quality)).statusCode).toBe(404);
    expect((await report(accessToken, { ...quality, sessionId: 'gone' })).statusCode).toBe(404);
    expect((await report(accessToken, { ...quality, packetLoss: 2 })).statusCode).toBe(400);

    const after = await scrape();
    const labels = { session: sessionId, engine: 'engine-0', codec: 'video/H264' };
    expect(sample(after, 'autostudio_stream_frames_per_second', labels)).toBe(59.5);
    expect(sample(after, 'autostudio_stream_round_trip_seconds', labels)).toBe(0.012);
    expect(sample(after, 'autostudio_stream_packet_loss_ratio', labels)).toBe(0.002);
    expect(sample(after, 'autostudio_stream_bitrate_bits_per_second', labels)).toBe(8_000_000);
    expect(sample(after, 'autostudio_stream_control_to_photon_seconds', labels)).toBe(0.048);
    expect(sample(after, 'autostudio_stream_width_pixels', labels)).toBe(1920);
    expect(sample(after, 'autostudio_engine_sessions')).toBe(1);
    expect(sample(after, 'autostudio_engines', { state: 'busy' })).toBe(1);
    expect(sample(after, 'autostudio_engines', { state: 'idle' })).toBe(0);
    const moved = (name: string, labelSet: Record<string, string> = {}) =>
      sample(after, name, labelSet) - sample(before, name, labelSet);
    expect(moved('autostudio_engine_allocations_total', { outcome: 'allocated' })).toBe(1);
    expect(moved('autostudio_relay_calls_total', { status: '200' })).toBe(1);
    expect(moved('autostudio_relay_call_duration_seconds_count')).toBe(1);

    // The administrators' system overview says the same: the engine, who holds it, the stream, a render waiting.
    const queued = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.render.still}`,
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { settings: {}, metadata: { name: 'Waiting still' } },
    });
    expect(queued.statusCode).toBe(202);
    const overview = (authorization: string) =>
      t.app.inject({ method: 'GET', url: `${API_BASE}${API_ROUTES.system}`, headers: { authorization } });
    expect((await overview(`Bearer ${accessToken}`)).statusCode).toBe(403);
    const system = await overview(`Bearer ${await t.adminToken()}`);
    expect(system.statusCode).toBe(200);
    const { engines, enginesStarting, sessions, renderJobs, processes } = system.json<SystemOverview>();
    expect(engines).toEqual([
      {
        id: 'engine-0',
        instanceId,
        state: 'busy',
        holder: { userId: expect.any(String) as string, username: 'vera-viewer' },
        heldSince: expect.any(String) as string,
        // A configured engine: this copy cannot tell since when it runs.
        upSince: null,
      },
    ]);
    expect(enginesStarting).toBe(0);
    // This server copy, by its heartbeat, as the metrics count it.
    expect(processes).toHaveLength(1);
    expect(processes[0]).toMatchObject({ role: 'server', pid: process.pid });
    expect(processes[0]?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(sample(await scrape(), 'autostudio_service_processes', { role: 'server' })).toBe(processes.length);
    expect(sample(await scrape(), 'autostudio_service_processes', { role: 'worker' })).toBe(0);
    expect(sessions).toHaveLength(sample(after, 'autostudio_engine_sessions'));
    const reported = Object.fromEntries(Object.entries(quality).filter(([key]) => key !== 'sessionId'));
    expect(sessions[0]).toMatchObject({
      sessionId,
      username: 'vera-viewer',
      engineId: 'engine-0',
      streamQuality: reported,
    });
    expect(renderJobs).toMatchObject([{ kind: 'still', status: 'queued', username: 'vera-viewer', progress: 0 }]);
  });
});
