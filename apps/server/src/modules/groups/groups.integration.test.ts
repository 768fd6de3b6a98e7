import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, ListResult, User } from '@autostudio/protocol';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe.each(testDatabases)('users and groups on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let ann: User;
  let ben: User;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await t.adminToken();
    ann = (await t.createUser('ann')).user;
    ben = (await t.createUser('ben')).user;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it('creates a group with members, renames it, changes members and deletes it', async () => {
    const created = await call('POST', '/user-groups', {
      name: 'Design',
      description: 'Studio team',
      userIds: [ann.id],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json<Group>();
    expect(group.users.map((user) => user.id)).toEqual([ann.id]);

    const renamed = (await call('PUT', `/user-groups/${group.id}`, { name: 'Design Team' })).json<Group>();
    expect(renamed).toMatchObject({ name: 'Design Team', description: 'Studio team' });

    const added = (await call('PUT', `/user-groups/${group.id}/users`, { userIds: [ben.id] })).json<Group>();
    expect(added.users.map((user) => user.name).sort()).toEqual(['ann', 'ben']);
    const removed = (
      await call('PUT', `/user-groups/${group.id}/users`, { userIds: [ann.id], remove: true })
    ).json<Group>();
    expect(removed.users.map((user) => user.id)).toEqual([ben.id]);

    expect((await call('DELETE', `/user-groups/${group.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/user-groups/${group.id}`)).statusCode).toBe(404);
  });

  it('refuses a second group with the same name with 409', async () => {
    expect((await call('POST', '/user-groups', { name: 'Unique' })).statusCode).toBe(201);
    const again = await call('POST', '/user-groups', { name: 'Unique' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('A group named Unique already exists');
  });

  it('lists and searches groups for any signed-in user', async () => {
    await call('POST', '/user-groups', { name: 'Marketing' });
    const { accessToken } = await t.login('ann', 'ann-password');
    const page = (await call('GET', '/user-groups/filtered?search=market', undefined, accessToken)).json<
      ListResult<Group>
    >();
    expect(page.items.map((group) => group.name)).toEqual(['Marketing']);
    expect(page.total).toBe(1);
  });

  it('pages users with a total', async () => {
    const page = (await call('GET', '/users/filtered?page=1&limit=2')).json<ListResult<User>>();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(3);
  });

  it('updates a user: name, roles and password', async () => {
    const updated = await call('PUT', `/users/${ben.id}`, {
      name: 'Ben B',
      roles: ['moderator'],
      password: 'new-password',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<User>()).toMatchObject({ name: 'Ben B', roles: ['moderator'] });
    expect((await t.login('ben', 'new-password')).user.roles).toEqual(['moderator']);
  });

  it('keeps the administrator from locking themselves out', async () => {
    const adminUser = (await call('GET', '/auth/verify')).json<User>();
    expect((await call('PUT', `/users/${adminUser.id}`, { roles: ['user'] })).statusCode).toBe(409);
    expect((await call('DELETE', `/users/${adminUser.id}`)).statusCode).toBe(409);
  });

  it('deletes a user: their sessions end and they leave their groups', async () => {
    const cara = await t.createUser('cara');
    const group = (await call('POST', '/user-groups', { name: 'Temp', userIds: [cara.user.id] })).json<Group>();
    expect((await call('DELETE', `/users/${cara.user.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/auth/verify', undefined, cara.accessToken)).statusCode).toBe(401);
    expect((await call('GET', `/user-groups/${group.id}`)).json<Group>().users).toEqual([]);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${cara.refreshToken}` },
    });
    expect(refresh.statusCode).toBe(401);
  });
});
