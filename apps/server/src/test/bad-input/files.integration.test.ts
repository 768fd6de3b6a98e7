import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { multipartBody, PNG_1X1, tinyGlb } from '../multipart.js';
import { describeBadInput, type Case, DEEP, TOO_DEEP, UNKNOWN, CONTROL, named } from './bad-input.js';

/** Bad input to what takes files (multipart): configurations, asset models and uploads. */
const CASES: Case[] = [
  {
    name: 'config as JSON, not multipart',
    method: 'POST',
    url: '/api/config',
    json: { name: 'C', settings: '{}' },
    status: 400,
    message: /multipart/,
  },
  {
    name: 'config without a name',
    method: 'POST',
    url: '/api/config',
    multipart: { fields: { settings: '{}' } },
    status: 400,
    message: /name/,
  },
  {
    name: 'config whose settings are not JSON',
    method: 'POST',
    url: '/api/config',
    multipart: { fields: { name: 'C', settings: '{oops' } },
    status: 400,
    message: /settings/,
  },
  {
    name: 'config whose scene is a number',
    method: 'POST',
    url: '/api/config',
    multipart: { fields: { name: 'C', settings: '{"scene":5}' } },
    status: 400,
    message: /settings\.scene/,
  },
  {
    name: 'config whose settings nest 5,000 levels deep',
    method: 'POST',
    url: '/api/config',
    multipart: { fields: { name: 'C', settings: `{"scene":${DEEP}}` } },
    status: 400,
    message: /^body\.settings: must not nest deeper than 100 levels$/,
  },
  {
    name: 'config whose settings are an array 5,000 levels deep',
    method: 'POST',
    url: '/api/config',
    multipart: { fields: { name: 'C', settings: `${'['.repeat(5000)}${']'.repeat(5000)}` } },
    status: 400,
    message: TOO_DEEP,
  },
  {
    name: 'config preview that is not an image',
    method: 'POST',
    url: '/api/config',
    multipart: {
      fields: { name: 'C', settings: '{}' },
      files: { imageFile: { name: 'shot.png', content: '<html>not a png</html>' } },
    },
    status: 400,
    message: /imageFile/,
  },
  {
    name: 'config with a file in an unexpected field',
    method: 'POST',
    url: '/api/config',
    multipart: { fields: { name: 'C', settings: '{}' }, files: { other: { name: 'a.png', content: PNG_1X1 } } },
    status: 400,
    message: /other/,
  },
  {
    name: 'malformed multipart',
    method: 'POST',
    url: '/api/config',
    raw: {
      contentType: 'multipart/form-data; boundary=b',
      body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf',
    },
    status: 400,
  },
  { name: 'unknown configuration', method: 'GET', url: `/api/config/id/${UNKNOWN}`, status: 404 },
  {
    name: 'asset model without a file',
    method: 'POST',
    url: '/api/asset-model',
    multipart: { fields: { name: 'M' } },
    status: 400,
    message: /file/,
  },
  {
    name: 'asset model whose file is an image',
    method: 'POST',
    url: '/api/asset-model',
    multipart: { fields: { name: 'M' }, files: { file: { name: 'car.glb', content: PNG_1X1 } } },
    status: 400,
    message: /GLB, glTF or ZIP/,
  },
  {
    name: 'asset model with settings that are not JSON',
    method: 'POST',
    url: '/api/asset-model',
    multipart: { fields: { name: 'M', settings: 'nope' }, files: { file: { name: 'car.glb', content: tinyGlb() } } },
    status: 400,
    message: /settings/,
  },
  {
    name: 'asset model with settings 5,000 levels deep',
    method: 'POST',
    url: '/api/asset-model',
    multipart: {
      fields: { name: 'M', settings: `{"configOptions":${DEEP}}` },
      files: { file: { name: 'car.glb', content: tinyGlb() } },
    },
    status: 400,
    message: /^body\.settings: must not nest deeper than 100 levels$/,
  },
  {
    name: 'asset models with latestVersion=yes',
    method: 'GET',
    url: '/api/asset-model/filtered?latestVersion=yes',
    status: 400,
    message: /latestVersion/,
  },
  { name: 'unknown asset model', method: 'GET', url: `/api/asset-model/id/${UNKNOWN}`, status: 404 },
  {
    name: 'upload without a file',
    method: 'POST',
    url: '/api/upload',
    multipart: { fields: { groupId: 'g' } },
    status: 400,
    message: /file/,
  },
  {
    name: 'upload of a model',
    method: 'POST',
    url: '/api/upload',
    multipart: { fields: {}, files: { file: { name: 'car.glb', content: tinyGlb() } } },
    status: 400,
    message: /PNG/,
  },
  {
    name: 'upload with a huge group id',
    method: 'POST',
    url: '/api/upload',
    multipart: { fields: { groupId: 'g'.repeat(500) }, files: { file: { name: 'a.png', content: PNG_1X1 } } },
    status: 400,
    message: /groupId/,
  },
  {
    name: 'upload into a group nobody made',
    method: 'POST',
    url: '/api/upload',
    multipart: { fields: { groupId: 'made-up-group' }, files: { file: { name: 'a.png', content: PNG_1X1 } } },
    status: 404,
    message: /Upload group not found/,
  },
  { name: 'uploads of a group nobody made', method: 'GET', url: '/api/upload/group/made-up-group', status: 404 },
  { name: 'unknown upload', method: 'GET', url: `/api/upload/id/${UNKNOWN}`, status: 404 },
  { name: 'engine link to an unknown upload', method: 'POST', url: `/api/upload/${UNKNOWN}/engine-link`, status: 404 },
  {
    name: 'engine link with a huge upload id',
    method: 'POST',
    url: `/api/upload/${'a'.repeat(65)}/engine-link`,
    status: 400,
    message: /id/,
  },
  {
    name: 'signed upload file with a token that is no token',
    method: 'GET',
    url: '/api/upload-file/not-a-token/a.png',
    status: 403,
  },
  {
    name: 'signed upload file with a huge file name',
    method: 'GET',
    url: `/api/upload-file/${UNKNOWN}.1.${'a'.repeat(43)}/${'a'.repeat(256)}.png`,
    status: 414,
  },
  // Every name-like field refuses control characters, wherever in the name they are.
  {
    name: 'config with a control character in the name',
    method: 'POST',
    url: '/api/config',
    multipart: { fields: { name: CONTROL, settings: '{}' } },
    status: 400,
    message: named('name'),
  },
  {
    name: 'config with a NUL in the project path',
    method: 'POST',
    url: '/api/config',
    multipart: { fields: { name: 'C', projectPath: 'a\u0000b', settings: '{}' } },
    status: 400,
    message: named('projectPath'),
  },
  {
    name: 'asset model with a control character in the name',
    method: 'POST',
    url: '/api/asset-model',
    multipart: { fields: { name: CONTROL }, files: { file: { name: 'car.glb', content: tinyGlb() } } },
    status: 400,
    message: named('name'),
  },
  {
    name: 'asset model with a control character in the brand',
    method: 'POST',
    url: '/api/asset-model',
    multipart: {
      fields: { name: 'M', brand: 'Terra\u007f' },
      files: { file: { name: 'car.glb', content: tinyGlb() } },
    },
    status: 400,
    message: named('brand'),
  },
  {
    name: 'upload named with a control character',
    method: 'POST',
    url: '/api/upload',
    multipart: { fields: { filename: 'shot\u001b.png' }, files: { file: { name: 'a.png', content: PNG_1X1 } } },
    status: 400,
    message: named('filename'),
  },
];

describeBadInput('configurations, asset models and uploads', CASES, (context) => {
  it('stores nothing when a request fails after its file arrived', async () => {
    const { t, admin } = context();
    const body = await multipartBody(
      { name: 'C', settings: '{oops' },
      { imageFile: { name: 'p.png', content: PNG_1X1 } },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/config',
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    const configs = path.join(t.config.dataDir, 'storage', 'configs');
    expect(fs.existsSync(configs) ? fs.readdirSync(configs) : []).toEqual([]);
  });
});

// Found by test/fuzz/schema-fuzz.integration.test.ts: a file part without a file name (FormData sends none for an empty
// name) answered 500, for every route that takes files.
describeBadInput('files sent without a file name', [], (context) => {
  it('stores an upload sent without a file name under a name made from its type', async () => {
    const { t, admin } = context();
    const body = await multipartBody({}, { file: { name: '', content: PNG_1X1 } });
    expect(body.payload.toString('latin1')).not.toContain('filename=');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ filename: string }>().filename).toBe('file.png');
  });

  it('refuses an asset model without a name, not with a 500, when its file has no file name', async () => {
    const { t, admin } = context();
    const body = await multipartBody({}, { file: { name: '', content: tinyGlb() } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/asset-model',
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/name/);
  });
});
