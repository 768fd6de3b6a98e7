import { existsSync } from 'node:fs';
import path from 'node:path';
import { ENGINE_CONTROL_ROUTES, type RenderJobSettingsInput } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegSize, Pixels, type Region } from '../test/pixels.js';
import { takeSharedEngine, type SharedEngine } from '../test/shared-engine.js';

/**
 * Production render jobs through the Remote Control API of a real engine, judged by their files. Small pictures
 * (160×90) and few samples keep each job to a second or two on two CPU cores; the jobs that must still be running
 * when the test acts are larger.
 */
const SIZE = { Width: 160, Height: 90 };
/** A job that takes many seconds here: the engine is still drawing it when the test cancels it. */
const LONG = { Width: 640, Height: 360, SpatialSamples: 16, TemporalSamples: 16 };

interface Output {
  Layer: string;
  Frame: number | null;
  Path: string;
  MimeType: string;
  Bytes: number;
}
interface JobStatus {
  Status: 'Rendering' | 'Completed' | 'Failed' | 'Cancelled';
  Progress: number;
  FramesDone: number;
  FramesTotal: number;
  PathTraced: boolean;
  Samples: number;
  Outputs: Output[];
  Error: string | null;
}

let t: SharedEngine;

beforeAll(async () => {
  t = await takeSharedEngine({ width: 160, height: 90 });
});

afterAll(async () => {
  await t.close();
});

async function camera<T>(functionName: string, parameters: unknown): Promise<T> {
  const { status, body } = await t.call('camera', functionName, parameters);
  expect(status, `${functionName}: ${JSON.stringify(body)}`).toBe(200);
  return body as T;
}

async function start(settings: RenderJobSettingsInput): Promise<string> {
  return (await camera<{ JobId: string }>('StartRenderJob', { Settings: settings })).JobId;
}

const status = (JobId: string) => camera<JobStatus>('GetRenderJobStatus', { JobId });

/** Polls a job every `everyMs` until `done` says so (by default: it has stopped rendering); answers every status. */
async function follow(
  JobId: string,
  done: (s: JobStatus) => boolean = (s) => s.Status !== 'Rendering',
  everyMs = 50,
): Promise<JobStatus[]> {
  const seen: JobStatus[] = [];
  for (;;) {
    const s = await status(JobId);
    seen.push(s);
    if (done(s)) return seen;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function finished(settings: RenderJobSettingsInput): Promise<JobStatus> {
  const last = (await follow(await start(settings))).at(-1);
  expect(last?.Error ?? null).toBeNull();
  expect(last?.Status).toBe('Completed');
  return last as JobStatus;
}

async function read(output: Output | undefined): Promise<Buffer> {
  expect(output).toBeDefined();
  const { MimeType, Data } = await camera<{ MimeType: string; Data: string }>('ReadRenderOutput', {
    Path: output?.Path,
  });
  expect(MimeType).toBe(output?.MimeType);
  return Buffer.from(Data, 'base64');
}

async function layer(job: JobStatus, name: string, frame: number | null = null): Promise<Pixels> {
  return Pixels.fromPng(await read(job.Outputs.find((o) => o.Layer === name && o.Frame === frame)));
}

const region = (x0: number, x1: number, y0: number, y1: number): Region => ({ x0, x1, y0, y1 });
const CORNERS = [region(0, 0.08, 0, 0.1), region(0.92, 1, 0, 0.1), region(0, 0.08, 0.9, 1), region(0.92, 1, 0.9, 1)];
/** The car's door, in the middle of the default view. */
const MIDDLE = region(0.42, 0.55, 0.42, 0.6);
const transparent = (_r: number, _g: number, _b: number, a: number) => a === 0;
const opaque = (_r: number, _g: number, _b: number, a: number) => a === 255;
const jobFolder = (jobId: string) => path.join(t.dataDir, 'renders', jobId);

describe('a still job', () => {
  it('renders, then completes with its outputs listed, PNG and JPG at the asked size', async () => {
    const jobId = await start({ ...SIZE, SpatialSamples: 2, TemporalSamples: 2 });
    const first = await status(jobId);
    expect(first.Status).toBe('Rendering');
    expect(first.FramesTotal).toBe(1);
    const png = (await follow(jobId)).at(-1) as JobStatus;
    expect(png).toMatchObject({ Status: 'Completed', Progress: 1, FramesDone: 1, FramesTotal: 1, Error: null });
    expect(png.Samples).toBe(4);
    expect(png.PathTraced).toBe(false);
    expect(png.Outputs.map((o) => [o.Layer, o.Frame, o.Path, o.MimeType])).toEqual([
      ['Beauty', null, `${jobId}/beauty.png`, 'image/png'],
    ]);
    const bytes = await read(png.Outputs[0]);
    expect(bytes.length).toBe(png.Outputs[0]?.Bytes);
    const pixels = await layer(png, 'Beauty');
    expect([pixels.width, pixels.height]).toEqual([160, 90]);
    expect(existsSync(path.join(jobFolder(jobId), 'beauty.png'))).toBe(true);

    const jpg = await finished({ ...SIZE, Format: 'JPG', SpatialSamples: 1, TemporalSamples: 1 });
    expect(jpg.Outputs.map((o) => [o.Layer, o.MimeType, o.Path.split('/')[1]])).toEqual([
      ['Beauty', 'image/jpeg', 'beauty.jpg'],
    ]);
    const jpeg = await read(jpg.Outputs[0]);
    expect(jpeg.length).toBe(jpg.Outputs[0]?.Bytes);
    expect(jpegSize(jpeg)).toEqual({ width: 160, height: 90 });
  });

  it('reports progress growing between 0 and 1 while it renders', async () => {
    const seen = await follow(await start({ ...SIZE, SpatialSamples: 8, TemporalSamples: 8 }), undefined, 25);
    const rendering = seen.filter((s) => s.Status === 'Rendering').map((s) => s.Progress);
    expect(
      rendering.some((p) => p > 0 && p < 1),
      rendering.join(' '),
    ).toBe(true);
    expect(new Set(rendering.filter((p) => p > 0 && p < 1)).size).toBeGreaterThan(2);
    for (let i = 1; i < rendering.length; i += 1) expect(rendering[i]).toBeGreaterThanOrEqual(rendering[i - 1] ?? 0);
    expect(seen.at(-1)).toMatchObject({ Status: 'Completed', Progress: 1 });
  });

  it('refuses a second job while one renders; a cancel stops the first soon and deletes its files', async () => {
    const jobId = await start(LONG);
    await follow(jobId, (s) => s.Progress > 0);
    const second = await t.call('camera', 'StartRenderJob', { Settings: SIZE });
    expect(second.status).toBe(409);
    expect(JSON.stringify(second.body)).toContain(`render job ${jobId} is still rendering`);
    const asked = Date.now();
    await camera('CancelRenderJob', { JobId: jobId });
    // One 640×360 sample here takes a fraction of a second: the job stopped at its next one, not at its end.
    expect(Date.now() - asked).toBeLessThan(5_000);
    const after = await status(jobId);
    expect(after.Status).toBe('Cancelled');
    expect(after.Progress).toBeLessThan(0.5);
    expect(after.Outputs).toEqual([]);
    expect(existsSync(jobFolder(jobId))).toBe(false);
    // The engine takes the next job at once.
    await finished({ ...SIZE, SpatialSamples: 1, TemporalSamples: 1 });
  });
});

describe('render types, passes and shadow modes', () => {
  let multi: JobStatus;
  beforeAll(async () => {
    multi = await finished({
      ...SIZE,
      SpatialSamples: 2,
      TemporalSamples: 2,
      RenderType: 'Multi Pass',
      Passes: ['Color ID', 'Depth', 'Multi Layered'],
    });
  });

  it('Multi Pass lists the Beauty and every layer of its passes, as PNG', () => {
    expect(multi.Outputs.map((o) => o.Path.split('/')[1])).toEqual([
      'beauty.png',
      'color-id.png',
      'depth.png',
      'car.png',
      'shadow.png',
      'background.png',
    ]);
  });

  it('Car Transparent BG: alpha 0 in the corners, the car opaque in the middle', async () => {
    const job = await finished({ ...SIZE, SpatialSamples: 2, TemporalSamples: 2, RenderType: 'Car Transparent BG' });
    const beauty = await layer(job, 'Beauty');
    for (const corner of CORNERS) expect(beauty.share(transparent, corner)).toBe(1);
    expect(beauty.share(opaque, MIDDLE)).toBeGreaterThan(0.95);
  });

  it('Depth: the car darker than the background, its near front darker than its far rear', async () => {
    const depth = await layer(multi, 'Depth');
    const background = depth.luminance(region(0, 0.1, 0, 0.1));
    expect(depth.luminance(MIDDLE)).toBeLessThan(background - 60);
    const front = depth.luminance(region(0.2, 0.3, 0.55, 0.7));
    const rear = depth.luminance(region(0.66, 0.72, 0.35, 0.5));
    expect(front).toBeLessThan(rear - 5);
    // Grey, no grading: every pixel has r = g = b.
    expect(depth.share((r, g, b) => r === g && g === b)).toBe(1);
  });

  it('Color ID: a handful of flat colours cover nearly all pixels, the background black', async () => {
    const ids = await layer(multi, 'Color ID');
    const counts = new Map<string, number>();
    ids.share((r, g, b) => {
      const key = `${r},${g},${b}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return true;
    });
    const total = ids.width * ids.height;
    const sorted = [...counts.values()].sort((a, b) => b - a);
    const top = (n: number) => sorted.slice(0, n).reduce((sum, c) => sum + c, 0) / total;
    expect(top(10)).toBeGreaterThan(0.97);
    expect(counts.size).toBeLessThan(40);
    expect(ids.share((r, g, b) => r + g + b === 0, region(0, 0.08, 0, 0.1))).toBe(1);
    // The car is more than one colour: its parts differ.
    expect(sorted.length).toBeGreaterThan(5);
  });

  it('Multi Layered: the Car alone on transparency, the Shadow alone, the Background opaque without the car', async () => {
    const car = await layer(multi, 'Car');
    for (const corner of CORNERS) expect(car.share(transparent, corner)).toBe(1);
    expect(car.share(opaque, MIDDLE)).toBeGreaterThan(0.95);
    const shadow = await layer(multi, 'Shadow');
    // Black wherever it is drawn; its strength is the alpha, under the car and nowhere in the corners.
    expect(shadow.share((r, g, b) => r + g + b === 0)).toBe(1);
    expect(shadow.share((_r, _g, _b, a) => a > 60, region(0.3, 0.6, 0.7, 0.85))).toBeGreaterThan(0.5);
    for (const corner of CORNERS) expect(shadow.share(transparent, corner)).toBe(1);
    const background = await layer(multi, 'Background');
    expect(background.share(opaque)).toBe(1);
    const beauty = await layer(multi, 'Beauty');
    // The blue car is gone from the middle: what is there is the studio's grey.
    const blue = (p: Pixels) => p.mean(MIDDLE).b - p.mean(MIDDLE).r;
    expect(blue(beauty)).toBeGreaterThan(20);
    expect(Math.abs(blue(background))).toBeLessThan(5);
  });

  it('NoShadow leaves the ground under the car lighter than WithGround; SeparateLayer adds the Shadow', async () => {
    const under = region(0.3, 0.6, 0.78, 0.88);
    const withGround = await layer(multi, 'Beauty');
    const none = await finished({ ...SIZE, SpatialSamples: 2, TemporalSamples: 2, ShadowMode: 'NoShadow' });
    const noShadow = await layer(none, 'Beauty');
    expect(noShadow.luminance(under)).toBeGreaterThan(withGround.luminance(under) + 10);
    expect(none.Outputs.map((o) => o.Layer)).toEqual(['Beauty']);
    const separate = await finished({ ...SIZE, SpatialSamples: 2, TemporalSamples: 2, ShadowMode: 'SeparateLayer' });
    expect(separate.Outputs.map((o) => o.Layer)).toEqual(['Beauty', 'Shadow']);
    expect((await layer(separate, 'Beauty')).luminance(under)).toBeCloseTo(noShadow.luminance(under), 0);
  });
});

describe('a shot', () => {
  it('lists each frame as it is written, frames differ, and the camera is back where it was after', async () => {
    const crane = () => t.call('camera', 'GetCraneValues', {});
    const before = await crane();
    const frames = 5;
    const jobId = await start({
      ...SIZE,
      SpatialSamples: 2,
      TemporalSamples: 2,
      Shot: {
        Camera: 'Exterior',
        FrameRate: 24,
        Frames: frames,
        Keyframes: [
          { time: 0, yaw: -30, pitch: 10 },
          { time: 4 / 24, yaw: 60, pitch: 20 },
        ],
      },
    });
    const seen = await follow(jobId, undefined, 25);
    const partial = seen.filter((s) => s.Status === 'Rendering' && s.Outputs.length > 0);
    expect(partial.length, 'a status listed some frames while later ones rendered').toBeGreaterThan(0);
    for (const s of seen) expect(s.Outputs.length).toBe(s.FramesDone);
    const job = seen.at(-1) as JobStatus;
    expect(job).toMatchObject({ Status: 'Completed', FramesDone: frames, FramesTotal: frames });
    expect(job.Outputs.map((o) => [o.Layer, o.Frame, o.Path.split('/')[1]])).toEqual(
      Array.from({ length: frames }, (_, i) => ['Beauty', i, `frame-0000${i}.png`]),
    );
    const pictures = await Promise.all(job.Outputs.map((o) => read(o).then((bytes) => Pixels.fromPng(bytes))));
    for (let i = 1; i < frames; i += 1) {
      const [a, b] = [pictures[i - 1], pictures[i]] as [Pixels, Pixels];
      let difference = 0;
      for (let j = 0; j < a.data.length; j += 1) difference += Math.abs((a.data[j] ?? 0) - (b.data[j] ?? 0));
      expect(difference / a.data.length, `frames ${i - 1} and ${i}`).toBeGreaterThan(2);
    }
    expect(await crane()).toEqual(before);
  });
});

describe('render outputs', () => {
  it.each(['../escape.png', '/etc/passwd', 'job/../../escape.png', '..\\escape.png', './beauty.png'])(
    'ReadRenderOutput refuses %s, outside the renders folder',
    async (given) => {
      const { status: code, body } = await t.call('camera', 'ReadRenderOutput', { Path: given });
      expect(code).toBe(403);
      expect(JSON.stringify(body)).toMatch(/not inside the renders folder/);
    },
  );

  it('a reset cancels the running job and deletes every render output', async () => {
    const done = await finished({ ...SIZE, SpatialSamples: 1, TemporalSamples: 1 });
    const running = await start(LONG);
    await follow(running, (s) => s.Progress > 0);
    const response = await t.request('POST', ENGINE_CONTROL_ROUTES.reset);
    expect(response.status).toBe(200);
    expect(existsSync(path.join(t.dataDir, 'renders'))).toBe(false);
    expect((await t.call('camera', 'GetRenderJobStatus', { JobId: running })).status).toBe(404);
    const gone = await t.call('camera', 'ReadRenderOutput', { Path: done.Outputs[0]?.Path });
    expect(gone.status).toBe(404);
    await finished({ ...SIZE, SpatialSamples: 1, TemporalSamples: 1 });
  });
});
