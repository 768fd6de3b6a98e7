import { writeZip } from '@autostudio/engine/testing';
import type { AssetModel, ListResult } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, tinyGlb } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

/** A glTF whose one buffer and one image are named by these URIs. */
const gltfNaming = (bufferUri: string, imageUri = 'data:image/png;base64,AAAA') => ({
  asset: { version: '2.0' },
  buffers: [{ uri: bufferUri, byteLength: 4 }],
  images: [{ uri: imageUri }],
});
const gltfFile = (json: object) => Buffer.from(JSON.stringify(json));

describe.each(testDatabases)('model files name nothing outside themselves, on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const upload = async (method: 'POST' | 'PUT', url: string, name: string, file: { name: string; content: Buffer }) => {
    const body = await multipartBody({ name }, { file });
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
  };
  const listed = async (search: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/asset-model/filtered?search=${search}&latestVersion=false`,
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json<ListResult<AssetModel>>().items;

  const refused: [string, { name: string; content: Buffer }, RegExp][] = [
    [
      'a GLB whose buffer is a web address',
      { name: 'car.glb', content: tinyGlb(gltfNaming('http://127.0.0.1:9/secret')) },
      /car\.glb names "http:\/\/127\.0\.0\.1:9\/secret".*must be inside its ZIP/,
    ],
    [
      'a glTF whose image is protocol-relative',
      {
        name: 'car.gltf',
        content: gltfFile(gltfNaming('data:application/octet-stream;base64,AAAA', '//10.0.0.1/x.png')),
      },
      /names "\/\/10\.0\.0\.1\/x\.png"/,
    ],
    [
      'a lone glTF naming a file it cannot carry',
      { name: 'car.gltf', content: gltfFile(gltfNaming('scene.bin')) },
      /upload the model and the files it names together as a ZIP/,
    ],
    [
      'a ZIP whose glTF climbs out with ..',
      {
        name: 'car.zip',
        content: writeZip([{ name: 'car/car.gltf', data: gltfFile(gltfNaming('../../models/other.bin')) }]),
      },
      /car\/car\.gltf names "\.\.\/\.\.\/models\/other\.bin"/,
    ],
    [
      'a ZIP whose glTF climbs out with an encoded ..',
      { name: 'car.zip', content: writeZip([{ name: 'car.gltf', data: gltfFile(gltfNaming('%2e%2e/other.bin')) }]) },
      /must be inside its ZIP/,
    ],
    [
      'a ZIP whose glTF names an absolute path',
      { name: 'car.zip', content: writeZip([{ name: 'car.gltf', data: gltfFile(gltfNaming('/etc/passwd')) }]) },
      /must be inside its ZIP/,
    ],
    [
      'a ZIP whose GLB names a file: URL',
      { name: 'car.zip', content: writeZip([{ name: 'car.glb', data: tinyGlb(gltfNaming('file:///etc/passwd')) }]) },
      /car\.glb names "file:\/\/\/etc\/passwd"/,
    ],
    [
      'a ZIP whose second glTF names a web address',
      {
        name: 'car.zip',
        content: writeZip([
          { name: 'a.gltf', data: gltfFile(gltfNaming('a.bin')) },
          { name: 'a.bin', data: Buffer.alloc(4) },
          { name: 'lod/b.gltf', data: gltfFile(gltfNaming('b.bin', 'https://example.com/t.png')) },
        ]),
      },
      /lod\/b\.gltf names "https:\/\/example\.com\/t\.png"/,
    ],
    [
      'a glTF whose JSON cannot be read',
      { name: 'car.gltf', content: Buffer.from('{"asset": {"version": "2.0"}, "buffers": [') },
      /car\.gltf is not a readable glTF/,
    ],
  ];

  it.each(refused)('refuses %s at upload with the reason, and stores no model', async (_case, file, message) => {
    const name = `Refused ${Math.random().toString(36).slice(2, 8)}`;
    const response = await upload('POST', '/asset-model', name, file);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await listed(name)).toEqual([]);
  });

  it('refuses such a file as a new version too, keeping the versions there were', async () => {
    const first = await upload('POST', '/asset-model', 'Kept version', { name: 'car.glb', content: tinyGlb() });
    expect(first.statusCode, first.body).toBe(201);
    const model = first.json<AssetModel>();
    const second = await upload('PUT', `/asset-model/${model.id}`, 'Kept version', {
      name: 'car.glb',
      content: tinyGlb(gltfNaming('http://169.254.169.254/latest/meta-data')),
    });
    expect(second.statusCode, second.body).toBe(400);
    expect((await listed('Kept%20version')).map((m) => m.version)).toEqual([1]);
  });

  it('takes a ZIP whose glTF names files beside it in the ZIP, and data: URIs', async () => {
    const zip = writeZip([
      { name: 'car/car.gltf', data: gltfFile(gltfNaming('parts/car.bin', 'textures/paint%20flake.png')) },
      { name: 'car/parts/car.bin', data: Buffer.alloc(4) },
      { name: 'car/textures/paint flake.png', data: Buffer.alloc(4) },
      { name: 'car/lod/low.gltf', data: gltfFile(gltfNaming('../parts/car.bin')) },
    ]);
    const response = await upload('POST', '/asset-model', 'Zipped car', { name: 'car.zip', content: zip });
    expect(response.statusCode, response.body).toBe(201);
    const glb = await upload('POST', '/asset-model', 'Embedded car', {
      name: 'car.glb',
      content: tinyGlb(gltfNaming('data:application/octet-stream;base64,AAAAAA==')),
    });
    expect(glb.statusCode, glb.body).toBe(201);
  });
});
