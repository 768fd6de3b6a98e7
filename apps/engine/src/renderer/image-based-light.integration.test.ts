import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_TONE_MAPPER, ENGINE_OBJECT_PATHS, type ToneMapperName } from '@autostudio/protocol';
import { differenceCiede2000, formatHex } from 'culori';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAINTS, TRIMS, paintKey } from '../contract/car-catalogue.js';
import { Pixels, SIDE_ON_DOOR } from '../test/pixels.js';
import { rgbeImage } from '../test/rgbe.js';
import { takeSharedEngine, type SharedEngine } from '../test/shared-engine.js';

/**
 * The picture's light on real frames: the tone mapper a user picks and the image-based light an HDRI gives, through
 * the Remote Control API with HDR images served the way a user's upload would be. Run under `flock
 * /tmp/chromium.lock`.
 */

/** A Radiance image whose linear radiance is one grey value per column. */
const greyColumns = (width: number, height: number, radiance: (x: number) => number): Buffer =>
  rgbeImage(width, height, (x) => [radiance(x), radiance(x), radiance(x)]);

/** A mid-grey card's radiance under white light of 1: its albedo (18 %) and the 4 % every dielectric reflects. */
const GREY_CARD = 0.18 + 0.04;
/** 18 % grey as an sRGB display value: what a photographer's grey card reads as. */
const MID_GREY_SRGB = 118;

const IMAGES: Record<string, Buffer> = {
  // The same grey in every direction: the dome shows it as it is.
  '/grey.hdr': greyColumns(64, 32, () => GREY_CARD),
  // Bright on one side, dark on the other: what the car reflects depends on which way the image is turned.
  '/half.hdr': greyColumns(64, 32, (x) => (x < 32 ? 3 : 0.02)),
  // White light of 1 from everywhere: a light tent, where a paint shows its own colour (and its gloss).
  '/white.hdr': greyColumns(64, 32, () => 1),
  // Imported once, by the test that counts its loads.
  '/once.hdr': greyColumns(64, 32, (x) => 0.2 + x / 64),
};

let t: SharedEngine;
let imageHost: { url: (path: string) => string; close: () => Promise<void> };

beforeAll(async () => {
  const server = createServer((request, response) => {
    const image = IMAGES[request.url ?? ''];
    if (!image) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': image.length }).end(image);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  imageHost = {
    url: (path) => `http://${host}${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  t = await takeSharedEngine({ width: 160, height: 90 });
  expect((await t.call('car', 'LoadEnvironmentbyPath', { Path: 'HDRIBackdrop' })).status).toBe(200);
});

afterAll(async () => {
  await t.close();
  await imageHost.close();
});

async function useHdri(path: string): Promise<void> {
  const { status, body } = await t.call('car', 'ImportandApplyCubemap', { Url: imageHost.url(path) });
  expect(status, JSON.stringify(body)).toBe(200);
}

async function still(options: { transparent?: boolean } = {}): Promise<Pixels> {
  const { status, body } = await t.call('camera', 'RenderStill', {
    Width: 128,
    Height: 72,
    Samples: 1,
    TransparentBackground: options.transparent ?? false,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return Pixels.fromPng(Buffer.from((body as { Image: string }).Image, 'base64'));
}

/** PUT /remote/object/property as the web app sends it; answers the status and the body. */
async function property(name: string, value?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await t.request('PUT', '/remote/object/property', {
    objectPath: ENGINE_OBJECT_PATHS.postProcess,
    propertyName: name,
    ...(value === undefined ? { access: 'READ_ACCESS' } : { propertyValue: { [name]: value }, access: 'WRITE_ACCESS' }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The top of the frame: the dome's sky, far from the car and its shadow. */
const SKY = { x0: 0, x1: 1, y0: 0, y1: 0.15 };

async function skyGrey(toneMapper: ToneMapperName): Promise<number> {
  await t.setProperty('postProcess', 'ToneMapper', toneMapper);
  return (await still()).mean(SKY).g;
}

describe('an imported HDRI', () => {
  it('is fetched and decoded once: the import’s check hands the image it decoded to the scene', async () => {
    const loads: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (/\.hdr(\?|$)/i.test(request.url())) loads.push(request.url());
    };
    t.renderer.livePage.on('request', onRequest);
    try {
      await useHdri('/once.hdr');
      await still();
    } finally {
      t.renderer.livePage.off('request', onRequest);
    }
    // The check decoded it and threw it away, and the scene fetched and decoded it again: two loads.
    expect(loads).toHaveLength(1);
  });
});

describe('tone mapping', () => {
  it('is Khronos PBR Neutral unless the user picks another, and refuses a name it does not know', async () => {
    expect(DEFAULT_TONE_MAPPER).toBe('Neutral');
    expect(await property('ToneMapper')).toEqual({ status: 200, body: { ToneMapper: 'Neutral' } });
    expect((await property('ToneMapper', 'Reinhard')).status).toBe(400);
    expect((await property('ToneMapper', 'AgX')).status).toBe(200);
    expect(await property('ToneMapper')).toEqual({ status: 200, body: { ToneMapper: 'AgX' } });
    await t.setProperty('postProcess', 'ToneMapper', 'Neutral');
  });

  it('keeps a mid-grey card mid-grey with Neutral, where ACES and AgX shift it', async () => {
    await useHdri('/grey.hdr');
    const neutral = await skyGrey('Neutral');
    expect(Math.abs(neutral - MID_GREY_SRGB)).toBeLessThanOrEqual(4);
    // The filmic mappers are there for their highlight roll-off; they move the mid-tones with it, which is why a
    // product's colours are judged under Neutral.
    expect(Math.abs((await skyGrey('ACES')) - neutral)).toBeGreaterThan(8);
    expect(Math.abs((await skyGrey('AgX')) - neutral)).toBeGreaterThan(8);
    await t.setProperty('postProcess', 'ToneMapper', 'Neutral');
  });
});

describe('image-based light', () => {
  it('turns the reflections on the car with the HDRI while the car itself stays where it is', async () => {
    await useHdri('/half.hdr');
    await t.setProperty('car', 'HdrYaw', 0);
    const before = await still({ transparent: true });
    await t.setProperty('car', 'HdrYaw', 180);
    const turned = await still({ transparent: true });
    // The same silhouette, pixel for pixel: no geometry moved.
    expect(turned.coverage()).toBeGreaterThan(0.1);
    expect(Math.abs(turned.coverage() - before.coverage())).toBeLessThan(0.002);
    // What the paint, glass and chrome mirror changed over a large part of the car.
    const carPixels = before.coverage();
    expect(turned.changed(before, 24) / carPixels).toBeGreaterThan(0.2);
  });
});

describe('paint colour', () => {
  it('shows a pearl paint in its own hue in a light tent, not washed out to grey', async () => {
    await useHdri('/white.hdr');
    await t.setProperty('car', 'HdrYaw', 0);
    await t.setProperty('camera', 'CameraExteriorYaw', 90);
    const pearl = PAINTS.find((paint) => paint.name === 'Forest Green');
    if (!pearl) throw new Error('The catalogue has no Forest Green');
    expect(pearl.finish).toBe('pearl');
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'forest green' })).status).toBe(200);
    const { r, g, b } = (await still()).mean(SIDE_ON_DOOR);
    const door = formatHex({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 });
    // The gloss of the clear coat lifts a dark paint a little in an even white light (bench/fidelity-bench.mjs
    // measures every paint); a white sheen over it read grey-green, 21 from the catalogue's colour.
    expect(differenceCiede2000()(pearl.color, door), door).toBeLessThan(10);
    await t.setProperty('camera', 'CameraExteriorYaw', 0);
  });

  it('shows each paint in a light tent as its catalogue colour, within ΔE2000 3', async () => {
    await useHdri('/white.hdr');
    await t.setProperty('car', 'HdrYaw', 0);
    await t.setProperty('camera', 'CameraExteriorYaw', 90);
    const measured: Record<string, string> = {};
    const off: string[] = [];
    for (const paint of PAINTS) {
      const trim = TRIMS.find((candidate) => candidate.paints.includes(paintKey(paint.name)));
      if (!trim) throw new Error(`No trim offers ${paint.name}`);
      expect((await t.call('car', 'Update Car Material', { MaterialToSet: trim.name })).status).toBe(200);
      expect((await t.call('car', 'Update Car Material', { MaterialToSet: paintKey(paint.name) })).status).toBe(200);
      const { r, g, b } = (await still()).mean(SIDE_ON_DOOR);
      const door = formatHex({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 });
      const difference = differenceCiede2000()(paint.color, door);
      measured[paint.name] = `${door} ${difference.toFixed(1)}`;
      if (difference >= 3) off.push(paint.name);
    }
    console.info('paints in the light tent', measured);
    // The base under a clear coat reflected as well as the coat: red came back at ΔE2000 7.7, Forest Green 6.5. A
    // black under a coat cannot read darker than the 4 % the coat mirrors (#1a1a1a through PBR Neutral's toe): with
    // the pigment's own #0b0c0f as its catalogue colour Obsidian Black came back at 4.6.
    expect(off).toEqual([]);
    await t.setProperty('camera', 'CameraExteriorYaw', 0);
  });
});
