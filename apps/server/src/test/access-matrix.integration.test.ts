import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, Preset, Role } from '@autostudio/protocol';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { PNG_1X1, tinyGlb } from './multipart.js';
import { createdId, send, type MatrixRequest as Request } from './matrix-requests.js';
import { startTestApp, type TestApp } from './test-app.js';
import { testDatabases } from './test-databases.js';

/**
 * Every endpoint of every shareable item × every kind of caller. Each cell asserts the status, and every list
 * asserts that nothing leaks to someone who may not see the item.
 */
type Actor = 'anonymous' | 'stranger' | 'owner' | 'sharedUser' | 'groupMember' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'stranger', 'owner', 'sharedUser', 'groupMember', 'admin'];

interface Kind {
  name: string;
  /** Who creates the item: asset models are made by administrators only. */
  ownerRole: Role;
  create: (t: TestApp, token: string) => Promise<string>;
  get: (id: string) => Request;
  list: Request;
  update: (id: string) => Request;
  delete: (id: string) => Request;
  share?: { user: (id: string, userId: string) => Request; group: (id: string, groupId: string) => Request };
  /** Other calls that read the item by id (a render's items, a model's download link): allowed as a read is. */
  reads?: (id: string) => Request[];
  /** The media URL of one of the item's stored files, as its owner reads it. */
  file?: (t: TestApp, id: string, ownerToken: string) => Promise<string>;
}

const READ: Record<Actor, number> = {
  anonymous: 401,
  stranger: 404,
  owner: 200,
  sharedUser: 200,
  groupMember: 200,
  admin: 200,
};
const CHANGE: Record<Actor, number> = {
  anonymous: 401,
  stranger: 404,
  owner: 200,
  sharedUser: 403,
  groupMember: 403,
  admin: 200,
};
const REMOVE: Record<Actor, number> = {
  anonymous: 401,
  stranger: 404,
  owner: 204,
  sharedUser: 403,
  groupMember: 403,
  admin: 204,
};
/** A stored file goes with its item; media answers 403, not 404, to a signed-in caller who may not read it. */
const READ_FILE: Record<Actor, number> = { ...READ, stranger: 403 };
const VISIBLE: Record<Actor, boolean> = {
  anonymous: false,
  stranger: false,
  owner: true,
  sharedUser: true,
  groupMember: true,
  admin: true,
};

/** What an item tells about who holds it. */
interface Holders {
  id: string;
  ownerId: string | null;
  ownerUsername?: string | null;
  sharedUsers: { id: string }[];
  sharedGroups: { id: string }[];
}

const shareRoutes = (base: string) => ({
  user: (id: string, userId: string): Request => ({
    method: 'PUT',
    url: `${base}/${id}/share/user`,
    json: { userIds: [userId] },
  }),
  group: (id: string, groupId: string): Request => ({
    method: 'PUT',
    url: `${base}/${id}/share/group`,
    json: { groupIds: [groupId] },
  }),
});

const KINDS: Kind[] = [
  {
    name: 'preset',
    ownerRole: 'user',
    create: async (t, token) =>
      createdId(
        await send(t, token, {
          method: 'POST',
          url: '/api/preset',
          json: { name: 'Matrix preset', type: 'postProcess' },
        }),
      ),
    get: (id) => ({ method: 'GET', url: `/api/preset/id/${id}` }),
    list: { method: 'GET', url: '/api/preset/filtered?limit=100' },
    update: (id) => ({ method: 'PUT', url: `/api/preset/${id}`, json: { name: 'Renamed' } }),
    delete: (id) => ({ method: 'PUT', url: `/api/preset/${id}/delete` }),
    share: shareRoutes('/api/preset'),
  },
  {
    name: 'configuration',
    ownerRole: 'user',
    create: async (t, token) =>
      createdId(
        await send(t, token, {
          method: 'POST',
          url: '/api/config',
          multipart: {
            fields: { name: 'Matrix config', settings: '{"scene":{"cameraSpot":"Exterior"}}' },
            files: { imageFile: { name: 'p.png', content: PNG_1X1 } },
          },
        }),
      ),
    get: (id) => ({ method: 'GET', url: `/api/config/id/${id}` }),
    file: async (t, id, token) =>
      (await send(t, token, { method: 'GET', url: `/api/config/id/${id}` })).json<{ imageUrl: string }>().imageUrl,
    list: { method: 'GET', url: '/api/config/filtered?limit=100' },
    update: (id) => ({ method: 'PUT', url: `/api/config/${id}`, multipart: { fields: { name: 'Renamed' } } }),
    delete: (id) => ({ method: 'PUT', url: `/api/config/${id}/delete` }),
    share: shareRoutes('/api/config'),
  },
  {
    name: 'asset model',
    ownerRole: 'admin',
    create: async (t, token) =>
      createdId(
        await send(t, token, {
          method: 'POST',
          url: '/api/asset-model',
          multipart: {
            fields: { name: 'Matrix model', brand: 'Terra' },
            files: { file: { name: 'car.glb', content: tinyGlb() } },
          },
        }),
      ),
    get: (id) => ({ method: 'GET', url: `/api/asset-model/id/${id}` }),
    reads: (id) => [{ method: 'POST', url: `/api/asset-model/${id}/download-link` }],
    file: async (t, id, token) =>
      (await send(t, token, { method: 'GET', url: `/api/asset-model/id/${id}` })).json<{ modelUrl: string }>().modelUrl,
    list: { method: 'GET', url: '/api/asset-model/filtered?limit=100' },
    update: (id) => ({ method: 'PUT', url: `/api/asset-model/${id}`, multipart: { fields: { name: 'Renamed' } } }),
    delete: (id) => ({ method: 'PUT', url: `/api/asset-model/${id}/delete` }),
    share: shareRoutes('/api/asset-model'),
  },
  {
    name: 'rendered asset',
    ownerRole: 'user',
    create: async (t, token) => {
      const verify = await t.app.inject({
        method: 'GET',
        url: '/api/auth/verify',
        headers: { authorization: `Bearer ${token}` },
      });
      const owner = verify.json<{ id: string; username: string; name: string; roles: Role[] }>();
      // A file of its own in the store, as a finished render leaves one, for the media cells.
      const key = `renders/${randomUUID()}/still.png`;
      const { size } = await t.app.renderQueue.storage.put(key, Readable.from([PNG_1X1]));
      const asset = await t.app.renderedAssets.record(owner, {
        name: 'Matrix render',
        items: [{ kind: 'Color ID', key, fileName: 'still.png', contentType: 'image/png', size }],
      });
      return asset.id;
    },
    get: (id) => ({ method: 'GET', url: `/api/asset-rendered/id/${id}` }),
    reads: (id) => [{ method: 'GET', url: `/api/asset-rendered/${id}/items` }],
    file: async (t, id, token) =>
      (await send(t, token, { method: 'GET', url: `/api/asset-rendered/${id}/items` })).json<{ url: string }[]>()[0]
        ?.url ?? '',
    list: { method: 'GET', url: '/api/asset-rendered/filtered?limit=100' },
    update: (id) => ({ method: 'PUT', url: `/api/asset-rendered/${id}`, json: { name: 'Renamed' } }),
    delete: (id) => ({ method: 'PUT', url: `/api/asset-rendered/${id}/delete` }),
    share: shareRoutes('/api/asset-rendered'),
  },
  {
    // An animation shows its preview images (an upload group of its owner's) to whoever may see it.
    name: 'animation preset',
    ownerRole: 'user',
    create: async (t, token) => {
      const frame = await send(t, token, {
        method: 'POST',
        url: '/api/upload',
        multipart: { fields: {}, files: { file: { name: 'frame.png', content: PNG_1X1 } } },
      });
      const { groupId } = JSON.parse(frame.body) as { groupId: string };
      return createdId(
        await send(t, token, {
          method: 'POST',
          url: '/api/preset',
          json: { name: 'Matrix animation', type: 'animation', groupId },
        }),
      );
    },
    get: (id) => ({ method: 'GET', url: `/api/preset/id/${id}` }),
    list: { method: 'GET', url: '/api/preset/filtered?type=animation&limit=100' },
    update: (id) => ({ method: 'PUT', url: `/api/preset/${id}`, json: { name: 'Renamed' } }),
    delete: (id) => ({ method: 'PUT', url: `/api/preset/${id}/delete` }),
    share: shareRoutes('/api/preset'),
    file: async (t, id, token) => {
      const preset = (await send(t, token, { method: 'GET', url: `/api/preset/id/${id}` })).json<Preset>();
      return Object.values(preset.previewImageMapping ?? {})[0] ?? '';
    },
  },
];

describe.each(testDatabases)('the access matrix on $name', (database) => {
  let t: TestApp;
  const tokens: Partial<Record<Actor, string>> = {};
  const ids: Partial<Record<Actor, string>> = {};
  let ownerAdminToken: string;
  let groupId: string;

  beforeAll(async () => {
    t = await startTestApp(database);
    for (const actor of ['stranger', 'owner', 'sharedUser', 'groupMember'] as const) {
      const session = await t.createUser(`matrix-${actor.toLowerCase()}`);
      tokens[actor] = session.accessToken;
      ids[actor] = session.user.id;
    }
    tokens.admin = await t.adminToken();
    ownerAdminToken = (await t.createUser('matrix-owner-admin', ['admin'])).accessToken;
    const group = await send(t, tokens.admin, {
      method: 'POST',
      url: '/api/user-groups',
      json: { name: 'Matrix group', userIds: [ids.groupMember] },
    });
    groupId = group.json<Group>().id;
  });
  afterAll(() => t.close());

  describe.each(KINDS)('$name', (kind) => {
    const ownerToken = () => (kind.ownerRole === 'admin' ? ownerAdminToken : (tokens.owner ?? ''));
    // The owner cell of admin-made kinds is the other administrator, who made the item.
    const tokenOf = (actor: Actor) => (actor === 'owner' ? ownerToken() : tokens[actor]);

    /** A fresh item, shared with sharedUser directly and with groupMember through the group. */
    const prepare = async () => {
      const id = await kind.create(t, ownerToken());
      if (kind.share) {
        expect((await send(t, ownerToken(), kind.share.user(id, ids.sharedUser ?? ''))).statusCode).toBe(200);
        expect((await send(t, ownerToken(), kind.share.group(id, groupId))).statusCode).toBe(200);
      }
      return id;
    };

    it.each(ACTORS)('read by id: %s', async (actor) => {
      const id = await prepare();
      expect((await send(t, tokenOf(actor), kind.get(id))).statusCode).toBe(READ[actor]);
    });

    it.each(ACTORS)('its other reads by id and its stored file: %s', async (actor) => {
      const id = await prepare();
      for (const request of kind.reads?.(id) ?? []) {
        expect((await send(t, tokenOf(actor), request)).statusCode, request.url).toBe(READ[actor]);
      }
      if (!kind.file) return;
      const url = await kind.file(t, id, ownerToken());
      expect(url).toMatch(/^\/api\/media\//);
      expect((await send(t, tokenOf(actor), { method: 'GET', url })).statusCode).toBe(READ_FILE[actor]);
    });

    it.each(ACTORS)('list: %s sees it only when allowed', async (actor) => {
      const id = await prepare();
      const response = await send(t, tokenOf(actor), kind.list);
      if (actor === 'anonymous') return expect(response.statusCode).toBe(401);
      expect(response.statusCode).toBe(200);
      const listed = response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
      expect(listed.includes(id)).toBe(VISIBLE[actor]);
    });

    it.each(ACTORS)('who holds it (owner id, share list): %s is told only when managing it', async (actor) => {
      if (actor === 'anonymous' || actor === 'stranger') return;
      const id = await prepare();
      const manages = actor === 'owner' || actor === 'admin';
      const byId = (await send(t, tokenOf(actor), kind.get(id))).json<Holders>();
      const listed = (await send(t, tokenOf(actor), kind.list)).json<{ items: Holders[] }>().items;
      for (const item of [byId, listed.find((entry) => entry.id === id)]) {
        if (manages) {
          expect(item?.ownerId).toBeTruthy();
          if (kind.share) expect(item?.sharedUsers.map((user) => user.id)).toContain(ids.sharedUser);
        } else {
          // Someone it is shared with learns neither who else has it nor whose it is.
          expect(item).toMatchObject({ ownerId: null, sharedUsers: [], sharedGroups: [] });
        }
      }
    });

    it.each(ACTORS)(
      "the owner's username (the admin lists' Owner column): %s is told only as an admin",
      async (actor) => {
        if (actor === 'anonymous' || actor === 'stranger') return;
        const id = await prepare();
        const asAdmin = actor === 'admin' || (actor === 'owner' && kind.ownerRole === 'admin');
        const username = kind.ownerRole === 'admin' ? 'matrix-owner-admin' : 'matrix-owner';
        const byId = (await send(t, tokenOf(actor), kind.get(id))).json<Holders>();
        const listed = (await send(t, tokenOf(actor), kind.list)).json<{ items: Holders[] }>().items;
        for (const item of [byId, listed.find((entry) => entry.id === id)]) {
          if (asAdmin) expect(item?.ownerUsername).toBe(username);
          // Everyone else gets what they got before: no name, not even their own.
          else expect(item).not.toHaveProperty('ownerUsername');
        }
      },
    );

    it.each(ACTORS)('update: %s', async (actor) => {
      const id = await prepare();
      expect((await send(t, tokenOf(actor), kind.update(id))).statusCode).toBe(CHANGE[actor]);
    });

    it.each(ACTORS)('share and revoke: %s', async (actor) => {
      if (!kind.share) return;
      const id = await prepare();
      const share = kind.share.user(id, ids.stranger ?? '');
      expect((await send(t, tokenOf(actor), share)).statusCode).toBe(CHANGE[actor]);
      const revoke = { ...share, json: { userIds: [ids.sharedUser], remove: true } };
      expect((await send(t, tokenOf(actor), revoke)).statusCode).toBe(CHANGE[actor]);
    });

    it.each(ACTORS)('delete: %s, and once deleted it is gone for everyone', async (actor) => {
      const id = await prepare();
      const file = await kind.file?.(t, id, ownerToken());
      expect((await send(t, tokenOf(actor), kind.delete(id))).statusCode).toBe(REMOVE[actor]);
      if (REMOVE[actor] !== 204) return;
      // Its files went with the shares: those it was shared with read them no more.
      if (file) expect((await send(t, tokens.sharedUser, { method: 'GET', url: file })).statusCode).toBe(403);
      // Deleted means gone for its owner and administrators too (a render deleted by a moderator or admin included).
      if (file && kind.name === 'rendered asset') {
        expect([403, 404]).toContain((await send(t, tokenOf('owner'), { method: 'GET', url: file })).statusCode);
        // An administrator reads every stored file: 404 says the file itself is gone from storage.
        expect((await send(t, tokenOf('admin'), { method: 'GET', url: file })).statusCode).toBe(404);
      }
      for (const viewer of ['owner', 'sharedUser', 'admin'] as const) {
        expect((await send(t, tokenOf(viewer), kind.get(id))).statusCode).toBe(404);
        const listed = (await send(t, tokenOf(viewer), kind.list)).json<{ items: { id: string }[] }>().items;
        expect(listed.map((item) => item.id)).not.toContain(id);
      }
    });
  });

  describe('configuration share links', () => {
    type LinkActor = Actor | 'guest';
    const LINK_ACTORS: LinkActor[] = [...ACTORS, 'guest'];
    /**
     * Links are handed out by whoever manages the configuration: not by those it is shared with (a guest included),
     * who get the 403 an update gets; a stranger gets the 404 of a configuration they may not see.
     */
    const MANAGE_LINKS = (allowed: number): Record<LinkActor, number> => ({
      ...CHANGE,
      owner: allowed,
      admin: allowed,
      guest: 403,
    });
    const configs = KINDS[1]!;
    let guest: { token: string; id: string };
    beforeAll(async () => {
      const session = await t.createUser('matrix-link-guest', ['client']);
      guest = { token: session.accessToken, id: session.user.id };
    });
    const tokenOf = (actor: LinkActor) => (actor === 'guest' ? guest.token : tokens[actor]);
    const links = (id: string) => `/api/config/${id}/links`;

    /** The owner's configuration, shared with sharedUser, the group and the guest, with one link of the owner's. */
    const prepare = async () => {
      const id = await configs.create(t, tokens.owner ?? '');
      await send(t, tokens.owner, configs.share!.user(id, ids.sharedUser ?? ''));
      await send(t, tokens.owner, configs.share!.user(id, guest.id));
      await send(t, tokens.owner, configs.share!.group(id, groupId));
      const link = await send(t, tokens.owner, { method: 'POST', url: links(id), json: { expiresInDays: 7 } });
      return { id, linkId: createdId(link), url: link.json<{ url: string }>().url };
    };

    it.each(LINK_ACTORS)('make a link: %s', async (actor) => {
      const { id } = await prepare();
      const response = await send(t, tokenOf(actor), { method: 'POST', url: links(id), json: {} });
      expect(response.statusCode).toBe(MANAGE_LINKS(201)[actor]);
    });

    it.each(LINK_ACTORS)('list the links: %s, and only a manager learns their addresses', async (actor) => {
      const { id, url } = await prepare();
      const response = await send(t, tokenOf(actor), { method: 'GET', url: links(id) });
      expect(response.statusCode).toBe(MANAGE_LINKS(200)[actor]);
      expect(response.body.includes(url)).toBe(response.statusCode === 200);
    });

    it.each(LINK_ACTORS)('revoke a link: %s', async (actor) => {
      const { id, linkId } = await prepare();
      const response = await send(t, tokenOf(actor), { method: 'DELETE', url: `${links(id)}/${linkId}` });
      expect(response.statusCode).toBe(MANAGE_LINKS(204)[actor]);
    });

    it.each(LINK_ACTORS)('what a link opens needs no sign-in, and a credential changes nothing: %s', async (actor) => {
      const { url } = await prepare();
      const token = url.split('/').pop() ?? '';
      const view = await send(t, tokenOf(actor), { method: 'GET', url: `/api/public/links/${token}` });
      expect(view.statusCode).toBe(200);
      const still = await send(t, tokenOf(actor), { method: 'GET', url: `/api/public/links/${token}/still.jpg` });
      expect(still.statusCode).toBe(200);
    });
  });

  describe('upload groups, reached through the preset that shows them', () => {
    const ADD: Record<Actor, number> = { ...CHANGE, owner: 201, admin: 201 };
    /** An upload group of the owner's, shown by an animation shared with sharedUser and with the group. */
    const prepareGroup = async () => {
      const first = await send(t, tokens.owner, {
        method: 'POST',
        url: '/api/upload',
        multipart: { fields: {}, files: { file: { name: 'frame.png', content: PNG_1X1 } } },
      });
      const uploadGroupId = (JSON.parse(first.body) as { groupId: string }).groupId;
      const presetId = createdId(
        await send(t, tokens.owner, {
          method: 'POST',
          url: '/api/preset',
          json: { name: 'Matrix animation', type: 'animation', groupId: uploadGroupId },
        }),
      );
      await send(t, tokens.owner, KINDS[0]!.share!.user(presetId, ids.sharedUser ?? ''));
      await send(t, tokens.owner, KINDS[0]!.share!.group(presetId, groupId));
      return uploadGroupId;
    };

    it.each(ACTORS)('list a group: %s', async (actor) => {
      const uploadGroupId = await prepareGroup();
      const response = await send(t, tokens[actor], { method: 'GET', url: `/api/upload/group/${uploadGroupId}` });
      expect(response.statusCode).toBe(READ[actor]);
    });

    it.each(ACTORS)('add to a group: %s', async (actor) => {
      const uploadGroupId = await prepareGroup();
      const response = await send(t, tokens[actor], {
        method: 'POST',
        url: '/api/upload',
        multipart: { fields: { groupId: uploadGroupId }, files: { file: { name: 'more.png', content: PNG_1X1 } } },
      });
      expect(response.statusCode).toBe(ADD[actor]);
    });
  });

  describe('users and groups', () => {
    const ADMIN_ONLY: Request[] = [
      { method: 'GET', url: '/api/users/x' },
      { method: 'POST', url: '/api/users', json: { username: 'nobody-new', password: 'long-enough' } },
      { method: 'PUT', url: '/api/users/x', json: { name: 'X' } },
      { method: 'DELETE', url: '/api/users/x' },
      { method: 'GET', url: '/api/user-groups/x' },
      { method: 'POST', url: '/api/user-groups', json: { name: 'Not allowed' } },
      { method: 'PUT', url: '/api/user-groups/x', json: { name: 'X' } },
      { method: 'PUT', url: '/api/user-groups/x/users', json: { userIds: ['x'] } },
      { method: 'DELETE', url: '/api/user-groups/x' },
    ];
    it.each(ADMIN_ONLY)('$method $url is for administrators only', async (request) => {
      expect((await send(t, undefined, request)).statusCode).toBe(401);
      expect((await send(t, tokens.owner, request)).statusCode).toBe(403);
      expect([200, 201, 204, 404]).toContain((await send(t, tokens.admin, request)).statusCode);
    });

    it('a non-administrator gets names and ids of people, no roles; an administrator gets the roles', async () => {
      const url = '/api/users/filtered?limit=100';
      const seen = (await send(t, tokens.stranger, { method: 'GET', url })).json<{ items: object[] }>().items;
      expect(seen.length).toBeGreaterThan(1);
      for (const person of seen) expect(Object.keys(person).sort()).toEqual(['id', 'name', 'username']);
      const managed = (await send(t, tokens.admin, { method: 'GET', url })).json<{ items: { roles?: Role[] }[] }>();
      for (const person of managed.items) expect(person.roles?.length).toBeGreaterThan(0);
    });

    it('a non-administrator sees the members of their own groups only; every group’s name and size', async () => {
      const url = '/api/user-groups/filtered?limit=100';
      const matrixGroup = async (token: string | undefined) =>
        (await send(t, token, { method: 'GET', url })).json<{ items: Group[] }>().items.find((g) => g.id === groupId);
      expect(await matrixGroup(tokens.stranger)).toMatchObject({ name: 'Matrix group', users: [], memberCount: 1 });
      const member = await matrixGroup(tokens.groupMember);
      expect(member?.users.map((user) => user.id)).toEqual([ids.groupMember]);
      expect((await matrixGroup(tokens.admin))?.users.map((user) => user.id)).toEqual([ids.groupMember]);
    });

    it.each(['/api/users/filtered', '/api/user-groups/filtered'])(
      'any signed-in user but a guest may list %s for sharing',
      async (url) => {
        expect((await send(t, undefined, { method: 'GET', url })).statusCode).toBe(401);
        expect((await send(t, tokens.stranger, { method: 'GET', url })).statusCode).toBe(200);
        // A guest shares nothing, so has no need to know who else uses the studio, nor with which roles.
        const guest = await t.createUser(`directory-guest-${url.length}`, ['client']);
        expect((await send(t, guest.accessToken, { method: 'GET', url })).statusCode).toBe(403);
      },
    );
  });

  describe('the other roles', () => {
    it('a moderator manages everyone’s presets but not asset models', async () => {
      const moderator = (await t.createUser('matrix-moderator', ['moderator'])).accessToken;
      const presetId = await KINDS[0]!.create(t, tokens.owner ?? '');
      expect((await send(t, moderator, KINDS[0]!.get(presetId))).statusCode).toBe(200);
      expect((await send(t, moderator, KINDS[0]!.update(presetId))).statusCode).toBe(200);
      const modelId = await KINDS[2]!.create(t, ownerAdminToken);
      expect((await send(t, moderator, KINDS[2]!.get(modelId))).statusCode).toBe(404);
    });

    it('a guest sees what is shared with them and creates nothing', async () => {
      const guest = await t.createUser('matrix-guest', ['client']);
      const presetId = await KINDS[0]!.create(t, tokens.owner ?? '');
      await send(t, tokens.owner, KINDS[0]!.share!.user(presetId, guest.user.id));
      expect((await send(t, guest.accessToken, KINDS[0]!.get(presetId))).statusCode).toBe(200);
      expect(
        (
          await send(t, guest.accessToken, {
            method: 'POST',
            url: '/api/preset',
            json: { name: 'Nope', type: 'postProcess' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await send(t, guest.accessToken, KINDS[0]!.update(presetId))).statusCode).toBe(403);
    });

    it('a user cannot create an asset model', async () => {
      const response = await send(t, tokens.owner, {
        method: 'POST',
        url: '/api/asset-model',
        multipart: { fields: { name: 'Mine' }, files: { file: { name: 'car.glb', content: tinyGlb() } } },
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
