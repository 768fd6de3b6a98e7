import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@autostudio/protocol';
import { HttpError } from '../../http/errors.js';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.js';
import { MediaService } from './media.service.js';

const user: User = { id: 'u1', username: 'dana', name: 'Dana', roles: ['user'] };
const blob = { size: 3, lastModified: new Date(), etag: '"e"' };

function fakeStore(overrides: Partial<BlobStore> = {}): BlobStore {
  return {
    driver: 'local',
    put: vi.fn(),
    get: vi.fn(() => Promise.resolve(Readable.from(['abc']))),
    stat: vi.fn(() => Promise.resolve(blob)),
    delete: vi.fn(),
    check: vi.fn(),
    close: vi.fn(),
    ...overrides,
  };
}

const statusOf = (error: unknown) => (error instanceof HttpError ? error.statusCode : error);

describe('the media service', () => {
  it('refuses an unsafe key before asking the access rules or the store', async () => {
    const stat = vi.fn(() => Promise.resolve(blob));
    const canReadMedia = vi.fn(() => Promise.resolve(true));
    const media = new MediaService(fakeStore({ stat }), { canReadMedia });
    await expect(media.find(user, 'users/u1/../u2/a.png').catch(statusOf)).resolves.toBe(400);
    expect(canReadMedia).not.toHaveBeenCalled();
    expect(stat).not.toHaveBeenCalled();
  });

  it('does not ask the store about a blob the user may not read', async () => {
    const stat = vi.fn(() => Promise.resolve(blob));
    const media = new MediaService(fakeStore({ stat }), { canReadMedia: () => Promise.resolve(false) });
    await expect(media.find(user, 'users/u2/a.png').catch(statusOf)).resolves.toBe(403);
    expect(stat).not.toHaveBeenCalled();
  });

  it('answers 404 when the blob goes between finding and reading it', async () => {
    const store = fakeStore({ get: () => Promise.reject(new BlobNotFoundError('gone')) });
    const media = new MediaService(store, { canReadMedia: () => Promise.resolve(true) });
    await expect(media.find(user, 'users/u1/a.png')).resolves.toEqual(blob);
    await expect(media.open('users/u1/a.png').catch(statusOf)).resolves.toBe(404);
  });
});
