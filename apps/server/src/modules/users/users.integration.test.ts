import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@autostudio/protocol';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe.each(testDatabases)('creating users on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t.close());

  const create = async (token: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload,
    });

  it('lets the administrator create a user who can then sign in', async () => {
    const response = await create(await t.adminToken(), {
      username: 'Dana',
      name: 'Dana Designer',
      password: 'dana-password',
      roles: ['user'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<User>()).toMatchObject({ username: 'dana', name: 'Dana Designer', roles: ['user'] });
    const session = await t.login('dana', 'dana-password');
    expect(session.user.roles).toEqual(['user']);
  });

  it('refuses a second user with the same name, whatever the case, with 409', async () => {
    const payload = { username: 'twin', password: 'twin-password' };
    expect((await create(await t.adminToken(), payload)).statusCode).toBe(201);
    const again = await create(await t.adminToken(), { ...payload, username: 'TWIN' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('The username twin is already taken');
  });

  it('keeps 401 for anonymous callers and 403 for users without the admin role', async () => {
    const payload = { username: 'eve', password: 'eve-password' };
    expect((await create(undefined, payload)).statusCode).toBe(401);
    const user = await t.createUser('mallory');
    expect((await create(user.accessToken, payload)).statusCode).toBe(403);
  });

  it.each([
    ['a short password', { username: 'shorty', password: 'short' }, /password/],
    ['an unknown role', { username: 'rolly', password: 'long-enough', roles: ['superuser'] }, /roles/],
    ['a username with spaces', { username: 'two words', password: 'long-enough' }, /username/],
    ['a huge username', { username: 'x'.repeat(5000), password: 'long-enough' }, /username/],
  ])('answers %s with 400 naming the field', async (_case, payload, field) => {
    const response = await create(await t.adminToken(), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(field);
  });
});
