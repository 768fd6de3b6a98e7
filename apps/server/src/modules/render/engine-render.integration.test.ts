import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  framesOf,
  pathTo,
  RENDER_THUMBNAIL_KIND,
  type Preset,
  type RenderedAsset,
  type RenderedAssetItem,
  type RenderJob,
  type StillRenderRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import { ENGINE_CLI } from '../engines/local-engine-provider.js';

/** A still request of the built-in car, small enough to render in a moment on a CPU. */
const still = (overrides: Partial<StillRenderRequestInput> = {}): StillRenderRequestInput => ({
  resolutionPreset: 'custom',
  customResolution: { width: 192, height: 108 },
  imageFormat: 'PNG',
  antiAliasSpatial: 2,
  antiAliasTemporal: 1,
  quality: 'MEDIUM',
  settings: { carConfig: { trim: 'Terra Limited' } },
  metadata: { name: 'Studio still', category: 'Exterior', brand: 'Autostudio' },
  ...overrides,
});

const video = (overrides: Partial<VideoRenderRequestInput>): VideoRenderRequestInput => ({
  animationType: 'preset',
  selectedAnimation: 'Exterior 360',
  resolutionPreset: 'custom',
  customResolution: { width: 96, height: 54 },
  antiAliasSpatial: 1,
  antiAliasTemporal: 1,
  quality: 'LOW',
  settings: {},
  metadata: { name: 'Turntable' },
  ...overrides,
});

interface Probe {
  streams: { codec_name: string; width: number; height: number; nb_read_frames: string }[];
  format: { format_name: string; duration: string };
}

/**
 * All real, through the server's HTTP interface: a render worker borrows a reference engine of its own (three.js in
 * headless Chromium, started by the server for rendering, never a user's interactive engine), puts the job's
 * configuration in, renders through the engine's render-queue functions, reads the outputs back, encodes videos with
 * ffmpeg, and records rendered assets. Run under `flock /tmp/chromium.lock`.
 */
describe('renders on a render engine', () => {
  let t: TestApp;
  let token: string;
  let folder: string;

  beforeAll(async () => {
    if (!fs.existsSync(ENGINE_CLI)) throw new Error(`${ENGINE_CLI} is missing: build first (tsc -b)`);
    folder = await mkdtemp(path.join(os.tmpdir(), 'engine-render-test-'));
    t = await startTestApp(testDatabases[0]!, {
      engines: {
        provider: 'local',
        max: 1,
        warm: 0,
        instances: [],
        sessionTimeoutSeconds: 90,
        heartbeatTimeoutSeconds: 30,
      },
      render: {
        workers: 1,
        leaseMs: 30_000,
        maxAttempts: 1,
        pollMs: 50,
        engines: 1,
        engineInstances: [],
        ffmpegPath: 'ffmpeg',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    token = (await t.createUser('rita-render')).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', route: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${API_BASE}${route}`,
      headers: { authorization: `Bearer ${token}` },
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
    return buffer(await t.app.renderQueue.storage.get(key));
  };
  const png = async (items: RenderedAssetItem[], kind: string) => {
    const item = items.find((candidate) => candidate.kind === kind);
    expect(item, `an output of kind ${kind}`).toBeDefined();
    expect(item?.contentType).toBe('image/png');
    return PNG.sync.read(await file(item?.url ?? ''));
  };
  const probe = async (bytes: Buffer, extension: string): Promise<Probe> => {
    const target = path.join(folder, `probe.${extension}`);
    await writeFile(target, bytes);
    return JSON.parse(
      execFileSync('ffprobe', [
        ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
        ...['-show_entries', 'stream=codec_name,width,height,nb_read_frames:format=format_name,duration'],
        ...['-of', 'json', target],
      ]).toString('utf8'),
    ) as Probe;
  };

  it(
    'renders a Multi Pass still into a rendered asset: Beauty, Color ID, Depth and three layers, with a thumbnail',
    { timeout: 180_000 },
    async () => {
      const jobId = await start(API_ROUTES.render.still, {
        ...still(),
        renderType: 'Multi Pass',
        selectedPasses: ['Color ID', 'Depth', 'Multi Layered'],
      });
      // Progress is reported while the engine renders, not only at the end.
      const seen = new Set<number>();
      const job = await vi.waitFor(
        async () => {
          const current = await statusOf(jobId);
          seen.add(current.progress);
          if (current.status === 'failed') throw new Error(current.error ?? 'failed');
          expect(current.status).toBe('completed');
          return current;
        },
        { timeout: 150_000, interval: 50 },
      );
      expect([...seen].some((progress) => progress > 0 && progress < 100)).toBe(true);
      expect(job.progress).toBe(100);

      const { asset, items } = await itemsOf(job);
      expect(asset).toMatchObject({ name: 'Studio still', category: 'Exterior', brand: 'Autostudio', type: 'image' });
      expect(asset.thumbnailUrl).toBe(items.find((item) => item.kind === RENDER_THUMBNAIL_KIND)?.url);
      expect(items.map((item) => item.kind).sort()).toEqual(
        ['Background', 'Beauty', 'Car', 'Color ID', 'Depth', 'Shadow', RENDER_THUMBNAIL_KIND].sort(),
      );
      for (const kind of ['Beauty', 'Color ID', 'Depth', 'Car', 'Shadow', 'Background']) {
        const image = await png(items, kind);
        expect([image.width, image.height], kind).toEqual([192, 108]);
      }

      // Color ID: a few flat colours cover nearly the whole picture.
      const colorId = await png(items, 'Color ID');
      const counts = new Map<number, number>();
      for (let i = 0; i < colorId.width * colorId.height; i += 1) {
        const rgb = (colorId.data[i * 4]! << 16) | (colorId.data[i * 4 + 1]! << 8) | colorId.data[i * 4 + 2]!;
        counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
      }
      const top = [...counts.values()].sort((a, b) => b - a).slice(0, 16);
      expect(top.reduce((sum, n) => sum + n, 0) / (colorId.width * colorId.height)).toBeGreaterThan(0.9);
      expect(top.length).toBeGreaterThan(2);

      // Depth grows with distance: the car in the middle is darker than the far background in the corner.
      const depth = await png(items, 'Depth');
      const grey = (x: number, y: number) => depth.data[(y * depth.width + x) * 4] ?? 0;
      expect(grey(Math.floor(depth.width / 2), Math.floor(depth.height / 2))).toBeLessThan(grey(1, 1));

      // The car layer is the car alone: transparent corners, opaque middle.
      const car = await png(items, 'Car');
      const alpha = (x: number, y: number) => car.data[(y * car.width + x) * 4 + 3] ?? 0;
      expect(alpha(0, 0)).toBe(0);
      expect(alpha(Math.floor(car.width / 2), Math.floor(car.height / 2))).toBe(255);
      const background = await png(items, 'Background');
      expect(background.data[3]).toBe(255);

      // The thumbnail is a small JPEG.
      const thumbnail = await file(items.find((item) => item.kind === RENDER_THUMBNAIL_KIND)?.url ?? '');
      expect(thumbnail.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

      // The render engine was the server's own: no interactive engine was started for it.
      expect(t.app.engineProvider.engines()).toHaveLength(0);
    },
  );

  it(
    'renders Car Only with transparent pixels around the car, and a JPG at the asked size',
    { timeout: 120_000 },
    async () => {
      const carOnly = await itemsOf(
        await finished(await start(API_ROUTES.render.still, still({ renderType: 'Car Transparent BG' }))),
      );
      const image = await png(carOnly.items, 'Beauty');
      expect(image.data[3]).toBe(0);
      expect(image.data[((image.height / 2) * image.width + image.width / 2) * 4 + 3]).toBe(255);

      const jpg = await itemsOf(await finished(await start(API_ROUTES.render.still, still({ imageFormat: 'JPG' }))));
      const beauty = jpg.items.find((item) => item.kind === 'Beauty');
      expect(beauty).toMatchObject({ contentType: 'image/jpeg', width: 192, height: 108 });
      expect((await probe(await file(beauty?.url ?? ''), 'jpg')).streams[0]).toMatchObject({ width: 192, height: 108 });
    },
  );

  it(
    'cancels a render while the engine works: the job and its files go, and the engine renders the next job',
    { timeout: 180_000 },
    async () => {
      const jobId = await start(
        API_ROUTES.render.still,
        still({ customResolution: { width: 1280, height: 720 }, antiAliasSpatial: 16, antiAliasTemporal: 16 }),
      );
      await vi.waitFor(
        async () => {
          const job = await statusOf(jobId);
          expect(job.status).toBe('in progress');
          expect(job.progress).toBeGreaterThan(5);
        },
        { timeout: 120_000, interval: 50 },
      );
      expect((await call('DELETE', pathTo(API_ROUTES.render.cancel, { jobId }))).statusCode).toBe(204);
      await vi.waitFor(
        async () => expect((await call('GET', pathTo(API_ROUTES.render.status, { jobId }))).statusCode).toBe(404),
        {
          timeout: 30_000,
          interval: 100,
        },
      );
      // Nothing of the job is left in the data directory (the local blob store lives there).
      const left = fs
        .readdirSync(t.config.dataDir, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.includes(jobId));
      expect(left).toEqual([]);
      // The engine came back reset and free: the next job renders.
      await finished(await start(API_ROUTES.render.still, still()));
    },
  );

  it(
    'renders the Exterior 360 preset into an MP4 with every frame, at 24 fps, with a thumbnail',
    { timeout: 240_000 },
    async () => {
      const job = await finished(await start(API_ROUTES.render.video, video({ videoFormat: 'MP4' })), 200_000);
      const { asset, items } = await itemsOf(job);
      expect(asset.type).toBe('video');
      const clip = items.find((item) => item.kind === 'video');
      expect(clip).toMatchObject({ contentType: 'video/mp4', width: 96, height: 54 });
      const info = await probe(await file(clip?.url ?? ''), 'mp4');
      expect(info.streams[0]).toMatchObject({ codec_name: 'h264', width: 96, height: 54, nb_read_frames: '360' });
      expect(Number(info.format.duration)).toBeCloseTo(15, 0);
      expect(items.some((item) => item.kind === RENDER_THUMBNAIL_KIND)).toBe(true);
    },
  );

  it(
    "renders a user's saved three-keyframe sequence into an AVI with a frame for each 24th of a second",
    { timeout: 240_000 },
    async () => {
      const frames = [
        { id: 'a', preview: '', params: { time: 0, yaw: 20, pitch: 10, distance: 600 } },
        { id: 'b', preview: '', params: { time: 1, yaw: 120, pitch: 20, distance: 500 } },
        { id: 'c', preview: '', params: { time: 2, yaw: 200, pitch: 5, distance: 700 } },
      ];
      const created = await call('POST', API_ROUTES.presets.create, {
        name: 'Swoop',
        type: 'animation',
        category: 'Sequences',
        settings: JSON.stringify({ fps: 24, frames }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const preset = created.json<Preset>();
      const expected = framesOf(
        frames.map((frame) => frame.params),
        24,
      );
      // One format is enough here: ffmpeg.test covers each encoding; this proves the job's own choice reaches it.
      const job = await finished(
        await start(
          API_ROUTES.render.video,
          video({ animationType: 'custom', selectedAnimation: preset.id, videoFormat: 'AVI' }),
        ),
      );
      const clip = (await itemsOf(job)).items.find((item) => item.kind === 'video');
      const info = await probe(await file(clip?.url ?? ''), 'avi');
      expect(info.streams[0]).toMatchObject({
        codec_name: 'mpeg4',
        width: 96,
        height: 54,
        nb_read_frames: String(expected),
      });
    },
  );
});
