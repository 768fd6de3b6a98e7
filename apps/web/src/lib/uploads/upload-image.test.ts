import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, STATE_MESSAGES, STORAGE_MESSAGES, type Upload } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { fakeUploadServer } from '@/test/fake-upload-server';
import { ApiError } from '@/lib/api-client';
import { uploadEngineLink, uploadImage } from './upload-image';

const ORIGIN = 'http://server.test';
const UPLOAD: Upload = {
  id: 'upload-1',
  url: '/api/media/uploads/upload-1/backplate.png',
  filename: 'backplate.png',
  contentType: 'image/png',
  size: 3,
  groupId: 'group-1',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const png = () => new File([new Uint8Array([137, 80, 78])], 'backplate.png', { type: 'image/png' });
/** Lets the client's awaits run, so that the next request is sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploading an image', () => {
  let server: ReturnType<typeof fakeUploadServer>;
  beforeEach(() => {
    server = fakeUploadServer();
  });
  afterEach(() => {
    server.restore();
    pointApiClientAt('');
  });

  it('posts the file as multipart with the bearer token, reports progress, and answers the upload', async () => {
    pointApiClientAt(ORIGIN, { getAccessToken: () => 'the-access-token' });
    const progress: number[] = [];
    const done = uploadImage(png(), { onProgress: (percent) => progress.push(percent), groupId: 'group-1' });
    const [request] = server.sent;
    expect(request).toMatchObject({ method: 'POST', url: `${ORIGIN}${API_BASE}/upload` });
    expect(request?.headers.authorization).toBe('Bearer the-access-token');
    expect((request?.body.get('file') as File).name).toBe('backplate.png');
    expect(request?.body.get('groupId')).toBe('group-1');
    request?.progress(1, 4);
    request?.progress(3, 4);
    request?.answer(201, UPLOAD);
    await expect(done).resolves.toEqual(UPLOAD);
    expect(progress).toEqual([25, 75, 100]);
  });

  it('refreshes the token once after a 401 and sends again', async () => {
    const refreshAccessToken = vi.fn(() => Promise.resolve('a-fresh-token'));
    pointApiClientAt(ORIGIN, { getAccessToken: () => 'stale', refreshAccessToken });
    const done = uploadImage(png());
    server.sent[0]?.answer(401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
    await settle();
    expect(refreshAccessToken).toHaveBeenCalledOnce();
    expect(server.sent[1]?.headers.authorization).toBe('Bearer a-fresh-token');
    server.sent[1]?.answer(201, UPLOAD);
    await expect(done).resolves.toEqual(UPLOAD);
  });

  it('fails with "Upload Failed" when the answer has no id or url (spec §5)', async () => {
    pointApiClientAt(ORIGIN);
    for (const body of [{ ...UPLOAD, id: '' }, { filename: 'x.png' }, null]) {
      const done = uploadImage(png());
      server.sent.at(-1)?.answer(201, body);
      await expect(done).rejects.toMatchObject({ message: STATE_MESSAGES.uploadFailed });
    }
  });

  it('fails with "Image Upload Error" when no answer comes, and with the server’s words when it refuses', async () => {
    pointApiClientAt(ORIGIN);
    const lost = uploadImage(png());
    server.sent[0]?.fail();
    await expect(lost).rejects.toBeInstanceOf(ApiError);
    await expect(lost).rejects.toMatchObject({ status: 0, message: STATE_MESSAGES.imageUploadError });

    const refused = uploadImage(png());
    const message = 'file: not a PNG, JPEG, WebP, GIF, HDR or EXR file';
    server.sent[1]?.answer(400, { statusCode: 400, error: 'Bad Request', message });
    await expect(refused).rejects.toMatchObject({ status: 400, message });
  });

  it("rejects with the quota's message when the server answers 413", async () => {
    pointApiClientAt(ORIGIN);
    const refused = uploadImage(png());
    const message = STORAGE_MESSAGES.quotaExceeded(5_261_334_938, 5 * 1024 ** 3, 200 * 1024 ** 2);
    server.sent[0]?.answer(413, { statusCode: 413, error: 'Payload Too Large', message });
    await expect(refused).rejects.toMatchObject({ status: 413, message });
    expect(message).toBe(
      'Storage quota exceeded: 4.9 GB of 5 GB used; this file is 200 MB. Delete files or ask an administrator to raise STORAGE_QUOTA_BYTES.',
    );
  });

  it('stops sending when cancelled', async () => {
    pointApiClientAt(ORIGIN);
    const cancel = new AbortController();
    const done = uploadImage(png(), { signal: cancel.signal });
    cancel.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.sent[0]?.aborted).toBe(true);
  });

  it('asks the server for the link an engine fetches, and hands it on as it came', async () => {
    const link = {
      url: 'http://127.0.0.1:8080/api/upload-file/t/backplate.png',
      expiresAt: '2026-01-01T00:10:00.000Z',
    };
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(JSON.stringify(link), { headers: { 'content-type': 'application/json' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    pointApiClientAt(ORIGIN, { getAccessToken: () => 'the-access-token' });
    await expect(uploadEngineLink('upload-1')).resolves.toEqual(link);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${ORIGIN}${API_BASE}/upload/upload-1/engine-link`);
    expect(init?.method).toBe('POST');
  });
});
