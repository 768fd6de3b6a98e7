import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResult, ListSortName, LoginResponse } from '@autostudio/protocol';
import { multipartBody, tinyGlb } from './multipart.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './test-app.js';
import { testDatabases } from './test-databases.js';

// One initial letter case throughout: SQLite compares bytes and PostgreSQL its collation, which agree only then.
const NAMES = ['Bravo', 'Alpha', 'Charlie'];
const SORTED = ['Alpha', 'Bravo', 'Charlie'];

describe.each(testDatabases)('sorting the lists on $name', (database) => {
  let t: TestApp;
  let admin: LoginResponse;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const auth = () => ({ authorization: `Bearer ${admin.accessToken}` });
  const post = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: `/api${url}`, headers: auth(), payload });
    expect(response.statusCode, response.body).toBe(201);
  };
  const postMultipart = async (url: string, fields: Record<string, string>, withModel: boolean) => {
    const body = await multipartBody(fields, withModel ? { file: { name: 'car.glb', content: tinyGlb() } } : {});
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...body.headers, ...auth() },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  const lists: { list: ListSortName; url: string; create: (name: string) => Promise<unknown> }[] = [
    { list: 'users', url: '/users/filtered', create: (name) => post('/users', userBody(name)) },
    { list: 'groups', url: '/user-groups/filtered', create: (name) => post('/user-groups', { name }) },
    {
      list: 'presets',
      url: '/preset/filtered',
      create: (name) => post('/preset', { name, type: 'postProcess', category: 'Looks', settings: '{}' }),
    },
    {
      list: 'configs',
      url: '/config/filtered',
      create: (name) =>
        postMultipart('/config', { name, description: '', projectPath: '/Game/Terra', settings: '{}' }, false),
    },
    {
      list: 'assetModels',
      url: '/asset-model/filtered',
      create: (name) => postMultipart('/asset-model', { name }, true),
    },
    {
      list: 'renderedAssets',
      url: '/asset-rendered/filtered',
      create: (name) => t.app.renderedAssets.record(admin.user, { name, items: [] }),
    },
  ];

  const names = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: auth() });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListResult<{ name: string }>>().items.map((item) => item.name);
  };

  it.each(lists)('sorts $list by name either way and refuses an unknown column', async ({ url, create }) => {
    for (const name of NAMES) await create(name);
    const ascending = (await names(`${url}?sort=name&order=asc`)).filter((name) => NAMES.includes(name));
    const descending = (await names(`${url}?sort=name&order=desc`)).filter((name) => NAMES.includes(name));
    expect(ascending).toEqual(SORTED);
    expect(descending).toEqual([...SORTED].reverse());
    // `order` defaults to ascending.
    expect((await names(`${url}?sort=name`)).filter((name) => NAMES.includes(name))).toEqual(SORTED);

    const unknown = await t.app.inject({ method: 'GET', url: `/api${url}?sort=password`, headers: auth() });
    expect(unknown.statusCode).toBe(400);
  });

  it('sorts by a column other than name: users by username', async () => {
    const usernames = async (order: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/users/filtered?sort=username&order=${order}`, headers: auth() }))
        .json<ListResult<{ username: string }>>()
        .items.map((user) => user.username);
    const ascending = await usernames('asc');
    expect(ascending).toEqual([...ascending].sort());
    expect(await usernames('desc')).toEqual([...ascending].reverse());
  });
});

function userBody(name: string) {
  return { username: name.toLowerCase(), name, password: `${name.toLowerCase()}-password`, roles: ['user'] };
}
