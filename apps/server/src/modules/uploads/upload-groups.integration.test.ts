import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Preset, Upload } from '@autostudio/protocol';
import { multipartBody, PNG_1X1 } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

/**
 * Upload groups belong to someone: the server makes them, and a group's id is no key to it. Its owner reads and
 * adds to it; whoever may currently see a preset that shows it reads it; anyone else is told it is not there.
 */
describe.each(testDatabases)('upload groups on $name', (database) => {
  let t: TestApp;
  let alice: LoginResponse;
  let bob: LoginResponse;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    alice = await t.createUser('alice-groups');
    bob = await t.createUser('bob-groups');
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const upload = async (token: string, fields: Record<string, string> = {}) => {
    const body = await multipartBody(fields, { file: { name: 'frame.png', content: PNG_1X1 } });
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };
  const uploaded = async (token: string, fields: Record<string, string> = {}) => {
    const response = await upload(token, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Upload>();
  };
  const request = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const listGroup = (token: string, groupId: string) => request(token, 'GET', `/api/upload/group/${groupId}`);
  const createPreset = (token: string, payload: object) =>
    request(token, 'POST', '/api/preset', { type: 'animation', ...payload });
  const storedFiles = () => {
    const root = path.join(t.config.dataDir, 'storage', 'uploads');
    return fs.existsSync(root) ? fs.readdirSync(root).length : 0;
  };
  /** Alice's animation: two frames in a group the server made for her, and a preset showing them. */
  const aliceAnimation = async () => {
    const first = await uploaded(alice.accessToken);
    const groupId = first.groupId ?? '';
    const second = await uploaded(alice.accessToken, { groupId });
    const response = await createPreset(alice.accessToken, { name: 'Orbit', groupId });
    expect(response.statusCode, response.body).toBe(201);
    return { groupId, frames: [first, second], preset: response.json<Preset>() };
  };

  it('the owner’s flow: the first upload starts a group, the next ones join it, a preset shows them', async () => {
    const { groupId, frames, preset } = await aliceAnimation();
    expect(groupId).not.toBe('');
    expect(frames[1]?.groupId).toBe(groupId);
    const listed = await listGroup(alice.accessToken, groupId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Upload[]>().map((item) => item.id)).toEqual(frames.map((frame) => frame.id));
    expect(preset.previewImageMapping).toEqual(Object.fromEntries(frames.map((frame) => [frame.id, frame.url])));
    expect((await request(alice.accessToken, 'GET', frames[0]?.url ?? '')).statusCode).toBe(200);
    expect((await listGroup(admin, groupId)).statusCode).toBe(200);
  });

  it('an upload without a group id starts a new group each time', async () => {
    const one = await uploaded(alice.accessToken);
    const two = await uploaded(alice.accessToken);
    expect(one.groupId).not.toBeNull();
    expect(two.groupId).not.toBe(one.groupId);
  });

  it('a stranger naming someone’s group id cannot list it or add to it', async () => {
    const { groupId, frames } = await aliceAnimation();
    expect((await listGroup(bob.accessToken, groupId)).statusCode).toBe(404);
    const before = storedFiles();
    const added = await upload(bob.accessToken, { groupId });
    expect(added.statusCode).toBe(404);
    expect(added.json<{ message: string }>().message).toBe('Upload group not found');
    expect(storedFiles()).toBe(before);
    const listed = await listGroup(alice.accessToken, groupId);
    expect(listed.json<Upload[]>().map((item) => item.id)).toEqual(frames.map((frame) => frame.id));
  });

  it('a group id nobody made is not there', async () => {
    expect((await listGroup(alice.accessToken, 'made-up-group')).statusCode).toBe(404);
    expect((await upload(alice.accessToken, { groupId: 'made-up-group' })).statusCode).toBe(404);
  });

  it('a stranger cannot point a preset at someone’s group, so cannot reach its uploads or their files', async () => {
    const { groupId, frames } = await aliceAnimation();
    const created = await createPreset(bob.accessToken, { name: 'Mine now', groupId });
    expect(created.statusCode).toBe(404);
    const own = (await createPreset(bob.accessToken, { name: 'Bob’s own' })).json<Preset>();
    const updated = await request(bob.accessToken, 'PUT', `/api/preset/${own.id}`, { groupId });
    expect(updated.statusCode).toBe(404);
    expect((await request(bob.accessToken, 'GET', `/api/preset/id/${own.id}`)).json<Preset>().groupId).toBeNull();
    expect((await listGroup(bob.accessToken, groupId)).statusCode).toBe(404);
    for (const frame of frames) {
      expect((await request(bob.accessToken, 'GET', `/api/upload/id/${frame.id}`)).statusCode).toBe(404);
      expect((await request(bob.accessToken, 'GET', frame.url)).statusCode).toBe(403);
    }
  });

  it('a shared preset lets its viewer read the group, not add to it, and only until the share is revoked', async () => {
    const { groupId, frames, preset } = await aliceAnimation();
    const share = (remove: boolean) =>
      request(alice.accessToken, 'PUT', `/api/preset/${preset.id}/share/user`, { userIds: [bob.user.id], remove });
    expect((await share(false)).statusCode).toBe(200);

    const listed = await listGroup(bob.accessToken, groupId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Upload[]>().map((item) => item.id)).toEqual(frames.map((frame) => frame.id));
    expect((await request(bob.accessToken, 'GET', frames[0]?.url ?? '')).statusCode).toBe(200);
    expect((await upload(bob.accessToken, { groupId })).statusCode).toBe(403);
    // Pointing his own preset at it would keep the group after the share goes.
    expect((await createPreset(bob.accessToken, { name: 'Keep it', groupId })).statusCode).toBe(403);

    expect((await share(true)).statusCode).toBe(200);
    expect((await listGroup(bob.accessToken, groupId)).statusCode).toBe(404);
    expect((await request(bob.accessToken, 'GET', `/api/upload/id/${frames[0]?.id}`)).statusCode).toBe(404);
    expect((await request(bob.accessToken, 'GET', frames[0]?.url ?? '')).statusCode).toBe(403);
    expect((await upload(bob.accessToken, { groupId })).statusCode).toBe(404);
  });

  it('a copy of a shared animation gets its own copy of the frames, and no hold on the original group', async () => {
    const { groupId, frames, preset } = await aliceAnimation();
    await request(alice.accessToken, 'PUT', `/api/preset/${preset.id}/share/user`, { userIds: [bob.user.id] });
    const copied = await createPreset(bob.accessToken, { copyOf: preset.id });
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = copied.json<Preset>();
    expect(copy.groupId).not.toBe(groupId);
    const copyFrames = (await listGroup(bob.accessToken, copy.groupId ?? '')).json<Upload[]>();
    expect(copyFrames).toHaveLength(frames.length);
    expect(Object.values(copy.previewImageMapping ?? {})).toEqual(copyFrames.map((frame) => frame.url));

    await request(alice.accessToken, 'PUT', `/api/preset/${preset.id}/share/user`, {
      userIds: [bob.user.id],
      remove: true,
    });
    expect((await listGroup(bob.accessToken, groupId)).statusCode).toBe(404);
    expect((await request(bob.accessToken, 'GET', frames[0]?.url ?? '')).statusCode).toBe(403);
    const ownCopy = await request(bob.accessToken, 'GET', copyFrames[0]?.url ?? '');
    expect(ownCopy.statusCode).toBe(200);
    expect(ownCopy.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('the owner’s own copy keeps showing the same group', async () => {
    const { groupId, preset } = await aliceAnimation();
    const copy = (await createPreset(alice.accessToken, { copyOf: preset.id })).json<Preset>();
    expect(copy.groupId).toBe(groupId);
  });
});
