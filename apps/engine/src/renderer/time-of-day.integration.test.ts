import { TIME_OF_DAY_OPTIONS, type TimeOfDay } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pixels } from '../test/pixels.js';
import { takeSharedEngine, type SharedEngine } from '../test/shared-engine.js';

/**
 * Every time of day the engine offers, set through the Remote Control API in the open desert and judged by the
 * stills: each is taken, reported as the current one, and lights the scene in its own way, the twilights (Dawn,
 * Evening) between the night and the low sun they neighbour. Run under `flock /tmp/chromium.lock`.
 */
let t: SharedEngine;

beforeAll(async () => {
  t = await takeSharedEngine({ width: 160, height: 90 });
  expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'desert' })).status).toBe(200);
});

afterAll(async () => {
  await t.close();
});

/** The open sand in the bottom right corner. */
const OPEN_SAND = { x0: 0.85, x1: 1, y0: 0.85, y1: 1 };
/** The sky above the horizon, where the time of day shows most. */
const SKY = { x0: 0, x1: 1, y0: 0, y1: 0.2 };

interface Look {
  r: number;
  g: number;
  b: number;
  luminance: number;
  sky: { r: number; g: number; b: number };
}

/** The picture at one time of day: the whole frame's mean colour and luminance, and the sky's colour. */
async function lookAt(time: TimeOfDay): Promise<Look> {
  expect(await t.call('car', 'Set Time Of the Day', { Value: time }), time).toEqual({ status: 200, body: {} });
  expect((await t.call('car', 'Get Time Of the Day Options')).body).toMatchObject({ Current: time });
  const { status, body } = await t.call('camera', 'RenderStill', { Width: 96, Height: 54, Samples: 1 });
  expect(status, JSON.stringify(body)).toBe(200);
  const pixels = Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64'));
  return { ...pixels.mean(), luminance: pixels.luminance(), sky: pixels.mean(SKY) };
}

describe('times of day', () => {
  it('offers Dawn and Evening among the spec’s times, in the order of the day', async () => {
    expect((await t.call('car', 'Get Time Of the Day Options')).body).toEqual({
      Current: 'Default',
      TODOptions: ['Default', 'Dawn', 'Sunrise', 'Morning', 'Noon', 'Afternoon', 'Sunset', 'Evening', 'Night'],
    });
  });

  it('takes each option and lights the desert for it', { timeout: 120_000 }, async () => {
    const looks = new Map<TimeOfDay, Look>();
    for (const time of TIME_OF_DAY_OPTIONS) looks.set(time, await lookAt(time));
    const look = (time: TimeOfDay): Look =>
      looks.get(time) ?? { r: 0, g: 0, b: 0, luminance: 0, sky: { r: 0, g: 0, b: 0 } };
    const apart = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
      Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b);
    // The whole picture and its sky: two times of day differ if either does.
    const distance = (a: TimeOfDay, b: TimeOfDay) => apart(look(a), look(b)) + apart(look(a).sky, look(b).sky);
    console.info(
      'time of day looks',
      Object.fromEntries(
        [...looks].map(([time, { r, g, b, luminance, sky }]) => [
          time,
          [r, g, b, luminance, sky.r, sky.g, sky.b].map(Math.round).join(' '),
        ]),
      ),
    );

    // The twilights are pictures of their own: not the day, not the night, not the low sun beside them.
    for (const twilight of ['Dawn', 'Evening'] as const) {
      for (const other of ['Default', 'Noon', 'Sunrise', 'Sunset', 'Night'] as const) {
        expect(distance(twilight, other), `${twilight} vs ${other}`).toBeGreaterThan(6);
      }
    }
    expect(distance('Dawn', 'Evening')).toBeGreaterThan(3);
    // Night is the darkest; the twilights are darker than the day at noon.
    for (const time of TIME_OF_DAY_OPTIONS.filter((option) => option !== 'Night')) {
      expect(look(time).luminance, `${time} vs Night`).toBeGreaterThan(look('Night').luminance);
    }
    expect(look('Noon').luminance).toBeGreaterThan(look('Dawn').luminance);
    expect(look('Noon').luminance).toBeGreaterThan(look('Evening').luminance);
    // Dawn's light is rose (more red than blue), Evening's violet (bluer than Dawn's).
    expect(look('Dawn').r).toBeGreaterThan(look('Dawn').b);
    expect(look('Evening').b - look('Evening').r).toBeGreaterThan(look('Dawn').b - look('Dawn').r);
  });

  it('shows the noon sand pale, as its albedo, not orange', async () => {
    expect((await t.call('car', 'Set Time Of the Day', { Value: 'Noon' })).status).toBe(200);
    const { body } = await t.call('camera', 'RenderStill', { Width: 96, Height: 54, Samples: 1 });
    // Open sand at the bottom corner, away from the car and its shadow.
    const sand = Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64')).mean(OPEN_SAND);
    // The sand's albedo (#dcc7a4) has blue at 0.75 of red; a colour-true picture keeps it close (converted to linear
    // twice, it came out at 0.53: orange).
    expect(sand.b / sand.r).toBeGreaterThan(0.68);
    expect(sand.r).toBeGreaterThan(150);
  });

  it('relights the desert when the sun turns, and gives the same picture when it turns back', async () => {
    const still = async (azimuth: number) => {
      expect((await t.call('car', 'Set Sun Azimuth Angle', { Value: azimuth })).status).toBe(200);
      const { body } = await t.call('camera', 'RenderStill', { Width: 96, Height: 54, Samples: 1 });
      return Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64'));
    };
    expect((await t.call('car', 'Set Time Of the Day', { Value: 'Sunset' })).status).toBe(200);
    const first = await still(60);
    const turned = await still(240);
    const back = await still(60);
    // The low sun behind the camera or behind the car: sky, sand and paint all change.
    expect(first.changed(turned, 12)).toBeGreaterThan(0.2);
    expect(first.changed(back, 4)).toBe(0);
  });

  it('wraps any sun azimuth into 0–360', async () => {
    for (const [given, wrapped] of [
      [370, 10],
      [-90, 270],
      [360, 0],
    ] as const) {
      expect((await t.call('car', 'Set Sun Azimuth Angle', { Value: given })).status).toBe(200);
      expect(t.engine.scene.state.environment.sunDirection).toBe(wrapped);
    }
  });
});
