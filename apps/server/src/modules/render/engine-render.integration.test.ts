import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_ROUTES,
  MATRIX_ITEM_KINDS,
  RENDER_MESSAGES,
  framesOf,
  pathTo,
  RENDER_THUMBNAIL_KIND,
  TURNTABLE_ITEM_KINDS,
  TURNTABLE_VIDEO_SECONDS,
  type Preset,
  type RenderedAssetItem,
  type RenderJob,
  type MatrixRenderRequestInput,
  type StillRenderRequestInput,
  type VideoRenderRequestInput,
} from '@autostudio/protocol';
import { glbErrors, glbJson } from '@autostudio/engine/testing/gltf';
import { interruptibleMatrix, renderClient } from '../../test/render-client.js';
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

/** A matrix of one Terra Limited in Rallye Red at thumbnail size, fast; a test adds the views or places it varies. */
const matrix = (overrides: Partial<MatrixRenderRequestInput>): MatrixRenderRequestInput => ({
  trims: ['Terra Limited'],
  paints: ['rallye red'],
  resolutionPreset: 'custom',
  customResolution: { width: 160, height: 90 },
  imageFormat: 'PNG',
  antiAliasSpatial: 1,
  antiAliasTemporal: 1,
  quality: 'LOW',
  settings: {},
  metadata: { name: 'Matrix' },
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

  const { call, start, statusOf, finished, itemsOf, file } = renderClient(
    () => t,
    () => token,
  );
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
    'answers a still asked again from the render cache at once, under the new name, with the same pixels',
    { timeout: 120_000 },
    async () => {
      const request = still({ imageFormat: 'JPG', customResolution: { width: 128, height: 72 } });
      const first = await itemsOf(await finished(await start(API_ROUTES.render.still, request)));
      const again = await call('POST', API_ROUTES.render.still, { ...request, metadata: { name: 'Again' } });
      expect(again.statusCode).toBe(202);
      // Completed in the answer itself: nothing was queued.
      const job = again.json<RenderJob>();
      expect(job).toMatchObject({ status: 'completed', progress: 100, message: RENDER_MESSAGES.fromCache });
      const { asset, items } = await itemsOf(job);
      expect(asset.name).toBe('Again');
      expect(items.map((item) => item.fileName).sort()).toEqual(['Again-Beauty.jpg', 'Again-thumbnail.jpg']);
      const beauty = (found: RenderedAssetItem[]) => file(found.find((item) => item.kind === 'Beauty')?.url ?? '');
      expect((await beauty(items)).equals(await beauty(first.items))).toBe(true);
      // Another paint is another picture: it renders.
      const other = await start(API_ROUTES.render.still, {
        ...request,
        settings: { carConfig: { paint: 'rallye red' } },
      });
      expect((await statusOf(other)).status).not.toBe('completed');
      expect((await finished(other)).message).toBe(RENDER_MESSAGES.completed);
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

  it(
    'renders a variant matrix on one engine: each offered trim × paint in its paint, a contact sheet and a ZIP',
    { timeout: 240_000 },
    async () => {
      // Terra Base offers no Cobalt Blue: three stills, and one combination reported as not offered.
      const range = matrix({
        trims: ['Terra Base', 'Terra Limited'],
        paints: ['rallye red', 'cobalt blue'],
        antiAliasSpatial: 2,
        quality: 'MEDIUM',
        metadata: { name: 'Range 2027' },
      });
      const job = await finished(await start(API_ROUTES.render.matrix, range), 200_000);
      expect(job.kind).toBe('matrix');
      expect(job.message).toBe('Rendered 3 variants; 1 combination not offered on its trim');
      // The job's items say what became of each cell, row by row, the paints across.
      expect(job.items).toEqual([
        { row: 'Terra Base', column: 'Rallye Red', state: 'done' },
        { row: 'Terra Base', column: 'Cobalt Blue', state: 'skipped' },
        { row: 'Terra Limited', column: 'Rallye Red', state: 'done' },
        { row: 'Terra Limited', column: 'Cobalt Blue', state: 'done' },
      ]);
      const { asset, items } = await itemsOf(job);
      expect(asset).toMatchObject({ name: 'Range 2027', type: 'matrix' });
      const variants = items.filter((item) => item.kind === MATRIX_ITEM_KINDS.variant);
      expect(variants.map((item) => item.fileName).sort()).toEqual([
        'Terra Base - Rallye Red.png',
        'Terra Limited - Cobalt Blue.png',
        'Terra Limited - Rallye Red.png',
      ]);
      // Each variant shows its own paint: the car's pixels lean red in a red variant and blue in a blue one.
      for (const item of variants) {
        const image = PNG.sync.read(await file(item.url));
        expect([image.width, image.height]).toEqual([160, 90]);
        let red = 0;
        let blue = 0;
        for (let i = 0; i < image.data.length; i += 4) {
          const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
          if (r > g + 40 && r > b + 40) red += 1;
          if (b > r + 40 && b > g + 10) blue += 1;
        }
        const paintIsRed = item.fileName.includes('Rallye Red');
        expect(paintIsRed ? red : blue, item.fileName).toBeGreaterThan(200);
        expect(paintIsRed ? blue : red, item.fileName).toBeLessThan(50);
      }
      const sheet = items.find((item) => item.kind === MATRIX_ITEM_KINDS.contactSheet);
      expect(sheet).toMatchObject({ contentType: 'image/jpeg' });
      // Two columns of 320-pixel cells: a sheet of the matrix's shape, not of one image.
      expect(sheet?.width).toBeGreaterThan(640);
      expect(sheet?.height).toBeGreaterThan(2 * 180);
      const zip = items.find((item) => item.kind === MATRIX_ITEM_KINDS.archive);
      expect(zip?.contentType).toBe('application/zip');
      const entries = await zipEntries(await file(zip?.url ?? ''));
      expect([...entries.keys()].sort()).toEqual(variants.map((item) => item.fileName).sort());
      for (const item of variants) expect(entries.get(item.fileName)?.equals(await file(item.url))).toBe(true);

      // The same car in the same look again: what was rendered comes from the render cache; only the new one renders.
      const again = await finished(
        await start(API_ROUTES.render.matrix, {
          ...range,
          trims: ['Terra Limited'],
          paints: ['rallye red', 'lunar silver'],
        }),
      );
      expect(again.message).toBe('Rendered 2 variants (1 from the render cache)');
      expect(again.items.map((item) => item.state)).toEqual(['cached', 'done']);
      const againItems = (await itemsOf(again)).items;
      const red = againItems.find((item) => item.fileName === 'Terra Limited - Rallye Red.png');
      const earlier = variants.find((item) => item.fileName === 'Terra Limited - Rallye Red.png');
      expect((await file(red?.url ?? '')).equals(await file(earlier?.url ?? ''))).toBe(true);
    },
  );

  it(
    'renders a matrix from named views: each variant from each angle, named by it, the camera where the view puts it',
    { timeout: 120_000 },
    async () => {
      const job = await finished(
        await start(
          API_ROUTES.render.matrix,
          matrix({ views: ['Front', 'Side', 'Rear'], metadata: { name: 'Angles' } }),
        ),
      );
      expect(job.message).toBe('Rendered 3 variants');
      const variants = (await itemsOf(job)).items.filter((item) => item.kind === MATRIX_ITEM_KINDS.variant);
      expect(variants.map((item) => item.fileName)).toEqual([
        'Terra Limited - Rallye Red - Front.png',
        'Terra Limited - Rallye Red - Side.png',
        'Terra Limited - Rallye Red - Rear.png',
      ]);
      // Three angles, three pictures: from the side the car spans more of the width than from the front.
      const widthOfCar = async (url: string) => {
        const image = PNG.sync.read(await file(url));
        let left = image.width;
        let right = 0;
        for (let y = 0; y < image.height; y++)
          for (let x = 0; x < image.width; x++) {
            const i = (y * image.width + x) * 4;
            if (image.data[i]! > image.data[i + 1]! + 40 && image.data[i]! > image.data[i + 2]! + 40) {
              left = Math.min(left, x);
              right = Math.max(right, x);
            }
          }
        return right - left;
      };
      const [front, side] = await Promise.all([widthOfCar(variants[0]!.url), widthOfCar(variants[1]!.url)]);
      expect(side).toBeGreaterThan(front * 1.3);
    },
  );

  it(
    'takes a matrix whose worker stopped mid-way up again, and renders only the variants it lacked',
    { timeout: 240_000 },
    async () => {
      const jobId = await start(API_ROUTES.render.matrix, interruptibleMatrix('Interrupted range'));
      // Variant 2 under way: the first is rendered and in the render cache.
      await vi.waitFor(async () => expect((await statusOf(jobId)).message).toMatch(/^Rendering variant [2-5] of 6/), {
        timeout: 120_000,
        interval: 100,
      });
      // Its items show it: the first done, one on the engine, the rest waiting their turn.
      const states = (await statusOf(jobId)).items.map((item) => item.state);
      expect(states[0]).toBe('done');
      expect(states.filter((state) => state === 'rendering').length).toBeLessThanOrEqual(1);
      expect(states.at(-1)).toBe('waiting');
      // The worker stops (as on a server shutdown) and puts the job back; a worker takes it up again.
      await t.app.renderQueue.stop();
      expect((await statusOf(jobId)).status).toBe('queued');
      t.app.renderQueue.start();
      const job = await finished(jobId, 200_000);
      const resumed = /^Rendered 6 variants \((\d) from the render cache\)$/.exec(job.message);
      expect(resumed, job.message).not.toBeNull();
      expect(Number(resumed?.[1])).toBeGreaterThanOrEqual(1);
      expect(Number(resumed?.[1])).toBeLessThan(6);
      const { items } = await itemsOf(job);
      expect(items.filter((item) => item.kind === MATRIX_ITEM_KINDS.variant)).toHaveLength(6);
      const cached = job.items.filter((item) => item.state === 'cached');
      expect(cached).toHaveLength(Number(resumed?.[1]));
      expect(job.items.filter((item) => item.state === 'done')).toHaveLength(6 - cached.length);
    },
  );

  it(
    'renders a matrix in chosen environments: each variant in each, named by it, the studio and the desert apart',
    { timeout: 120_000 },
    async () => {
      const places = matrix({
        environments: ['studio', '/Game/Autostudio/Environments/desert/desert.desert'],
        metadata: { name: 'Places' },
      });
      const job = await finished(await start(API_ROUTES.render.matrix, places));
      expect(job.message).toBe('Rendered 2 variants');
      expect(job.items.map((item) => item.row)).toEqual(['Terra Limited · Studio', 'Terra Limited · Desert']);
      const variants = (await itemsOf(job)).items.filter((item) => item.kind === MATRIX_ITEM_KINDS.variant);
      expect(variants.map((item) => item.fileName)).toEqual([
        'Terra Limited - Rallye Red - Studio.png',
        'Terra Limited - Rallye Red - Desert.png',
      ]);
      // The same car in two places: the backgrounds differ (the studio's cyclorama, the desert's sky and sand).
      const [studio, desert] = await Promise.all(variants.map(async (item) => PNG.sync.read(await file(item.url))));
      let difference = 0;
      for (let i = 0; i < studio!.data.length; i++) difference += Math.abs(studio!.data[i]! - desert!.data[i]!);
      expect(difference / studio!.data.length).toBeGreaterThan(10);

      // An environment the engine does not have fails the job with the names it has, before anything is drawn.
      const moon = await start(API_ROUTES.render.matrix, { ...places, environments: ['moon'] });
      const unknown = await vi.waitFor(
        async () => {
          const job = await statusOf(moon);
          expect(job.status).toBe('failed');
          return job;
        },
        { timeout: 60_000, interval: 200 },
      );
      expect(unknown.error).toMatch(/^The render engine has no environment moon; it offers studio, desert/);
    },
  );

  it(
    'renders a turntable: evenly spaced frames from the configuration’s view, named in turn, and a video of them',
    { timeout: 180_000 },
    async () => {
      const request = {
        frames: 24,
        resolutionPreset: 'custom',
        customResolution: { width: 96, height: 54 },
        imageFormat: 'JPG',
        antiAliasSpatial: 1,
        antiAliasTemporal: 1,
        quality: 'LOW',
        videoFormat: 'MP4',
        settings: { camera: { crane: { yaw: 30 } } },
        metadata: { name: 'Spin' },
      } as const;
      const job = await finished(await start(API_ROUTES.render.turntable, request), 170_000);
      expect(job).toMatchObject({ kind: 'turntable', message: 'Rendered 24 frames and a MP4 video' });
      const { asset, items } = await itemsOf(job);
      expect(asset).toMatchObject({ name: 'Spin', type: 'turntable', itemCount: 25 });
      expect(asset.thumbnailUrl).toEqual(expect.any(String));
      const frames = items.filter((item) => item.kind === TURNTABLE_ITEM_KINDS.frame);
      expect(frames.map((item) => item.fileName)).toEqual(
        Array.from({ length: 24 }, (_, i) => `frame-${String(i + 1).padStart(2, '0')}.jpg`),
      );
      expect(frames.every((item) => item.width === 96 && item.height === 54)).toBe(true);
      // The car turns: each frame differs from the one before it, and half a turn on, the car shows its other side.
      const pixels = await Promise.all(
        [0, 1, 12].map(async (index) => {
          const { data } = await sharp(await file(frames[index]?.url ?? ''))
            .raw()
            .toBuffer({ resolveWithObject: true });
          return data;
        }),
      );
      const difference = (a: Buffer, b: Buffer) =>
        a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) / a.length;
      expect(difference(pixels[0]!, pixels[1]!)).toBeGreaterThan(0.5);
      expect(difference(pixels[0]!, pixels[2]!)).toBeGreaterThan(difference(pixels[0]!, pixels[1]!));

      // The video turns once in TURNTABLE_VIDEO_SECONDS: 24 frames at 6 fps.
      const video = items.find((item) => item.kind === TURNTABLE_ITEM_KINDS.video);
      expect(video).toMatchObject({ fileName: 'Spin.mp4', contentType: 'video/mp4' });
      const probed = await probe(await file(video?.url ?? ''), 'mp4');
      expect(probed.streams[0]).toMatchObject({ codec_name: 'h264', nb_read_frames: '24' });
      expect(Number(probed.format.duration)).toBeCloseTo(TURNTABLE_VIDEO_SECONDS, 0);
    },
  );

  it(
    'exports the configured car as a valid GLB and a USDZ, in its paint with its door open, into the gallery',
    { timeout: 120_000 },
    async () => {
      const job = await finished(
        await start(API_ROUTES.render.carModel, {
          settings: { carConfig: { trim: 'Terra Limited', paint: 'rallye red', configureValues: { DOOR_FL: 50 } } },
          metadata: { name: 'Limited in red', category: 'AR' },
        }),
      );
      expect(job).toMatchObject({ kind: 'carModel', message: 'The car exported as GLB and USDZ' });
      const { asset, items } = await itemsOf(job);
      expect(asset).toMatchObject({ name: 'Limited in red', type: 'model', category: 'AR', itemCount: 2 });
      expect(asset.thumbnailUrl).toEqual(expect.any(String));

      const glb = items.find((item) => item.kind === 'GLB');
      expect(glb).toMatchObject({ fileName: 'Limited in red.glb', contentType: 'model/gltf-binary' });
      const bytes = await file(glb?.url ?? '');
      // The size the gallery shows before the download is the file's.
      expect(glb?.size).toBe(bytes.length);
      expect(await glbErrors(bytes)).toEqual([]);
      const json = glbJson(bytes);
      const [r, g, b] = json.materials?.find((material) => material.name === 'Paint')?.pbrMetallicRoughness
        ?.baseColorFactor ?? [0, 0, 0];
      expect([r, g, b].map((c) => Math.round((c ?? 0) * 100) / 100)).toEqual([0.45, 0.01, 0.01]);
      // The front left door turned 70 degrees out: the cosine of its turn in the first cell of its matrix.
      const door = json.nodes?.find((node) => node.name === 'DOOR_FL');
      expect(door?.matrix?.[0]).toBeCloseTo(Math.cos((70 * Math.PI) / 180), 2);

      const usdz = items.find((item) => item.kind === 'USDZ');
      expect(usdz).toMatchObject({ fileName: 'Limited in red.usdz', contentType: 'model/vnd.usdz+zip' });
      const usdzBytes = await file(usdz?.url ?? '');
      expect(usdz?.size).toBe(usdzBytes.length);
      expect(usdzBytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    },
  );
});

/** The files of a ZIP by name, read with yauzl as an unzip tool would. */
function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error);
      archive.on('error', reject).on('end', () => resolve(entries));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (failure, stream) => {
          if (failure) return reject(failure);
          buffer(stream).then((bytes) => {
            entries.set(entry.fileName, bytes);
            archive.readEntry();
          }, reject);
        });
      });
      archive.readEntry();
    });
  });
}
