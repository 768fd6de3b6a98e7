import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, LoginResponse, Upload, UploadEngineLink } from '@autostudio/protocol';
import { createdId, send } from '../../test/matrix-requests.js';
import { PNG_1X1 } from '../../test/multipart.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

/**
 * A configuration shared with someone loads for them with the images it shows (backplate, HDRI backdrop, custom
 * guide): its readers get engine links to those uploads, and only those. A copy saved from it keeps working after
 * the original's owner deletes their images.
 */
describe.each(testDatabases)('the images of a shared configuration on $name', (database) => {
  let t: TestApp;
  let owner: LoginResponse;
  let reader: LoginResponse;
  let stranger: LoginResponse;
  beforeAll(async () => {
    t = await startTestApp(database);
    owner = await t.createUser('cfg-img-owner');
    reader = await t.createUser('cfg-img-reader');
    stranger = await t.createUser('cfg-img-stranger');
  });
  afterAll(() => t.close());

  const upload = async (token: string) => {
    const response = await send(t, token, {
      method: 'POST',
      url: '/api/upload',
      multipart: { fields: {}, files: { file: { name: 'backplate.png', content: PNG_1X1 } } },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Upload>();
  };
  const settingsShowing = (backplate: Upload, guide: Upload) =>
    JSON.stringify({
      scene: { cameraSpot: 'Exterior' },
      backplateUpload: { selectedImageName: 'backplate.png', previewUrl: backplate.url, imageId: backplate.id },
      imageUpload: { imageId: guide.id, previewUrl: guide.url },
    });
  const saveConfig = async (token: string, settings: string) =>
    createdId(
      await send(t, token, {
        method: 'POST',
        url: '/api/config',
        multipart: { fields: { name: 'With images', settings } },
      }),
    );
  const linkFor = (token: string, id: string) =>
    send(t, token, { method: 'POST', url: `/api/upload/${id}/engine-link` });
  /** What an engine does with the link: a plain GET, no token, no cookie. */
  const fetchAsEngine = async (token: string, id: string) => {
    const link = await linkFor(token, id);
    expect(link.statusCode, link.body).toBe(200);
    return t.app.inject({ method: 'GET', url: new URL(link.json<UploadEngineLink>().url).pathname });
  };

  it('lets a reader of the configuration link the images it shows, and nothing else of the owner’s', async () => {
    const [backplate, guide, unrelated] = [
      await upload(owner.accessToken),
      await upload(owner.accessToken),
      await upload(owner.accessToken),
    ];
    const configId = await saveConfig(owner.accessToken, settingsShowing(backplate, guide));
    expect((await linkFor(reader.accessToken, backplate.id)).statusCode).toBe(404);
    await send(t, owner.accessToken, {
      method: 'PUT',
      url: `/api/config/${configId}/share/user`,
      json: { userIds: [reader.user.id] },
    });
    for (const image of [backplate, guide]) {
      const file = await fetchAsEngine(reader.accessToken, image.id);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
    }
    expect((await linkFor(reader.accessToken, unrelated.id)).statusCode).toBe(404);
    expect((await linkFor(stranger.accessToken, backplate.id)).statusCode).toBe(404);
    // Revoking the share takes the images back.
    await send(t, owner.accessToken, {
      method: 'PUT',
      url: `/api/config/${configId}/share/user`,
      json: { userIds: [reader.user.id], remove: true },
    });
    expect((await linkFor(reader.accessToken, backplate.id)).statusCode).toBe(404);
  });

  it('opens nothing to someone who names another’s upload in a configuration of their own', async () => {
    const backplate = await upload(owner.accessToken);
    const configId = await saveConfig(stranger.accessToken, settingsShowing(backplate, backplate));
    expect((await linkFor(stranger.accessToken, backplate.id)).statusCode).toBe(404);
    const saved = (
      await send(t, stranger.accessToken, { method: 'GET', url: `/api/config/id/${configId}` })
    ).json<Config>();
    expect(saved.settings.backplateUpload?.imageId).toBe(backplate.id);
  });

  it('keeps a copy saved from a shared configuration working after the original’s owner deletes theirs', async () => {
    const [backplate, guide] = [await upload(owner.accessToken), await upload(owner.accessToken)];
    const originalId = await saveConfig(owner.accessToken, settingsShowing(backplate, guide));
    await send(t, owner.accessToken, {
      method: 'PUT',
      url: `/api/config/${originalId}/share/user`,
      json: { userIds: [reader.user.id] },
    });
    const original = (
      await send(t, reader.accessToken, { method: 'GET', url: `/api/config/id/${originalId}` })
    ).json<Config>();
    // "Save as": the reader saves the settings they loaded as a configuration of their own.
    const copyId = await saveConfig(reader.accessToken, JSON.stringify(original.settings));
    const copy = (await send(t, reader.accessToken, { method: 'GET', url: `/api/config/id/${copyId}` })).json<Config>();
    const copiedBackplate = copy.settings.backplateUpload?.imageId ?? '';
    const copiedGuide = copy.settings.imageUpload?.imageId ?? '';
    expect([copiedBackplate, copiedGuide]).not.toContain(backplate.id);
    expect(copy.settings.backplateUpload?.previewUrl).toMatch(new RegExp(`^/api/media/uploads/${copiedBackplate}/`));

    for (const id of [backplate.id, guide.id]) {
      expect((await send(t, owner.accessToken, { method: 'DELETE', url: `/api/upload/id/${id}` })).statusCode).toBe(
        204,
      );
    }
    expect(
      (await send(t, owner.accessToken, { method: 'PUT', url: `/api/config/${originalId}/delete` })).statusCode,
    ).toBe(204);
    for (const id of [copiedBackplate, copiedGuide]) {
      const file = await fetchAsEngine(reader.accessToken, id);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
    }
    // Whoever the copy is shared with loads its images in turn.
    await send(t, reader.accessToken, {
      method: 'PUT',
      url: `/api/config/${copyId}/share/user`,
      json: { userIds: [stranger.user.id] },
    });
    expect((await fetchAsEngine(stranger.accessToken, copiedBackplate)).statusCode).toBe(200);
  });
});
