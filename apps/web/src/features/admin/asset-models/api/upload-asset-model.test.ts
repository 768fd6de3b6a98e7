import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, type AssetModel } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { fakeUploadServer } from '@/test/fake-upload-server';
import { ApiError } from '@/lib/api-client';
import type { UploadProgress } from '../lib/upload-progress';
import { uploadAssetModel } from './upload-asset-model';

const ORIGIN = 'http://server.test';
const MODEL: AssetModel = {
  id: 'v2',
  modelId: 'model-1',
  version: 2,
  name: 'Terra',
  description: '',
  category: 'SUV',
  type: 'car',
  brand: 'Autostudio',
  region: 'EU',
  modelUrl: '/api/media/asset-models/model-1/x/terra.glb',
  fileName: 'terra.glb',
  fileSize: 4,
  previewUrl: null,
  settings: { unrealParams: {}, configOptions: {} },
  isPublic: false,
  ownerId: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sharedUsers: [],
  sharedGroups: [],
};
const fields = { name: 'Terra', description: '', category: 'SUV', type: 'car', brand: 'Autostudio', region: 'EU' };
const glb = () => new File([new Uint8Array([103, 108, 84, 70])], 'terra.glb');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploading an asset model', () => {
  let server: ReturnType<typeof fakeUploadServer>;
  beforeEach(() => {
    server = fakeUploadServer();
  });
  afterEach(() => {
    server.restore();
    pointApiClientAt('');
  });

  it('posts a new model with its fields and file, reporting bytes sent', async () => {
    pointApiClientAt(ORIGIN, { getAccessToken: () => 'token' });
    const progress: UploadProgress[] = [];
    const done = uploadAssetModel({ fields, file: glb() }, { onProgress: (p) => progress.push(p) });
    const [request] = server.sent;
    expect(request).toMatchObject({ method: 'POST', url: `${ORIGIN}${API_BASE}/asset-model` });
    expect(request?.headers.authorization).toBe('Bearer token');
    expect(request?.body.get('name')).toBe('Terra');
    expect(request?.body.get('region')).toBe('EU');
    expect((request?.body.get('file') as File).name).toBe('terra.glb');
    request?.progress(1, 4);
    request?.progress(4, 4);
    request?.answer(201, { ...MODEL, id: 'v1', version: 1 });
    await expect(done).resolves.toMatchObject({ id: 'v1', version: 1 });
    expect(progress).toEqual([
      { loaded: 1, total: 4 },
      { loaded: 4, total: 4 },
    ]);
  });

  it('puts a new version on the model it extends, and retries once with a fresh token after a 401', async () => {
    const refreshAccessToken = vi.fn(() => Promise.resolve('fresh'));
    pointApiClientAt(ORIGIN, { getAccessToken: () => 'stale', refreshAccessToken });
    const done = uploadAssetModel({ fields, file: glb(), newVersionOf: 'v1' });
    server.sent[0]?.answer(401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
    await settle();
    const retry = server.sent[1];
    expect(retry).toMatchObject({ method: 'PUT', url: `${ORIGIN}${API_BASE}/asset-model/v1` });
    expect(retry?.headers.authorization).toBe('Bearer fresh');
    retry?.answer(200, MODEL);
    await expect(done).resolves.toMatchObject({ modelId: 'model-1', version: 2 });
  });

  it("rejects with the server's reason, and cancels when asked", async () => {
    pointApiClientAt(ORIGIN);
    const refused = uploadAssetModel({ fields, file: glb() });
    server.sent[0]?.answer(400, { statusCode: 400, error: 'Bad Request', message: 'file: not a GLB, glTF or ZIP' });
    await expect(refused).rejects.toEqual(new ApiError(400, 'file: not a GLB, glTF or ZIP'));

    const controller = new AbortController();
    const cancelled = uploadAssetModel({ fields, file: glb() }, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.sent[1]?.aborted).toBe(true);
  });
});
