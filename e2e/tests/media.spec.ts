import { API_BASE, API_ROUTES, BUILT_IN_PRODUCT, pathTo, type AssetModel, type ListResult } from '@autostudio/protocol';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN } from '../support/server';
import { loginApi, signInThroughApi } from '../support/sign-in';

/** A 1×1 PNG: the preview an administrator gives an asset model. */
const PREVIEW_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The smallest GLB the server takes as a model file. */
function tinyGlb(): Buffer {
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0' } }).padEnd(28, ' '));
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length, 8);
  const chunk = Buffer.alloc(8);
  chunk.writeUInt32LE(json.length, 0);
  chunk.write('JSON', 4, 'ascii');
  return Buffer.concat([header, chunk, json]);
}

test.describe('images under /api/media', () => {
  test('a model uploaded without a picture gets one rendered, shown on an open /landing', async ({
    page,
    request,
    createAccount,
  }) => {
    // The render engine may have to start first.
    test.setTimeout(90_000);
    const account = await createAccount(['user']);
    const admin = await loginApi(request, E2E_ADMIN);
    const user = await loginApi(request, account);
    const headers = { authorization: `Bearer ${admin.accessToken}` };
    // A car the engine can show: the built-in one's model file, uploaded again under another name.
    const products = await request.get(`${API_BASE}${API_ROUTES.assetModels.filtered}?limit=100`, { headers });
    const builtIn = ((await products.json()) as ListResult<AssetModel>).items.find(
      (item) => item.modelId === BUILT_IN_PRODUCT.modelId,
    );
    const car = await request.get(builtIn?.modelUrl ?? '', { headers });
    expect(car.ok()).toBe(true);
    const created = await request.post(`${API_BASE}${API_ROUTES.assetModels.create}`, {
      headers,
      multipart: {
        name: `Faceless car ${account.username}`,
        file: { name: 'car.glb', mimeType: 'model/gltf-binary', buffer: await car.body() },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const model = (await created.json()) as AssetModel;
    // The upload answered before any render.
    expect(model.previewUrl).toBeNull();
    const shared = await request.put(`${API_BASE}${pathTo(API_ROUTES.assetModels.shareUser, { id: model.id })}`, {
      headers,
      data: { userIds: [user.user.id] },
    });
    expect(shared.ok(), await shared.text()).toBe(true);

    try {
      await signInThroughApi(page, account);
      await expect(page).toHaveURL('/landing');
      // No reload: the page looks again while a product has no picture.
      const preview = page.getByRole('button', { name: `Open ${model.name}` }).locator('img');
      await expect(preview).toHaveAttribute('src', /\/preview\.jpg$/, { timeout: 60_000 });
      await expect
        .poll(() => preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
        .toEqual([640, 360]);
    } finally {
      await request.put(`${API_BASE}${pathTo(API_ROUTES.assetModels.delete, { id: model.id })}`, { headers });
    }
  });

  test('an asset model’s preview shows on /landing (the app keeps the media cookie)', async ({
    page,
    request,
    createAccount,
  }) => {
    const account = await createAccount(['user']);
    const admin = await loginApi(request, E2E_ADMIN);
    const user = await loginApi(request, account);
    const headers = { authorization: `Bearer ${admin.accessToken}` };
    const created = await request.post(`${API_BASE}${API_ROUTES.assetModels.create}`, {
      headers,
      multipart: {
        name: `Preview car ${account.username}`,
        file: { name: 'car.glb', mimeType: 'model/gltf-binary', buffer: tinyGlb() },
        previewFile: { name: 'preview.png', mimeType: 'image/png', buffer: PREVIEW_PNG },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const model = (await created.json()) as AssetModel;
    expect(model.previewUrl).toMatch(/^\/api\/media\//);
    const shared = await request.put(`${API_BASE}${pathTo(API_ROUTES.assetModels.shareUser, { id: model.id })}`, {
      headers,
      data: { userIds: [user.user.id] },
    });
    expect(shared.ok(), await shared.text()).toBe(true);

    try {
      await signInThroughApi(page, account);
      await expect(page).toHaveURL('/landing');
      const preview = page.getByRole('button', { name: `Open ${model.name}` }).locator('img');
      await expect(preview).toHaveAttribute('src', model.previewUrl ?? '');
      // Loaded, not broken: a 401 would leave the image with no width. A reload shows it too, as does the cookie
      // the app asked for on the way in.
      await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await page.reload();
      await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    } finally {
      await request.put(`${API_BASE}${pathTo(API_ROUTES.assetModels.delete, { id: model.id })}`, { headers });
    }
  });
});
