import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ENGINE_FETCH_REFUSED } from '@autostudio/protocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadToEnd } from '../test/downloads.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';
import { writeZip } from '../test/zip-writer.js';

/**
 * Download File / Get Download Status against a local HTTP server standing in for the Autostudio server's signed
 * model file links (the engine's files URL), then LoadCarByPath through the renderer seam.
 */
const LINK = '/api/asset-model-file/version-1.1999999999.signature';
const glb = Buffer.concat([Buffer.from('glTF'), Buffer.alloc(256 * 1024, 7)]);
const PAINT = {
  name: 'Bruma',
  baseColor: '#8899aa',
  metallic: 0.6,
  roughness: 0.3,
  clearcoat: 1,
  clearcoatRoughness: 0.05,
};
const files: Record<string, Buffer> = {
  [`${LINK}/car.glb`]: glb,
  [`${LINK}/trims.glb`]: glb,
  [`${LINK}/car.zip`]: writeZip([
    { name: 'car/', data: Buffer.alloc(0), mode: 0o040755 },
    { name: 'car/textures/paint.png', data: Buffer.from('png') },
    { name: 'car/car.glb', data: glb },
  ]),
  [`${LINK}/evil.zip`]: writeZip([
    { name: 'car.glb', data: glb },
    { name: '../evil.txt', data: Buffer.from('gotcha') },
  ]),
  [`${LINK}/link.zip`]: writeZip([
    { name: 'car.glb', data: glb },
    { name: 'escape', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
  ]),
  [`${LINK}/notes.txt`]: Buffer.from('not a model'),
  [`${LINK}/painted.zip`]: writeZip([
    { name: 'car.glb', data: glb },
    { name: 'autostudio.json', data: Buffer.from(JSON.stringify({ paints: [PAINT] })) },
  ]),
  [`${LINK}/garbled.zip`]: writeZip([
    { name: 'car.glb', data: glb },
    { name: 'autostudio.json', data: Buffer.from('{ "paints": [') },
  ]),
  [`${LINK}/stray-trim.zip`]: writeZip([
    { name: 'car.glb', data: glb },
    { name: 'autostudio.json', data: Buffer.from(JSON.stringify({ paints: [PAINT], trims: { Sport: ['Bruma'] } })) },
  ]),
};

/** `gated.glb` sends half, then waits for the test to have seen a partial percentage: no timing luck needed. */
let releaseGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  releaseGate = resolve;
});

let media: Server;
let mediaBase: string;
beforeAll(async () => {
  media = createServer((req, res) => {
    if (req.url === `${LINK}/gated.glb`) {
      res.writeHead(200, { 'Content-Length': glb.length, 'Content-Type': 'model/gltf-binary' });
      res.write(glb.subarray(0, glb.length / 2));
      void gate.then(() => res.end(glb.subarray(glb.length / 2)));
      return;
    }
    const body = files[req.url ?? ''];
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Length': body.length, 'Content-Type': 'application/octet-stream' });
    // In chunks, so progress has steps to report.
    let offset = 0;
    const next = () => {
      if (offset >= body.length) return res.end();
      res.write(body.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
      setTimeout(next, 5);
    };
    next();
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  mediaBase = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => media.close(resolve));
});

let t: TestEngine;
beforeEach(async () => {
  t = await startTestEngine({ fetchPolicy: { filesUrls: [mediaBase], allow: [] } });
});
afterEach(async () => {
  await t.close();
});

interface Status {
  Status: string;
  Percentage: number;
  Path: string;
  Error: string;
}

/** Polls like the client does (spec §9: every 100 ms), here faster; records every percentage seen. */
async function download(url: string): Promise<{ final: Status; seen: number[] }> {
  const seen: number[] = [];
  const final = await downloadToEnd<Status>(t, url, {
    onStatus: (status) => {
      seen.push(status.Percentage);
      if (status.Percentage > 0 && status.Percentage < 100) releaseGate();
    },
  });
  return { final, seen };
}

describe('Download File', () => {
  it('fetches a GLB with progress up to 100 and LoadCarByPath loads it through the renderer', async () => {
    const { final, seen } = await download(`${mediaBase}${LINK}/gated.glb`);
    expect(final).toMatchObject({ Status: 'Completed', Percentage: 100, Error: '' });
    expect(final.Path).toMatch(/^models\/.+\/gated\.glb$/);
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    expect(await t.call('car', 'LoadCarByPath', { Path: final.Path })).toEqual({ status: 200, body: {} });
    const load = t.renderer.calls.find((c) => c.kind === 'loadModel');
    expect(load).toEqual({ kind: 'loadModel', filePath: path.join(t.dataDir, final.Path) });
    expect(t.renderer.lastState()?.car.modelPath).toBe(final.Path);
  });

  it('unpacks a ZIP and reports the model inside it', async () => {
    const { final } = await download(`${mediaBase}${LINK}/car.zip`);
    expect(final).toMatchObject({ Status: 'Completed', Percentage: 100 });
    expect(final.Path).toMatch(/^models\/.+\/extracted\/car\/car\.glb$/);
    expect(existsSync(path.join(t.dataDir, path.dirname(final.Path), 'textures', 'paint.png'))).toBe(true);
  });

  it('refuses a ZIP with an entry climbing out of its folder and writes nothing', async () => {
    const { final } = await download(`${mediaBase}${LINK}/evil.zip`);
    expect(final.Status).toBe('Failed');
    expect(final.Error).toMatch(/\.\.\/evil\.txt/);
    const root = path.dirname(t.dataDir);
    expect(existsSync(path.join(root, 'evil.txt'))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'evil.txt'))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'models')) ? await readdir(path.join(t.dataDir, 'models')) : []).toEqual([]);
  });

  it('refuses a ZIP holding a symbolic link', async () => {
    const { final } = await download(`${mediaBase}${LINK}/link.zip`);
    expect(final).toMatchObject({ Status: 'Failed' });
    expect(final.Error).toMatch(/symbolic link/);
  });

  it('refuses a file that is no model, and a 404', async () => {
    expect((await download(`${mediaBase}${LINK}/notes.txt`)).final.Status).toBe('Failed');
    const missing = (await download(`${mediaBase}${LINK}/nothing.glb`)).final;
    // Failed like a refusal: nothing of what answered (status, size) reaches the caller.
    expect(missing).toEqual({
      Status: 'Failed',
      Error: ENGINE_FETCH_REFUSED,
      Percentage: 0,
      BytesReceived: 0,
      TotalBytes: 0,
      Path: '',
    });
  });

  it('refuses URLs that are not http(s)', async () => {
    for (const Url of ['file:///etc/passwd', 'ftp://example.com/car.glb', 'not a url']) {
      const { status, body } = await t.call('car', 'Download File', { Url });
      expect(status).toBe(400);
      expect(body).toHaveProperty('errorMessage');
    }
  });

  it('LoadCarByPath refuses paths outside the engine folder and files that are not there', async () => {
    for (const Path of ['../outside.glb', '/etc/passwd', 'models/none.glb', 'models/car.obj']) {
      const { status, body } = await t.call('car', 'LoadCarByPath', { Path });
      expect(status, Path).toBe(400);
      expect((body as { errorMessage: string }).errorMessage).toMatch(/^LoadCarByPath: /);
    }
  });
});

describe('a model whose ZIP brings an autostudio.json', () => {
  it('offers the paints it names instead of the built-in palette, and hands them to the renderer', async () => {
    const { final } = await download(`${mediaBase}${LINK}/painted.zip`);
    expect((await t.call('car', 'LoadCarByPath', { Path: final.Path })).status).toBe(200);
    expect((await t.call('car', 'Get Material Options')).body).toEqual({
      Current: 'bruma',
      MaterialOptions: ['bruma'],
      Swatches: { bruma: '#8899aa' },
    });
    const load = t.renderer.calls.find((c) => c.kind === 'loadModel');
    expect(load).toMatchObject({ paints: [PAINT] });
    expect(t.renderer.lastState()?.car.paint).toBe('bruma');
  });

  it('refuses the load when the manifest is no JSON or names a trim the model lacks, and loads nothing', async () => {
    for (const [zip, message] of [
      ['garbled.zip', "LoadCarByPath: the model's autostudio.json is not JSON"],
      ['stray-trim.zip', "LoadCarByPath: the model's paints (autostudio.json) name no trim Sport"],
    ] as const) {
      const { final } = await download(`${mediaBase}${LINK}/${zip}`);
      expect(await t.call('car', 'LoadCarByPath', { Path: final.Path })).toEqual({
        status: 400,
        body: { errorMessage: message },
      });
    }
    expect(t.renderer.calls.some((c) => c.kind === 'loadModel')).toBe(false);
    expect((await t.call('car', 'Get Material Options')).body).toMatchObject({ Current: 'cobalt blue' });
  });
});

describe('a loaded model whose trims are scenes with their own lamps', () => {
  it('offers and switches DRLs and SignatureLEDs on the trims that have them (the built-in car GLB)', async () => {
    t.renderer.modelParts = () => ({
      doors: ['DOOR_FL', 'DOOR_FR', 'DOOR_RL', 'DOOR_RR'],
      lamps: ['HeadLamps1', 'TailLamps1'],
      lampsByTrim: {
        'Terra Base': ['HeadLamps1', 'TailLamps1'],
        'Terra Limited': ['HeadLamps1', 'TailLamps1', 'DRLs', 'SignatureLEDs'],
      },
      hasPaint: true,
      trims: ['Terra Base', 'Terra Limited'],
    });
    const { final } = await download(`${mediaBase}${LINK}/trims.glb`);
    expect((await t.call('car', 'LoadCarByPath', { Path: final.Path })).status).toBe(200);
    const lampNames = async () =>
      Object.keys(((await t.call('car', 'GetCarLights')).body as { Lights: object }).Lights);
    expect(await lampNames()).toEqual(['HeadLamps1', 'TailLamps1']);

    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Limited' })).status).toBe(200);
    expect(await lampNames()).toEqual(['HeadLamps1', 'TailLamps1', 'DRLs', 'SignatureLEDs']);
    for (const LightName of ['DRLs', 'SignatureLEDs']) {
      expect((await t.call('car', 'CarLightTurnOnOff', { LightName, OnOff: true, Intensity: 2 })).status).toBe(200);
    }
    const config = (await t.call('car', 'Get Current Config')).body as { Settings: { Lights: object } };
    expect(config.Settings.Lights).toMatchObject({ DRLs: { OnOff: true, Intensity: 2 } });

    // Back on Base they are gone, switched off and refused.
    expect((await t.call('car', 'Update Car Material', { MaterialToSet: 'Terra Base' })).status).toBe(200);
    expect(await lampNames()).toEqual(['HeadLamps1', 'TailLamps1']);
    expect(await t.call('car', 'CarLightTurnOnOff', { LightName: 'DRLs', OnOff: true })).toEqual({
      status: 400,
      body: { errorMessage: 'DRLs is not available on the Terra Base trim of the loaded car model' },
    });
  });
});

describe('a loaded model that lacks parts', () => {
  it('answers clear errors for doors, lamps and paint it does not have', async () => {
    t.renderer.modelParts = () => ({ doors: [], lamps: ['HeadLamps1'], hasPaint: false, trims: [] });
    const { final } = await download(`${mediaBase}${LINK}/car.glb`);
    expect((await t.call('car', 'LoadCarByPath', { Path: final.Path })).status).toBe(200);

    const door = await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_FL', Value: 10 });
    expect(door).toEqual({ status: 400, body: { errorMessage: 'The loaded car model has no door DOOR_FL' } });
    expect((await t.call('carStateManager', 'GetConfigureValues')).body).toEqual({ Values: {} });

    const lamp = await t.call('car', 'CarLightTurnOnOff', { LightName: 'TailLamps1', OnOff: true });
    expect(lamp).toEqual({
      status: 400,
      body: { errorMessage: 'TailLamps1 is not available on the loaded car model' },
    });
    expect((await t.call('car', 'CarLightTurnOnOff', { LightName: 'HeadLamps1', OnOff: true })).status).toBe(200);

    const paint = await t.call('car', 'Update Car Material', { MaterialToSet: 'Rallye Red' });
    expect(paint).toEqual({ status: 400, body: { errorMessage: 'The loaded car model has no Paint material' } });
    expect((await t.call('car', 'GetCarOptions')).body).toEqual({ options: [], curentIndex: -1 });

    // An empty Path brings the built-in car back, doors and all.
    expect((await t.call('car', 'LoadCarByPath', { Path: '' })).status).toBe(200);
    expect((await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_FL', Value: 10 })).status).toBe(200);
  });
});
