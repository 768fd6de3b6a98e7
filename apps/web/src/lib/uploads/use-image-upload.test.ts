import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_MESSAGES, STATE_MESSAGES, UPLOAD_IMAGE_KINDS, type Upload } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { fakeUploadServer } from '@/test/fake-upload-server';
import { IDLE_UPLOAD, useImageUpload } from './use-image-upload';

const UPLOAD: Upload = {
  id: 'upload-7',
  url: '/api/media/uploads/upload-7/plate.jpg',
  filename: 'plate.jpg',
  contentType: 'image/jpeg',
  size: 3,
  groupId: 'group-7',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const file = (name: string, type = '') => new File([new Uint8Array([1, 2, 3])], name, { type });

const revokeObjectURL = vi.fn();

describe('the upload state of an image slot', () => {
  let server: ReturnType<typeof fakeUploadServer>;
  beforeEach(() => {
    server = fakeUploadServer();
    pointApiClientAt('http://server.test');
    // jsdom has no object URLs; the browser's would name the picked file.
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = revokeObjectURL;
  });
  afterEach(() => {
    server.restore();
    pointApiClientAt('');
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('goes idle → loading with progress and a local preview → success with the upload’s id and url', async () => {
    const { result } = renderHook(() => useImageUpload('image'));
    expect(result.current).toMatchObject(IDLE_UPLOAD);
    let done: Promise<Upload | null> = Promise.resolve(null);
    act(() => {
      done = result.current.upload(file('plate.jpg', 'image/jpeg'));
    });
    expect(result.current).toMatchObject({
      status: 'loading',
      selectedImageName: 'plate.jpg',
      previewUrl: 'blob:preview',
      progress: 0,
    });
    act(() => server.sent[0]?.progress(1, 2));
    expect(result.current.progress).toBe(50);
    await act(async () => {
      server.sent[0]?.answer(201, UPLOAD);
      await expect(done).resolves.toEqual(UPLOAD);
    });
    expect(result.current).toMatchObject({
      status: 'success',
      imageId: 'upload-7',
      previewUrl: UPLOAD.url,
      error: null,
      progress: 100,
    });
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('refuses a file of the wrong type without sending it', async () => {
    const { result } = renderHook(() => useImageUpload('image'));
    await act(async () => {
      await expect(result.current.upload(file('notes.txt', 'text/plain'))).resolves.toBeNull();
    });
    expect(result.current).toMatchObject({
      status: 'error',
      error: PRODUCT_MESSAGES.unsupportedImage(UPLOAD_IMAGE_KINDS.image.label),
    });
    expect(server.sent).toHaveLength(0);
  });

  it('takes .hdr and .exr for the HDRI backdrop, and not a PNG', async () => {
    const { result } = renderHook(() => useImageUpload('hdri'));
    await act(async () => {
      await result.current.upload(file('sky.png', 'image/png'));
    });
    expect(result.current.error).toBe(PRODUCT_MESSAGES.unsupportedImage(UPLOAD_IMAGE_KINDS.hdri.label));
    for (const name of ['studio.HDR', 'sky.exr']) {
      act(() => {
        void result.current.upload(file(name));
      });
      expect(result.current).toMatchObject({ status: 'loading', selectedImageName: name, previewUrl: null });
    }
    expect(server.sent).toHaveLength(2);
    // The newer pick cancelled the first.
    expect(server.sent[0]?.aborted).toBe(true);
  });

  it('ends in error with the spec’s words when the upload fails, and reset goes back to idle', async () => {
    const { result } = renderHook(() => useImageUpload());
    let done: Promise<Upload | null> = Promise.resolve(null);
    act(() => {
      done = result.current.upload(file('plate.png', 'image/png'));
    });
    await act(async () => {
      server.sent[0]?.answer(201, { filename: 'plate.png' });
      await done;
    });
    expect(result.current).toMatchObject({ status: 'error', error: STATE_MESSAGES.uploadFailed, imageId: null });
    act(() => result.current.reset());
    expect(result.current).toMatchObject(IDLE_UPLOAD);
  });
});
