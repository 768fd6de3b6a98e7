import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  RENDER_MESSAGES,
  type ModelDownloadLink,
  type RenderJob,
  type StillRenderRequestInput,
  type Upload,
  type UploadEngineLink,
} from '@autostudio/protocol';
import { FILE_LINK_MESSAGES, FILE_LINK_TTL_SECONDS } from '../storage/signed-file-links.js';
import { createdId, send, type MatrixRequest } from './matrix-requests.js';
import { PNG_1X1, tinyGlb } from './multipart.js';
import { startScriptedRenderApp } from './scripted-render-app.js';
import type { ScriptedRenderRunner, ScriptedRun } from './scripted-render-runner.js';
import type { TestApp } from './test-app.js';
import { testDatabases } from './test-databases.js';

/**
 * The access matrix of what is reached by id but not shared: render jobs, uploads and the files behind them, and
 * the signed links engines fetch. Each row is one call; each cell one kind of caller and the status they get.
 * A caller who may not see the thing gets 404 (media: 403, before saying whether the file exists), one who may see
 * it but not change it 403.
 */
type Actor = 'anonymous' | 'stranger' | 'guest' | 'moderator' | 'viewer' | 'owner' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'stranger', 'guest', 'moderator', 'viewer', 'owner', 'admin'];

/**
 * Render jobs are their owner's and the administrators' (a moderator oversees rendered assets, not the queue).
 * The viewer, who sees the owner's animation, gets nothing on the owner's jobs from that.
 */
const JOB_READ: Record<Actor, number> = {
  anonymous: 401,
  stranger: 404,
  guest: 404,
  moderator: 404,
  viewer: 404,
  owner: 200,
  admin: 200,
};
const JOB_CANCEL: Record<Actor, number> = { ...JOB_READ, owner: 204, admin: 204 };
/** A finished job's outputs became a rendered asset, which a moderator sees too. */
const OUTPUT_FILE: Record<Actor, number> = { ...JOB_READ, stranger: 403, guest: 403, viewer: 403, moderator: 200 };

/**
 * An upload in a group that the owner's animation shows, shared with the viewer: whoever may see the animation
 * reads the upload (moderators see every preset); only its owner and administrators change it.
 */
const UPLOAD_READ: Record<Actor, number> = {
  anonymous: 401,
  stranger: 404,
  guest: 404,
  moderator: 200,
  viewer: 200,
  owner: 200,
  admin: 200,
};
const UPLOAD_FILE: Record<Actor, number> = { ...UPLOAD_READ, stranger: 403, guest: 403 };
const UPLOAD_DELETE: Record<Actor, number> = { ...UPLOAD_READ, moderator: 403, viewer: 403, owner: 204, admin: 204 };
/** Adding to the group: a guest creates nothing (403 before the group is looked at). */
const UPLOAD_ADD: Record<Actor, number> = { ...UPLOAD_DELETE, guest: 403, owner: 201, admin: 201 };

const STILL: StillRenderRequestInput = {
  renderType: 'Multi Pass',
  selectedPasses: ['Color ID'],
  resolutionPreset: '1080p',
  imageFormat: 'PNG',
  settings: {},
  metadata: { name: 'Matrix still' },
};

describe.each(testDatabases)('the access matrix of render jobs, uploads and files on $name', (database) => {
  let t: TestApp;
  let runner: ScriptedRenderRunner;
  const tokens: Partial<Record<Actor, string>> = {};
  let viewerId: string;

  beforeAll(async () => {
    // One worker running the scripted runner: a job runs while the test holds it, the next ones wait queued.
    ({ t, runner } = await startScriptedRenderApp(database));
    tokens.stranger = (await t.createUser('matrix-stranger')).accessToken;
    tokens.guest = (await t.createUser('matrix-guest', ['client'])).accessToken;
    tokens.moderator = (await t.createUser('matrix-moderator', ['moderator'])).accessToken;
    const viewer = await t.createUser('matrix-viewer');
    tokens.viewer = viewer.accessToken;
    viewerId = viewer.user.id;
    tokens.owner = (await t.createUser('matrix-owner')).accessToken;
    tokens.admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const as = (actor: Actor, request: MatrixRequest) => send(t, tokens[actor], request);
  const status = (jobId: string): MatrixRequest => ({ method: 'GET', url: `/api/render-workflow-status/${jobId}` });
  const cancel = (jobId: string): MatrixRequest => ({ method: 'DELETE', url: `/api/render-workflow/${jobId}` });
  const upload = (actor: Actor, groupId?: string) =>
    as(actor, {
      method: 'POST',
      url: '/api/upload',
      multipart: { fields: groupId ? { groupId } : {}, files: { file: { name: 'frame.png', content: PNG_1X1 } } },
    });
  const startStill = async (actor: Actor) => {
    const response = await as(actor, { method: 'POST', url: '/api/render-workflow', json: STILL });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<RenderJob>().jobId;
  };

  describe('render jobs', () => {
    it('a guest starts no render, still, video, matrix, turntable or car export (403), nor does a caller without a token (401)', async () => {
      const video = {
        animationType: 'preset',
        selectedAnimation: 'Exterior 360',
        settings: {},
        metadata: { name: 'V' },
      };
      const matrix = { trims: ['Terra Base'], paints: ['rallye red'], settings: {}, metadata: { name: 'M' } };
      for (const [url, json] of [
        ['/api/render-workflow', STILL],
        ['/api/render-video-workflow', video],
        ['/api/render-matrix-workflow', matrix],
        ['/api/render-car-model-workflow', { settings: {}, metadata: { name: 'Car' } }],
        ['/api/render-turntable-workflow', { settings: {}, metadata: { name: 'Spin' } }],
      ] as const) {
        expect((await as('guest', { method: 'POST', url, json })).statusCode, url).toBe(403);
        expect((await as('anonymous', { method: 'POST', url, json })).statusCode, url).toBe(401);
      }
    });

    it('who holds the queue is for administrators only', async () => {
      const expected: Record<Actor, number> = {
        anonymous: 401,
        stranger: 403,
        guest: 403,
        moderator: 403,
        viewer: 403,
        owner: 403,
        admin: 200,
      };
      for (const actor of ACTORS) {
        const response = await as(actor, { method: 'GET', url: '/api/admin/render-queue' });
        expect(response.statusCode, actor).toBe(expected[actor]);
      }
    });

    describe('a finished job', () => {
      let jobId: string;
      let outputUrl: string;
      beforeAll(async () => {
        jobId = await startStill('owner');
        const run = await runner.nextRun();
        run.finish([await run.write('still.png', 'pixels')]);
        const done = await vi.waitFor(async () => {
          const job = (await as('owner', status(jobId))).json<RenderJob>();
          expect(job.status).toBe('completed');
          return job;
        });
        outputUrl = done.outputs[0]?.url ?? '';
      });

      it.each(ACTORS)('its status and its output file: %s', async (actor) => {
        expect((await as(actor, status(jobId))).statusCode).toBe(JOB_READ[actor]);
        expect(outputUrl).toBe(`/api/media/render-jobs/${jobId}/still.png`);
        expect((await as(actor, { method: 'GET', url: outputUrl })).statusCode).toBe(OUTPUT_FILE[actor]);
      });
    });

    describe('a running job', () => {
      let running: { jobId: string; run: ScriptedRun };
      beforeAll(async () => {
        const jobId = await startStill('owner');
        running = { jobId, run: await runner.nextRun() };
      });
      afterAll(async () => {
        expect((await as('owner', cancel(running.jobId))).statusCode).toBe(204);
        await running.run.aborted;
      });

      it.each(ACTORS)('status: %s', async (actor) => {
        const response = await as(actor, status(running.jobId));
        expect(response.statusCode).toBe(JOB_READ[actor]);
        if (response.statusCode === 404)
          expect(response.json()).toMatchObject({ message: RENDER_MESSAGES.jobNotFound });
      });

      it.each(ACTORS)('cancel: %s; a refused cancel leaves the job running', async (actor) => {
        if (JOB_CANCEL[actor] !== 204) {
          expect((await as(actor, cancel(running.jobId))).statusCode).toBe(JOB_CANCEL[actor]);
          expect((await as('owner', status(running.jobId))).json<RenderJob>().status).toBe('in progress');
          return;
        }
        // The worker is busy with the running job, so this one waits in the queue until it is cancelled.
        const queued = await startStill('owner');
        expect((await as(actor, cancel(queued))).statusCode).toBe(204);
        expect((await as('owner', status(queued))).statusCode).toBe(404);
      });
    });
  });

  describe('uploads', () => {
    let groupId: string;
    /** A fresh upload of the owner's in the group the shared animation shows. */
    const ownersUpload = async () => {
      const response = await upload('owner', groupId);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Upload>();
    };

    beforeAll(async () => {
      const first = await upload('owner');
      groupId = first.json<Upload>().groupId ?? '';
      const animation = createdId(
        await as('owner', {
          method: 'POST',
          url: '/api/preset',
          json: { name: 'Matrix animation', type: 'animation', groupId },
        }),
      );
      const share = await as('owner', {
        method: 'PUT',
        url: `/api/preset/${animation}/share/user`,
        json: { userIds: [viewerId] },
      });
      expect(share.statusCode).toBe(200);
    });

    it.each(ACTORS)('read by id, its group, its engine link and its file: %s', async (actor) => {
      const { id, url } = await ownersUpload();
      expect((await as(actor, { method: 'GET', url: `/api/upload/id/${id}` })).statusCode).toBe(UPLOAD_READ[actor]);
      expect((await as(actor, { method: 'GET', url: `/api/upload/group/${groupId}` })).statusCode).toBe(
        UPLOAD_READ[actor],
      );
      const link = await as(actor, { method: 'POST', url: `/api/upload/${id}/engine-link` });
      expect(link.statusCode).toBe(UPLOAD_READ[actor]);
      expect((await as(actor, { method: 'GET', url })).statusCode).toBe(UPLOAD_FILE[actor]);
    });

    it.each(ACTORS)('delete: %s; a refused delete leaves the upload and its file', async (actor) => {
      const { id, url } = await ownersUpload();
      expect((await as(actor, { method: 'DELETE', url: `/api/upload/id/${id}` })).statusCode).toBe(
        UPLOAD_DELETE[actor],
      );
      const expected = UPLOAD_DELETE[actor] === 204 ? [404, 403] : [200, 200];
      expect((await as('owner', { method: 'GET', url: `/api/upload/id/${id}` })).statusCode).toBe(expected[0]);
      // The owner's right to the file went with the upload; the viewer's with the group it no longer is in.
      expect((await as('viewer', { method: 'GET', url })).statusCode).toBe(expected[1]);
    });

    it.each(ACTORS)('add to the group: %s', async (actor) => {
      expect((await upload(actor, groupId)).statusCode).toBe(UPLOAD_ADD[actor]);
    });
  });

  describe('signed links: the link is the credential, so it must name one file and not outlive its time', () => {
    /** What an engine does: a plain GET of the URL, no token, no cookie. */
    const fetchAsEngine = (pathname: string) => t.app.inject({ method: 'GET', url: pathname });
    const tampered = (pathname: string, otherId: string) => {
      const [, api = '', route = '', token = '', fileName = ''] = pathname.split('/');
      const [id = '', expires = '', mac = ''] = token.split('.');
      const at = (changed: string, name = fileName) => `/${api}/${route}/${changed}/${name}`;
      return [
        at(`${otherId}.${expires}.${mac}`),
        at(`${id}.${Number(expires) + 3600}.${mac}`),
        at(`${id}.${expires}.${mac.slice(0, -2)}xx`),
        at(token, `other${fileName}`),
      ];
    };
    const links = async () => {
      const mine = (await upload('owner')).json<Upload>().id;
      const other = (await upload('stranger')).json<Upload>().id;
      const uploadLink = await as('owner', { method: 'POST', url: `/api/upload/${mine}/engine-link` });
      const model = createdId(
        await as('admin', {
          method: 'POST',
          url: '/api/asset-model',
          multipart: {
            fields: { name: 'Linked model' },
            // A picture of its own, so that no preview render is queued for the scripted runner.
            files: { file: { name: 'car.glb', content: tinyGlb() }, previewFile: { name: 'p.png', content: PNG_1X1 } },
          },
        }),
      );
      const modelLink = await as('admin', { method: 'POST', url: `/api/asset-model/${model}/download-link` });
      return [
        { kind: 'upload', pathname: new URL(uploadLink.json<UploadEngineLink>().url).pathname, otherId: other },
        { kind: 'asset model', pathname: new URL(modelLink.json<ModelDownloadLink>().url).pathname, otherId: mine },
      ];
    };

    it('opens its file without token or cookie, and nothing once changed in any part', async () => {
      for (const { kind, pathname, otherId } of await links()) {
        expect((await fetchAsEngine(pathname)).statusCode, kind).toBe(200);
        for (const changed of tampered(pathname, otherId)) {
          const response = await fetchAsEngine(changed);
          expect(response.statusCode, changed).toBe(403);
          expect(response.json()).toMatchObject({ message: FILE_LINK_MESSAGES.invalid });
        }
      }
    });

    it('opens nothing once expired', async () => {
      const all = await links();
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + (FILE_LINK_TTL_SECONDS + 1) * 1000);
        for (const { kind, pathname } of all) {
          const response = await fetchAsEngine(pathname);
          expect(response.statusCode, kind).toBe(403);
          expect(response.json()).toMatchObject({ message: FILE_LINK_MESSAGES.expired });
        }
      } finally {
        vi.useRealTimers();
      }
    });

    it("does not open one kind's file with the other kind's link", async () => {
      const [uploadLink, modelLink] = await links();
      const swap = (pathname: string, from: string, to: string) => pathname.replace(`/${from}/`, `/${to}/`);
      expect(
        (await fetchAsEngine(swap(uploadLink?.pathname ?? '', 'upload-file', 'asset-model-file'))).statusCode,
      ).toBe(403);
      expect((await fetchAsEngine(swap(modelLink?.pathname ?? '', 'asset-model-file', 'upload-file'))).statusCode).toBe(
        403,
      );
    });
  });
});
