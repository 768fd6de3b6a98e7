import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  API_BASE,
  API_ROUTES,
  isAdmin,
  pathTo,
  UPLOAD_LIMITS,
  uploadFieldsSchema,
  type Upload,
  type UploadEngineLink,
  type User,
} from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { UploadGroupRow, UploadRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { mediaUrl } from '../../storage/media-url.js';
import { withMultipart, type MultipartSource } from '../../storage/multipart.js';
import { toNumber } from '../../db/search.js';
import { FILE_LINK_MESSAGES, type SignedFileLinks } from '../../storage/signed-file-links.js';
import { extensionOf, mediaTypeOf } from '../media/media-types.js';
import { canCreate } from '../access/access-policy.js';
import { UploadGroupAccess } from './upload-group-access.js';
import { UploadsRepository } from './uploads.repository.js';
import { seenThroughConfig } from './config-images.js';
import type { StorageQuota } from '../storage-quota/storage-quota.service.js';

const UPLOAD_NOT_FOUND = 'Upload not found';

/** Each upload's file lives under its own id, which is how media access finds the upload a file belongs to. */
const uploadKey = (id: string, fileName: string) => `uploads/${id}/${fileName}`;

/**
 * The file name an engine link ends in: the stored name's stem, with the extension of the sniffed type (an HDRI
 * sent as `sky.png` ends in `.hdr`), since engines pick their loader by extension. Spaces become dashes and the stem
 * is cut short, so the name needs no escaping and stays under the router's limit on a path parameter (100).
 */
function engineFileName(row: UploadRow): string {
  const stored = row.blob_key.split('/').pop() ?? '';
  const extension = extensionOf(row.content_type) ?? path.posix.extname(stored);
  const known = mediaTypeOf(stored) !== 'application/octet-stream';
  const stem = (known ? stored.slice(0, -path.posix.extname(stored).length) : stored).replace(/ /g, '-').slice(0, 60);
  return `${stem || 'image'}${extension}`;
}

export function toUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    url: mediaUrl(row.blob_key),
    filename: row.filename,
    contentType: row.content_type,
    size: toNumber(row.size),
    groupId: row.group_id,
    createdAt: row.created_at,
  };
}

/** Images for backplates, HDRI backdrops, composition guides and animation previews. */
export class UploadsService {
  private readonly uploads: UploadsRepository;
  readonly groups: UploadGroupAccess;

  constructor(
    private readonly db: Db,
    private readonly storage: BlobStore,
    private readonly links: SignedFileLinks,
    /** The owner's storage quota, checked as an upload is recorded; absent: no limit. */
    private readonly quota?: StorageQuota,
  ) {
    this.uploads = new UploadsRepository(db);
    this.groups = new UploadGroupAccess(db);
  }

  /** Stores the image in the caller's group `groupId`, or, without one, in a new group of theirs. */
  async create(user: User, upload: MultipartSource): Promise<Upload> {
    if (!canCreate(user, 'upload')) throw forbidden();
    const form = {
      files: { file: { kind: 'image', maxBytes: UPLOAD_LIMITS.image, key: uploadKey } },
      fields: uploadFieldsSchema,
      required: ['file'],
    } as const;
    return withMultipart(upload, this.storage, form, async ({ fields, required: { file } }) => {
      const now = new Date().toISOString();
      const newGroup: UploadGroupRow | undefined = fields.groupId
        ? undefined
        : { id: randomUUID(), owner_id: user.id, created_at: now };
      if (fields.groupId) await this.groups.changeable(user, fields.groupId);
      const row: UploadRow = {
        id: file.key.split('/')[1] ?? file.key,
        owner_id: user.id,
        group_id: newGroup?.id ?? fields.groupId ?? null,
        filename: fields.filename ?? file.fileName,
        blob_key: file.key,
        content_type: file.type.contentType,
        size: file.size,
        created_at: now,
      };
      const { quota } = this;
      await this.uploads.insert(row, newGroup, quota && ((trx) => quota.assertRoom(trx, user.id, file.size)));
      return toUpload(row);
    });
  }

  async get(user: User, id: string): Promise<Upload> {
    return toUpload(await this.readable(user, id));
  }

  /**
   * A short-lived URL of the upload's image on `origin` (where engines reach this server), for the user's engine to
   * fetch without cookie or token; only for an upload the user may read.
   */
  async engineLink(user: User, id: string, origin: string): Promise<UploadEngineLink> {
    const row = await this.readable(user, id);
    const fileName = engineFileName(row);
    const { token, expiresAt } = this.links.sign(row.id, fileName);
    const route = pathTo(API_ROUTES.uploads.signedFile, { token, fileName });
    return { url: `${origin}${API_BASE}${route}`, expiresAt: expiresAt.toISOString() };
  }

  /** The image behind a signed link, while the link is valid and the upload is not deleted. */
  async signedFile(token: string, fileName: string): Promise<{ body: Readable; size: number; contentType: string }> {
    const check = this.links.check(token, fileName);
    if (!check.ok) throw forbidden(FILE_LINK_MESSAGES[check.reason]);
    // An upload deleted since the link was made opens nothing.
    const row = await this.uploads.find(check.id);
    const stat = row ? await this.storage.stat(row.blob_key) : null;
    if (!row || !stat) throw notFound(UPLOAD_NOT_FOUND);
    return { body: await this.storage.get(row.blob_key), size: stat.size, contentType: row.content_type };
  }

  async inGroup(user: User, groupId: string): Promise<Upload[]> {
    await this.groups.readable(user, groupId);
    return (await this.uploads.inGroup(groupId)).map(toUpload);
  }

  async delete(user: User, id: string): Promise<void> {
    const row = await this.readable(user, id);
    if (!isAdmin(user) && row.owner_id !== user.id) throw forbidden();
    await this.uploads.delete(id);
    await this.storage.delete(row.blob_key);
  }

  /**
   * A new group of the user's own holding a copy of every upload (and file) of `groupId`, which they may read:
   * for a copy of someone else's animation, which must not keep a hold on the original's group.
   */
  async copyGroup(user: User, groupId: string): Promise<string> {
    await this.groups.readable(user, groupId);
    const now = new Date().toISOString();
    const group: UploadGroupRow = { id: randomUUID(), owner_id: user.id, created_at: now };
    const copies: UploadRow[] = [];
    try {
      for (const source of await this.uploads.inGroup(groupId)) {
        const id = randomUUID();
        const key = uploadKey(id, source.blob_key.split('/').at(-1) ?? source.filename);
        await this.storage.put(key, await this.storage.get(source.blob_key));
        // The source's time keeps the frames in their order.
        copies.push({ ...source, id, owner_id: user.id, group_id: group.id, blob_key: key });
      }
      await this.uploads.insertGroup(group, copies);
    } catch (error) {
      await Promise.all(copies.map((copy) => this.storage.delete(copy.blob_key)));
      throw error;
    }
    return group.id;
  }

  /** For media access: whether the user may read the upload with this id. */
  async canReadId(user: User, id: string): Promise<boolean> {
    const row = await this.uploads.find(id);
    return row !== undefined && this.canRead(user, row);
  }

  /**
   * Whether the user may read the upload: its owner, an administrator, whoever may read its group (through an
   * animation), or whoever may see a configuration of its owner's that uses it.
   */
  async canRead(user: User, row: UploadRow): Promise<boolean> {
    if (isAdmin(user) || row.owner_id === user.id) return true;
    if (row.group_id !== null && (await this.groups.canRead(user, row.group_id))) return true;
    return seenThroughConfig(this.db, user, row);
  }

  /**
   * Copies, owned by `ownerId`, of the uploads named by `ids` that `user` may read and `ownerId` does not own (each
   * with its own file), by original id; the others are left out. For a configuration saved from someone else's: it
   * keeps its images when the original's owner deletes theirs, and its readers reach them through it (only a
   * configuration's owner's uploads are opened by it). What was copied before a failure is deleted again.
   */
  async ownCopies(
    user: User,
    ownerId: string,
    ids: readonly string[],
  ): Promise<Map<string, { id: string; url: string }>> {
    const copies = new Map<string, { id: string; url: string }>();
    const stored: UploadRow[] = [];
    try {
      for (const id of new Set(ids)) {
        const source = await this.uploads.find(id);
        if (!source || source.owner_id === ownerId || !(await this.canRead(user, source))) continue;
        const copyId = randomUUID();
        const key = uploadKey(copyId, source.blob_key.split('/').at(-1) ?? source.filename);
        await this.storage.put(key, await this.storage.get(source.blob_key));
        const group: UploadGroupRow = { id: randomUUID(), owner_id: ownerId, created_at: new Date().toISOString() };
        const row: UploadRow = { ...source, id: copyId, owner_id: ownerId, group_id: group.id, blob_key: key };
        await this.uploads.insert(row, group);
        stored.push(row);
        copies.set(id, { id: copyId, url: mediaUrl(key) });
      }
    } catch (error) {
      await Promise.all(
        stored.map(async (row) => {
          await this.uploads.delete(row.id);
          await this.storage.delete(row.blob_key).catch(() => undefined);
        }),
      );
      throw error;
    }
    return copies;
  }

  private async readable(user: User, id: string): Promise<UploadRow> {
    const row = await this.uploads.find(id);
    if (!row || !(await this.canRead(user, row))) throw notFound(UPLOAD_NOT_FOUND);
    return row;
  }
}
