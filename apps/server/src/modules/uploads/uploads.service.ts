import { isAdmin, UPLOAD_LIMITS, uploadFieldsSchema, type Upload, type User } from '@autostudio/protocol';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UploadRow } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../plugins/app/http-errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { mediaUrl } from '../../storage/media-url.js';
import { receiveMultipart } from '../../storage/multipart.js';
import { parseFields } from '../../storage/parse-fields.js';
import { toNumber } from '../../db/search.js';
import { canCreate } from '../access/access-policy.js';
import { UploadsRepository } from './uploads.repository.js';

const UPLOAD_NOT_FOUND = 'Upload not found';

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

  constructor(
    db: Db,
    private readonly storage: BlobStore,
  ) {
    this.uploads = new UploadsRepository(db);
  }

  async create(user: User, request: FastifyRequest): Promise<Upload> {
    if (!canCreate(user, 'upload')) throw forbidden();
    const body = await receiveMultipart(request, this.storage, {
      file: { kind: 'image', maxBytes: UPLOAD_LIMITS.image, key: (id, fileName) => `uploads/${id}/${fileName}` },
    });
    try {
      const [file] = body.files;
      if (!file) throw badRequest('file: a file is required');
      const fields = parseFields(uploadFieldsSchema, body.fields);
      const row: UploadRow = {
        id: file.key.split('/')[1] ?? file.key,
        owner_id: user.id,
        group_id: fields.groupId ?? null,
        filename: fields.filename ?? file.fileName,
        blob_key: file.key,
        content_type: file.type.contentType,
        size: file.size,
        created_at: new Date().toISOString(),
      };
      await this.uploads.insert(row);
      return toUpload(row);
    } catch (error) {
      await body.discard();
      throw error;
    }
  }

  async get(user: User, id: string): Promise<Upload> {
    return toUpload(await this.readable(user, id));
  }

  async inGroup(user: User, groupId: string): Promise<Upload[]> {
    const everything = isAdmin(user) || (await this.uploads.groupSeenThroughPreset(user, groupId));
    return (await this.uploads.inGroup(groupId, everything ? null : user.id)).map(toUpload);
  }

  async delete(user: User, id: string): Promise<void> {
    const row = await this.readable(user, id);
    if (!isAdmin(user) && row.owner_id !== user.id) throw forbidden();
    await this.uploads.delete(id);
    await this.storage.delete(row.blob_key);
  }

  /** For media access: whether the user may read the upload with this id. */
  async canReadId(user: User, id: string): Promise<boolean> {
    const row = await this.uploads.find(id);
    return row !== undefined && this.canRead(user, row);
  }

  /** Whether the user may read the upload: its owner, an administrator, or whoever sees its preset. */
  async canRead(user: User, row: UploadRow): Promise<boolean> {
    if (isAdmin(user) || row.owner_id === user.id) return true;
    return row.group_id !== null && this.uploads.groupSeenThroughPreset(user, row.group_id);
  }

  private async readable(user: User, id: string): Promise<UploadRow> {
    const row = await this.uploads.find(id);
    if (!row || !(await this.canRead(user, row))) throw notFound(UPLOAD_NOT_FOUND);
    return row;
  }
}
