import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PNG_1X1, tinyGlb } from './multipart.js';
import { startTestApp, type TestApp } from './test-app.js';
import { testDatabases } from './test-databases.js';
import { API_BASE, API_ROUTES } from '@autostudio/protocol';

/**
 * Bad input for every endpoint: each answers with a 4xx and the standard error body, never a 500, and a
 * message that names what is wrong where there is a field to name.
 */
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  json?: unknown;
  raw?: { contentType: string; body: string };
  multipart?: { fields: Record<string, string>; files?: Record<string, { name: string; content: Buffer | string }> };
  status: number;
  message?: RegExp;
}

const HUGE = 'x'.repeat(100_000);
/** JSON nested 5,000 levels deep: enough to overflow the stack of anything that walks it by recursion. */
const DEEP = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
const TOO_DEEP = /must not nest deeper than 100 levels/;
const UNKNOWN = '00000000-0000-0000-0000-000000000000';

const CASES: Case[] = [
  {
    name: 'login with a number for a name',
    method: 'POST',
    url: '/api/auth/login',
    json: { username: 42, password: 'x' },
    status: 400,
    message: /username/,
  },
  {
    name: 'login with a huge password',
    method: 'POST',
    url: '/api/auth/login',
    json: { username: 'a', password: HUGE },
    status: 400,
    message: /password/,
  },
  {
    name: 'user without a password',
    method: 'POST',
    url: '/api/users',
    json: { username: 'nopass' },
    status: 400,
    message: /password/,
  },
  {
    name: 'user with roles as a string',
    method: 'POST',
    url: '/api/users',
    json: { username: 'r', password: 'long-enough', roles: 'admin' },
    status: 400,
    message: /roles/,
  },
  { name: 'user update with nothing in it', method: 'PUT', url: `/api/users/${UNKNOWN}`, json: {}, status: 400 },
  { name: 'unknown user', method: 'GET', url: `/api/users/${UNKNOWN}`, status: 404 },
  {
    name: 'user list with a page of zero',
    method: 'GET',
    url: '/api/users/filtered?page=0',
    status: 400,
    message: /page/,
  },
  {
    name: 'user list with a limit of a million',
    method: 'GET',
    url: '/api/users/filtered?limit=1000000',
    status: 400,
    message: /limit/,
  },
  {
    name: 'group with a huge name',
    method: 'POST',
    url: '/api/user-groups',
    json: { name: HUGE },
    status: 400,
    message: /name/,
  },
  {
    name: 'group with an unknown member',
    method: 'POST',
    url: '/api/user-groups',
    json: { name: 'G', userIds: [UNKNOWN] },
    status: 400,
    message: /userIds/,
  },
  {
    name: 'members change with no ids',
    method: 'PUT',
    url: `/api/user-groups/${UNKNOWN}/users`,
    json: { userIds: [] },
    status: 400,
    message: /userIds/,
  },
  {
    name: 'members of an unknown group',
    method: 'PUT',
    url: `/api/user-groups/${UNKNOWN}/users`,
    json: { userIds: ['a'] },
    status: 404,
  },
  {
    name: 'preset of an unknown type',
    method: 'POST',
    url: '/api/preset',
    json: { name: 'P', type: 'lighting' },
    status: 400,
    message: /type/,
  },
  {
    name: 'preset with settings as an object',
    method: 'POST',
    url: '/api/preset',
    json: { name: 'P', type: 'animation', settings: { a: 1 } },
    status: 400,
    message: /settings/,
  },
  {
    name: 'preset whose settings nest 5,000 levels deep',
    method: 'POST',
    url: '/api/preset',
    json: { name: 'P', type: 'animation', settings: DEEP },
    status: 400,
    message: /settings must not nest deeper than 100 levels/,
  },
  {
    name: 'preset changed to settings 5,000 levels deep',
    method: 'PUT',
    url: `/api/preset/${UNKNOWN}`,
    json: { settings: DEEP },
    status: 400,
    message: /settings must not nest deeper than 100 levels/,
  },
  {
    name: 'a JSON body nested 5,000 levels deep',
    method: 'POST',
    url: `${API_BASE}${API_ROUTES.sessions.heartbeat}`,
    raw: { contentType: 'application/json', body: `{"sessionId":"s","extra":${DEEP}}` },
    status: 400,
    message: /^body: must not nest deeper than 100 levels$/,
  },
  {
    name: 'copy of an unknown preset',
    method: 'POST',
    url: '/api/preset',
    json: { type: 'animation', copyOf: UNKNOWN },
    status: 404,
  },
  {
    name: 'preset showing an upload group nobody made',
    method: 'POST',
    url: '/api/preset',
    json: { name: 'Orbit', type: 'animation', groupId: 'made-up-group' },
    status: 404,
    message: /Upload group not found/,
  },
  { name: 'preset list with a bad type', method: 'GET', url: '/api/preset?type=video', status: 400, message: /type/ },
  {
    name: 'preset list with isDefault=maybe',
    method: 'GET',
    url: '/api/preset?isDefault=maybe',
    status: 400,
    message: /isDefault/,
  },
  { name: 'unknown preset', method: 'GET', url: `/api/preset/id/${UNKNOWN}`, status: 404 },
  {
    name: 'preset shared with an unknown user',
    method: 'PUT',
    url: `/api/preset/${UNKNOWN}/share/user`,
    json: { userIds: ['x'] },
    status: 404,
  },
  {
    name: 'share without ids',
    method: 'PUT',
    url: `/api/preset/${UNKNOWN}/share/group`,
    json: { remove: true },
    status: 400,
    message: /groupIds/,
  },
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
    name: 'rendered asset renamed to nothing',
    method: 'PUT',
    url: `/api/asset-rendered/${UNKNOWN}`,
    json: { name: '' },
    status: 400,
    message: /name/,
  },
  {
    name: 'items of an unknown rendered asset',
    method: 'GET',
    url: `/api/asset-rendered/${UNKNOWN}/items`,
    status: 404,
  },
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
  {
    name: 'an id of a thousand characters',
    method: 'GET',
    url: `/api/preset/id/${'a'.repeat(1000)}`,
    status: 414,
    message: /max param length/,
  },
  {
    name: 'an id of 65 characters',
    method: 'GET',
    url: `/api/preset/id/${'a'.repeat(65)}`,
    status: 400,
    message: /params.id/,
  },
];

/** A bell and a terminal escape sequence; bidirectional overrides and C1 controls are refused alike. */
const CONTROL = 'Ann\u0007\u001b[2J';
const named = (field: string) => new RegExp(`body\\.${field}: must not contain control characters`);

/** Every name-like field refuses control characters, wherever in the name they are. */
const CONTROL_CHARACTER_CASES: Case[] = [
  {
    name: 'user with a control character in the name',
    method: 'POST',
    url: '/api/users',
    json: { username: 'ctl', password: 'long-enough', name: CONTROL },
    status: 400,
    message: named('name'),
  },
  {
    name: 'user renamed with a control character',
    method: 'PUT',
    url: `/api/users/${UNKNOWN}`,
    json: { name: 'Ann\u202Egpj.exe' },
    status: 400,
    message: named('name'),
  },
  {
    name: 'user with a control character in the username',
    method: 'POST',
    url: '/api/users',
    json: { username: 'a\u0000b', password: 'long-enough' },
    status: 400,
    message: /username/,
  },
  {
    name: 'group with a control character in the name',
    method: 'POST',
    url: '/api/user-groups',
    json: { name: CONTROL },
    status: 400,
    message: named('name'),
  },
  {
    name: 'group renamed with a line break inside',
    method: 'PUT',
    url: `/api/user-groups/${UNKNOWN}`,
    json: { name: 'Sales\nAdmins' },
    status: 400,
    message: named('name'),
  },
  {
    name: 'preset with a control character in the name',
    method: 'POST',
    url: '/api/preset',
    json: { name: CONTROL, type: 'animation' },
    status: 400,
    message: named('name'),
  },
  {
    name: 'preset with a C1 control in the category',
    method: 'POST',
    url: '/api/preset',
    json: { name: 'P', type: 'animation', category: 'Looks\u0085' },
    status: 400,
    message: named('category'),
  },
  {
    name: 'preset renamed with a control character',
    method: 'PUT',
    url: `/api/preset/${UNKNOWN}`,
    json: { name: CONTROL },
    status: 400,
    message: named('name'),
  },
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
    name: 'rendered asset renamed with a control character',
    method: 'PUT',
    url: `/api/asset-rendered/${UNKNOWN}`,
    json: { name: CONTROL },
    status: 400,
    message: named('name'),
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
CASES.push(...CONTROL_CHARACTER_CASES);

describe.each(testDatabases)('bad input on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  it.each(CASES)('$name → $status', async (testCase) => {
    const headers: Record<string, string> = { authorization: `Bearer ${admin}` };
    let payload: string | Buffer | object | undefined;
    if (testCase.multipart) {
      const body = await multipartBody(testCase.multipart.fields, testCase.multipart.files);
      Object.assign(headers, body.headers);
      payload = body.payload;
    } else if (testCase.raw) {
      headers['content-type'] = testCase.raw.contentType;
      payload = testCase.raw.body;
    } else if (testCase.json !== undefined) {
      payload = testCase.json as object;
    }
    const response = await t.app.inject({
      method: testCase.method,
      url: testCase.url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(testCase.status);
    const body = response.json<{ statusCode: number; error: string; message: string }>();
    expect(body.statusCode).toBe(testCase.status);
    expect(typeof body.error).toBe('string');
    if (testCase.message) expect(body.message).toMatch(testCase.message);
  });

  it('stores nothing when a request fails after its file arrived', async () => {
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
    const fs = await import('node:fs');
    const path = await import('node:path');
    const configs = path.join(t.config.dataDir, 'storage', 'configs');
    expect(fs.existsSync(configs) ? fs.readdirSync(configs) : []).toEqual([]);
  });
});
