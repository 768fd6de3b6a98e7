import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialSceneState } from '../scene/initial-state.js';
import { TINY_PNG } from '../test/test-renderer.js';
import { ChromiumRenderer } from './chromium-renderer.js';

/**
 * The engine page's own wall: a model whose glTF names an outside address (as one uploaded before the server
 * checked, or brought in by Download File from an allowed host, could) makes the page reach for nothing. A local
 * server that records every request stands for the loopback service or metadata address such a model aims at.
 */
let renderer: ChromiumRenderer;
let dataDir: string;
let recorder: http.Server;
let outside: string;
const hits: string[] = [];
const refusals: string[] = [];

/** One triangle whose positions are the buffer `bufferUri`, painted with the image `imageUri`. */
function triangle(bufferUri: string, imageUri?: string): string {
  return JSON.stringify({
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, ...(imageUri ? { material: 0 } : {}) }] }],
    ...(imageUri
      ? {
          materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }],
          textures: [{ source: 0 }],
          images: [{ uri: imageUri }],
        }
      : {}),
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
    bufferViews: [{ buffer: 0, byteLength: 36 }],
    buffers: [{ uri: bufferUri, byteLength: 36 }],
  });
}
const POSITIONS = Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer);

async function model(name: string, gltf: string): Promise<string> {
  const folder = path.join(dataDir, 'models', name);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'tri.bin'), POSITIONS);
  await writeFile(path.join(folder, 'paint.png'), TINY_PNG);
  await writeFile(path.join(folder, 'car.gltf'), gltf);
  return path.join(folder, 'car.gltf');
}

beforeAll(async () => {
  recorder = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'image/png' }).end(TINY_PNG);
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  outside = `127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'page-confinement-'));
  renderer = new ChromiumRenderer({
    width: 64,
    height: 36,
    dataDir,
    idleRefinement: false,
    onPageMessage: (_level, text) => {
      if (text.includes('refused')) refusals.push(text);
    },
  });
  await renderer.start(initialSceneState({ width: 64, height: 36 }));
});

afterAll(async () => {
  await renderer.close();
  await new Promise((resolve) => recorder.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('the engine page', () => {
  it('loads a model whose files sit beside it in the engine folder', async () => {
    const parts = await renderer.loadModel(await model('inside', triangle('tri.bin', 'paint.png')));
    expect(parts.trims).toEqual([]);
    expect(hits).toEqual([]);
  });

  it('fetches nothing a model names outside its own files, and says what it refused', async () => {
    await expect(renderer.loadModel(await model('buffer', triangle(`http://${outside}/buffer.bin`)))).rejects.toThrow();
    // An image that cannot be fetched leaves the model untextured; the model still loads.
    await renderer.loadModel(await model('image', triangle('tri.bin', `http://${outside}/image.png`)));
    await renderer.loadModel(await model('relative', triangle('tri.bin', `//${outside}/protocol-relative.png`)));
    expect(hits).toEqual([]);
    expect(refusals.some((text) => text.includes(`http://${outside}`))).toBe(true);
  });

  it('fetches nothing outside by any other way a page has (fetch, an image, a module)', async () => {
    // Written as page script: the engine's tests compile without the DOM's types.
    const outcome = await renderer.livePage.evaluate(`(async () => {
      const address = ${JSON.stringify(outside)};
      const fetched = await fetch('http://' + address + '/fetch').then(() => 'fetched', () => 'refused');
      const image = await new Promise((resolve) => {
        const img = new Image();
        img.onload = () => resolve('loaded');
        img.onerror = () => resolve('refused');
        img.src = 'http://' + address + '/img.png';
      });
      const module = await import('http://' + address + '/module.js').then(() => 'imported', () => 'refused');
      // The engine still answers after the refusals.
      return { fetched, image, module, engine: globalThis.autostudioEngine !== undefined };
    })()`);
    expect(outcome).toEqual({ fetched: 'refused', image: 'refused', module: 'refused', engine: true });
    expect(hits).toEqual([]);
  });
});
