import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Pixels, type Region } from '../test/pixels.js';
import { closeSharedEngine, PATH_TRACING_ENGINE, takeSharedEngine, type SharedEngine } from '../test/shared-engine.js';

/**
 * Path tracing through the Remote Control API, on an engine of its own started as a CPU host starts by default
 * (`--path-tracing auto`: path-traced stills, raster refinement when idle). Its first path-traced still compiles the
 * shader (one to two minutes of one core); then the suite switches the engine to path trace when idle too, as
 * `--path-tracing on` starts one, so that it path traces its viewport on this CPU. After the compile, small pictures
 * take a second or two.
 */
let t: SharedEngine;

/**
 * Samples of the traced stills that compare an environment's light with the raster picture's, as means over a
 * region. At 8 samples each measure kept its margin as at 16 (cyclorama wall 6.5 against 8.6 apart, limit 15; noon
 * sand blue/red 0.847 against 0.850, limit 0.9; sunset shade 0.45 of the sun against 0.44, limit 0.6; HDRI ground 5.5
 * against 7.7, limit 20), and the four tests took 21 s instead of 28.
 */
const LIGHTING_SAMPLES = 8;

/** The picture in a 4 × 3 grid of mean colours: noise averages out, where the car stands does not. */
function grid(pixels: Pixels): { r: number; g: number; b: number }[] {
  const cells: { r: number; g: number; b: number }[] = [];
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 4; column += 1) {
      const cell: Region = { x0: column / 4, x1: (column + 1) / 4, y0: row / 3, y1: (row + 1) / 3 };
      cells.push(pixels.mean(cell));
    }
  }
  return cells;
}

const red = (c: { r: number; g: number; b: number }) => c.r > 1.4 * c.g && c.r > 1.4 * c.b && c.r > 40;

async function still(parameters: Record<string, unknown>): Promise<Pixels> {
  const { status, body } = await t.call('camera', 'RenderStill', { Width: 160, Height: 90, ...parameters });
  expect(status, JSON.stringify(body)).toBe(200);
  return Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64'));
}

/** A path-traced still straight from the renderer, which can leave out denoising (RenderStill always denoises). */
async function traced(samples: number, denoise: boolean): Promise<Pixels> {
  const png = await t.renderer.still({
    width: 160,
    height: 90,
    format: 'png',
    samples,
    renderer: 'pathTracer',
    denoise,
  });
  return Pixels.fromPng(png);
}

/** Luminance (0..255) of a pixel. */
function luminance(pixels: Pixels, x: number, y: number): number {
  const i = (y * pixels.width + x) * 4;
  return 0.2126 * (pixels.data[i] ?? 0) + 0.7152 * (pixels.data[i + 1] ?? 0) + 0.0722 * (pixels.data[i + 2] ?? 0);
}

/** Mean luminance difference, pixel by pixel. */
function difference(a: Pixels, b: Pixels): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      sum += Math.abs(luminance(a, x, y) - luminance(b, x, y));
      count += 1;
    }
  }
  return sum / count;
}

async function pathTraceOnIdle(on: boolean): Promise<void> {
  await t.setProperty('carStateManager', 'switchToPathTraceOnIdle', on);
}

/** Waits until the viewport shows the path tracer's picture with at least `samples` samples. */
async function tracedFrame(samples: number): Promise<void> {
  await t.renderer.livePage.waitForFunction(
    (wanted) => {
      const frame = (globalThis as { autostudioEngine?: { lastFrame: { pathTraced: boolean; samples: number } } })
        .autostudioEngine?.lastFrame;
      return frame?.pathTraced === true && frame.samples >= wanted;
    },
    samples,
    { timeout: 60_000 },
  );
}

/** The shader's compile: about 50 s of one core alone, and 300 s in `npm test` beside the e2e suite on a slow machine. */
const COMPILE_TIMEOUT = 480_000;
/**
 * 72 traced samples (a 64-sample reference, four raw, four denoised): 180 s ran out in `npm test` beside the e2e suite
 * on a slow machine, where the compile above took 261 s.
 */
const DENOISE_TIMEOUT = 360_000;

beforeAll(async () => {
  t = await takeSharedEngine(PATH_TRACING_ENGINE);
}, 120_000);

afterAll(async () => {
  // No other file path traces: its Chromium goes now, not with the process.
  await closeSharedEngine(PATH_TRACING_ENGINE);
});

beforeEach(async () => {
  await t.engine.scene.reset();
  expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Rallye Red' })).status).toBe(200);
});

describe('an engine that path traces stills only', () => {
  it(
    'path traces a still on request, compiling its shader then',
    async () => {
      const { capabilities } = t.renderer;
      // A GPU host path traces when idle under `auto` too, and compiles at start; a CPU rasteriser waits for a still.
      expect(capabilities).toMatchObject({
        pathTracingStills: true,
        pathTracingOnIdle: capabilities?.softwareWebgl === false,
      });
      const traced = grid(await still({ Width: 96, Height: 54, Samples: 2, Renderer: 'PathTracer' }));
      expect(traced.filter(red).length).toBeGreaterThanOrEqual(2);
    },
    COMPILE_TIMEOUT,
  );
});

describe('path tracing', () => {
  // The shader compiled for the still above; in a run that filtered that test out, it compiles here.
  beforeAll(() => t.renderer.setPathTracing('on'), COMPILE_TIMEOUT);

  it('path traces when idle once told to, its shader compiled before it says so', () => {
    expect(t.renderer.capabilities).toMatchObject({ pathTracingOnIdle: true, pathTracingStills: true });
  });

  it('path traces a still of the car in its paint, framed as the raster still frames it', async () => {
    const raster = grid(await still({ Samples: 4 }));
    const traced = grid(await still({ Samples: 6, Renderer: 'PathTracer' }));
    const body = raster.map(red);
    expect(body.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    // Every cell the raster picture shows red is red in the path-traced one, and no other cell is.
    expect(traced.map(red)).toEqual(body);
  });

  it('path traces for real: one sample is grainy where raster is smooth, and more samples clean it up', async () => {
    // The studio floor in the near corner: an even surface, lit softly by the whole room.
    const floor: Region = { x0: 0, x1: 0.25, y0: 0.8, y1: 1 };
    const raster = (await still({ Samples: 4 })).grain(floor);
    const oneSample = (await traced(1, false)).grain(floor);
    const twelveSamples = (await traced(12, false)).grain(floor);
    expect(oneSample).toBeGreaterThan(raster * 3);
    expect(twelveSamples).toBeLessThan(oneSample / 2);
  });

  it(
    'denoises a path-traced still: the grain goes, the edges stay, and few samples come closer to many',
    async () => {
      const reference = await traced(64, false);
      const raw = await traced(4, false);
      const denoised = await traced(4, true);
      // The studio floor in the near corner: four samples' grain is mostly gone (it was all there before denoising).
      const floor: Region = { x0: 0, x1: 0.25, y0: 0.8, y1: 1 };
      expect(denoised.grain(floor)).toBeLessThan(raw.grain(floor) / 3);
      // Nothing brightened or darkened: the floor's mean is the 64-sample one, as near as four samples allow. Not the
      // raw four samples' mean: it comes out 6–7 darker than 64 samples' here, and the denoised mean differed from it
      // by 3.8–6.6 in four runs, so a check against it failed one run in two. From the reference it differed by 0.5–2.3
      // in those runs and by 1.6, 2.9 and 4.5 in three later ones: 4 failed one of them, 6 keeps a margin over the
      // spread.
      expect(Math.abs(denoised.mean(floor).g - reference.mean(floor).g)).toBeLessThan(6);
      // Four denoised samples come at least twice as close to 64 traced ones as four raw samples do.
      expect(difference(denoised, reference)).toBeLessThan(difference(raw, reference) / 2);
      // Where the reference has an edge (the car against the cyclorama, trim against paint), the denoised picture keeps
      // it as sharp: as close to the reference there as the raw samples, not smeared across.
      const edge = (x: number, y: number) =>
        x + 1 < reference.width && Math.abs(luminance(reference, x + 1, y) - luminance(reference, x, y)) > 40;
      const step = (p: Pixels) => {
        let sum = 0;
        for (let y = 0; y < p.height; y += 1)
          for (let x = 0; x + 1 < p.width; x += 1)
            if (edge(x, y)) sum += Math.abs(luminance(p, x + 1, y) - luminance(p, x, y));
        return sum;
      };
      // Measured: 71 % of the reference's edge contrast kept (the rest is soft reflections and shadow edges on one
      // surface).
      expect(step(denoised)).toBeGreaterThan(0.65 * step(reference));
    },
    DENOISE_TIMEOUT,
  );

  it('lights the studio cyclorama as brightly as the raster picture bakes it', async () => {
    // The floor in the near corner and the wall behind the car, noise averaged out over each.
    const floor: Region = { x0: 0, x1: 0.15, y0: 0.8, y1: 1 };
    const wall: Region = { x0: 0, x1: 1, y0: 0, y1: 0.15 };
    const raster = await still({ Samples: 2 });
    const traced = await still({ Samples: LIGHTING_SAMPLES, Renderer: 'PathTracer' });
    // The baked cyclorama was a darker grey than the one the tracer lights (floor 131 against 168, wall 87 against 121).
    expect(Math.abs(traced.mean(floor).g - raster.mean(floor).g)).toBeLessThan(15);
    expect(Math.abs(traced.mean(wall).g - raster.mean(wall).g)).toBeLessThan(15);
  });

  it('lights the desert sand as the raster picture does: warm at noon, not the blue-grey of the sky alone', async () => {
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'desert' })).status).toBe(200);
    expect((await t.call('car', 'Set Time Of the Day', { Value: 'Noon' })).status).toBe(200);
    // Open sand in the near corner, away from the car and its shadow.
    const sand: Region = { x0: 0.85, x1: 1, y0: 0.85, y1: 1 };
    const raster = (await still({ Samples: 2 })).mean(sand);
    const traced = (await still({ Samples: LIGHTING_SAMPLES, Renderer: 'PathTracer' })).mean(sand);
    // The sand's albedo (#dcc7a4) has blue at 0.75 of red; lit by a hand-tuned fill in the raster and by the sky's
    // real light in the path tracer, the traced sand came out bluer than red (1.16) against the raster’s 0.77.
    expect(traced.b / traced.r).toBeLessThan(0.9);
    expect(Math.abs(traced.b / traced.r - raster.b / raster.r)).toBeLessThan(0.08);
    expect(Math.abs(traced.r - raster.r)).toBeLessThan(30);
  });

  it('lights the sunset sand and throws the car’s long shadow on it as the path tracer does', async () => {
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'desert' })).status).toBe(200);
    expect((await t.call('car', 'Set Time Of the Day', { Value: 'Sunset' })).status).toBe(200);
    // Sand in the near left corner: in the low sun with the sun due +z, in the car's long shadow with it at 150°.
    const sand: Region = { x0: 0, x1: 0.15, y0: 0.85, y1: 1 };
    const apart = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
      Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));
    const corner = async (azimuth: number) => {
      expect((await t.call('car', 'Set Sun Azimuth Angle', { Value: azimuth })).status).toBe(200);
      return {
        raster: (await still({ Samples: 2 })).mean(sand),
        traced: (await still({ Samples: LIGHTING_SAMPLES, Renderer: 'PathTracer' })).mean(sand),
      };
    };
    const sunlit = await corner(0);
    // The dunes rose 8° round the car and hid a 3° sun from the traced sand (red 12 against the raster's 100 and more): the
    // raster, whose dunes cast no shadow, lit what the tracer left in shade.
    expect(sunlit.traced.r).toBeGreaterThan(100);
    expect(apart(sunlit.traced, sunlit.raster)).toBeLessThan(35);
    const shaded = await corner(150);
    // The raster shadow ended 6 m from the car and took a fixed 55 % of any light (red 109 against the tracer's 67):
    // it now reaches as far as the shadow falls and leaves the sky's light, as the tracer does.
    expect(shaded.traced.r).toBeLessThan(0.6 * sunlit.traced.r);
    expect(apart(shaded.traced, shaded.raster)).toBeLessThan(15);
  });

  it('stands the car on the HDRI backdrop’s ground and shows its dome as the raster picture does', async () => {
    expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'HDRIBackdrop' })).status).toBe(200);
    // The ground in the near corners, beside the car; the dome high above it.
    const ground: Region = { x0: 0, x1: 0.15, y0: 0.85, y1: 1 };
    const dome: Region = { x0: 0, x1: 1, y0: 0, y1: 0.15 };
    const raster = await still({ Samples: 2 });
    const traced = await still({ Samples: LIGHTING_SAMPLES, Renderer: 'PathTracer' });
    const apart = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
      Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));
    // The traced ground was a hole (black: a matte the tracer leaves empty) and its dome the image at infinity.
    expect(apart(traced.mean(ground), raster.mean(ground))).toBeLessThan(20);
    expect(apart(traced.mean(dome), raster.mean(dome))).toBeLessThan(20);
  });

  it('refines the idle viewport by path tracing with switchToPathTraceOnIdle, and starts again on a change', async () => {
    await pathTraceOnIdle(true);
    await tracedFrame(2);
    const viewport = grid(Pixels.fromPng(await t.renderer.livePage.locator('canvas').screenshot()));
    expect(viewport.filter(red).length).toBeGreaterThanOrEqual(2);
    // A move shows a quick raster frame at once, then the path tracer takes over again from its first sample.
    expect(
      (await t.call('camera', 'CameraRigCraneControll', { deltaYaw: 20, deltaPitch: 0, deltaArm: 0 })).status,
    ).toBe(200);
    expect(await t.renderer.lastFrame()).toMatchObject({ pathTraced: false });
    await tracedFrame(1);
  });

  it('keeps to raster refinement while switchToPathTraceOnIdle is off', async () => {
    await pathTraceOnIdle(false);
    await t.renderer.settled();
    expect(await t.renderer.lastFrame()).toMatchObject({ pathTraced: false });
  });
});
