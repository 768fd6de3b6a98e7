import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  API_BASE,
  API_ROUTES,
  pathTo,
  type ModelDownloadLink,
  createAssetModelFieldsSchema,
  productSettingsSchema,
  UPLOAD_LIMITS,
  updateAssetModelFieldsSchema,
  type AssetModel,
  type ListQuery,
  type ListResult,
  type ListSortColumn,
  type User,
} from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { AssetModelRow } from '../../db/schema.js';
import { toNumber } from '../../db/search.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { mediaUrl } from '../../storage/media-url.js';
import { withMultipart, type MultipartSource, type FileRule, type StoredFile } from '../../storage/multipart.js';
import { parseJsonField } from '../../storage/parse-fields.js';
import { canCreate } from '../access/access-policy.js';
import { ItemAccess } from '../access/item-access.js';
import { holdersFor } from '../access/holders.js';
import { SharesRepository, type Principal } from '../access/shares.repository.js';
import { AssetModelsRepository, type AssetModelFilters } from './asset-models.repository.js';
import { FILE_LINK_MESSAGES, type SignedFileLinks } from '../../storage/signed-file-links.js';
import { checkModelReferences } from './model-references.js';
import type { StorageQuota } from '../storage-quota/storage-quota.service.js';
import type { Queries } from '../storage-quota/storage-quota.repository.js';

const ASSET_MODEL_NOT_FOUND = 'Asset model not found';
const NO_MODEL_FILE = 'This asset model has no model file';

const fileRules = (modelId: string): Record<string, FileRule> => ({
  file: { kind: 'model', maxBytes: UPLOAD_LIMITS.model, key: (id, name) => `asset-models/${modelId}/${id}/${name}` },
  previewFile: {
    kind: 'image',
    maxBytes: UPLOAD_LIMITS.image,
    key: (id, name) => `asset-models/${modelId}/${id}/${name}`,
  },
});

/** Queues a picture of a model that has none (render/model-previews.ts); returns at once. */
export interface PreviewRequester {
  request(assetModelId: string, ownerId: string): void;
}

export class AssetModelsService {
  private readonly models: AssetModelsRepository;
  private readonly shares: SharesRepository;
  private readonly access: ItemAccess<AssetModelRow>;

  constructor(
    db: Db,
    private readonly storage: BlobStore,
    private readonly links: SignedFileLinks,
    /** Absent where nothing renders previews (the render worker process). */
    private readonly previews?: PreviewRequester,
    /** The owner's storage quota, checked as a model file is recorded; absent: no limit. */
    private readonly quota?: StorageQuota,
    /**
     * Told which versions changed what they draw (new engine settings) or went (deleted), so that renders kept of them
     * go too (the render cache). Never fails the change: it logs what it could not drop. Absent: nothing is kept.
     */
    private readonly staleRenders?: (assetModelIds: string[]) => Promise<void>,
  ) {
    this.models = new AssetModelsRepository(db);
    this.shares = new SharesRepository(db, 'asset_model_shares');
    this.access = new ItemAccess(db, {
      kind: 'assetModel',
      find: (id) => this.models.find(id),
      shares: this.shares,
      // A share covers every version of the model.
      shareKey: (row) => row.model_id,
      everyone: (row) => row.is_public === 1,
    });
  }

  async filtered(
    user: User,
    filters: AssetModelFilters,
    page: ListQuery<ListSortColumn<'assetModels'>>,
  ): Promise<ListResult<AssetModel>> {
    const { rows, total } = await this.models.page(user, filters, page);
    return { items: await this.toModels(user, rows), total };
  }

  async get(user: User, id: string): Promise<AssetModel> {
    return this.one(user, await this.access.readable(user, id, ASSET_MODEL_NOT_FOUND));
  }

  async filterOptions(user: User) {
    const [categories, regions, brands, types] = await Promise.all([
      this.models.distinctValues(user, 'category'),
      this.models.distinctValues(user, 'region'),
      this.models.distinctValues(user, 'brand'),
      this.models.distinctValues(user, 'type'),
    ]);
    return { categories, regions, brands, types };
  }

  async create(user: User, upload: MultipartSource): Promise<AssetModel> {
    if (!canCreate(user, 'assetModel')) throw forbidden();
    const modelId = randomUUID();
    const form = { files: fileRules(modelId), fields: createAssetModelFieldsSchema };
    return withMultipart(upload, this.storage, form, async ({ fields, files }) => {
      await this.checkModelFile(files);
      const now = new Date().toISOString();
      const row: AssetModelRow = {
        id: randomUUID(),
        model_id: modelId,
        version: 1,
        is_latest: 1,
        owner_id: user.id,
        name: fields.name,
        description: fields.description,
        category: fields.category,
        type: fields.type,
        brand: fields.brand,
        region: fields.region,
        settings: JSON.stringify(parseJsonField(productSettingsSchema, 'settings', fields.settings)),
        ...this.fileColumns(files, null),
        is_public: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      await this.models.insert(row, this.quotaCheck(row));
      this.requestPreview(row);
      return await this.one(user, row);
    });
  }

  /** New metadata changes this version; a new model file makes a new version, keeping the old ones. */
  async update(user: User, id: string, upload: MultipartSource): Promise<AssetModel> {
    const existing = await this.access.manageable(user, id, ASSET_MODEL_NOT_FOUND);
    const form = { files: fileRules(existing.model_id), fields: updateAssetModelFieldsSchema };
    return withMultipart(upload, this.storage, form, async ({ fields, files }) => {
      const changes = {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.category !== undefined ? { category: fields.category } : {}),
        ...(fields.type !== undefined ? { type: fields.type } : {}),
        ...(fields.brand !== undefined ? { brand: fields.brand } : {}),
        ...(fields.region !== undefined ? { region: fields.region } : {}),
        ...(fields.settings !== undefined
          ? { settings: JSON.stringify(parseJsonField(productSettingsSchema, 'settings', fields.settings)) }
          : {}),
        updated_at: new Date().toISOString(),
      };
      const newFile = files.some((file) => file.field === 'file');
      await this.checkModelFile(files);
      if (!newFile) {
        await this.models.update(id, { ...changes, ...this.previewColumn(files) });
        // New engine settings draw the car differently; its name and such draw nothing.
        if (fields.settings !== undefined) await this.staleRenders?.([id]);
        return await this.get(user, id);
      }
      const row: AssetModelRow = {
        ...existing,
        ...changes,
        id: randomUUID(),
        version: (await this.models.latestVersion(existing.model_id)) + 1,
        owner_id: existing.owner_id,
        ...this.fileColumns(files, existing.preview_key),
        created_at: changes.updated_at,
      };
      // A new version counts against the model's owner, whoever sent it.
      await this.models.insert(row, this.quotaCheck(row));
      this.requestPreview(row);
      return await this.one(user, row);
    });
  }

  async share(user: User, id: string, principal: Principal, ids: string[], remove: boolean): Promise<AssetModel> {
    await this.access.share(user, id, principal, ids, remove, ASSET_MODEL_NOT_FOUND);
    return this.get(user, id);
  }

  async delete(user: User, id: string): Promise<void> {
    const row = await this.access.manageable(user, id, ASSET_MODEL_NOT_FOUND);
    await this.models.softDeleteModel(row.model_id);
    await this.staleRenders?.(await this.models.versionIds(row.model_id));
  }

  /**
   * A signed, expiring URL of the model's file for the user's engine, which downloads without the user's
   * credentials. Whoever may see the model may have one; it opens that one file and nothing else.
   */
  async downloadLink(user: User, id: string, origin: string): Promise<ModelDownloadLink> {
    const row = await this.access.readable(user, id, ASSET_MODEL_NOT_FOUND);
    if (!row.file_key) throw notFound(NO_MODEL_FILE);
    // The key's last segment is the stored, already safe, file name; engines keep the name's extension.
    const fileName = row.file_key.split('/').pop() ?? 'model';
    const { token, expiresAt } = this.links.sign(row.id, fileName);
    const route = pathTo(API_ROUTES.assetModels.signedFile, { token, fileName });
    return { url: `${origin}${API_BASE}${route}`, expiresAt: expiresAt.toISOString() };
  }

  /** The file behind a signed link, while the link is valid and the model is not deleted. */
  async signedFile(token: string, fileName: string): Promise<{ body: Readable; size: number }> {
    const check = this.links.check(token, fileName);
    if (!check.ok) throw forbidden(FILE_LINK_MESSAGES[check.reason]);
    // A model deleted since the link was made opens nothing.
    const row = await this.models.find(check.id);
    if (!row) throw notFound(ASSET_MODEL_NOT_FOUND);
    const stat = row.file_key ? await this.storage.stat(row.file_key) : null;
    if (!row.file_key || !stat) throw notFound(NO_MODEL_FILE);
    return { body: await this.storage.get(row.file_key), size: stat.size };
  }

  /** For media access: whether the user may see the model (any version) whose files live under its id. */
  async canSeeModel(user: User, modelId: string): Promise<boolean> {
    const row = await this.models.findLiveVersion(modelId);
    return row !== undefined && this.access.canSee(user, row);
  }

  /** The check that the new version's model file fits its owner's storage quota, in the transaction that inserts it. */
  private quotaCheck(row: AssetModelRow): ((trx: Queries) => Promise<void>) | undefined {
    const { quota } = this;
    const ownerId = row.owner_id;
    if (!quota || ownerId === null) return undefined;
    return (trx) => quota.assertRoom(trx, ownerId, toNumber(row.file_size));
  }

  /** A model without a picture gets one rendered; the answer does not wait for it. */
  private requestPreview(row: AssetModelRow): void {
    if (row.preview_key || !row.owner_id) return;
    this.previews?.request(row.id, row.owner_id);
  }

  /** A model may name no file outside itself (model-references.ts); refused before its row is written. */
  private async checkModelFile(files: StoredFile[]): Promise<void> {
    const model = files.find((file) => file.field === 'file');
    if (model) await checkModelReferences(this.storage, model);
  }

  private fileColumns(files: StoredFile[], previousPreview: string | null) {
    const model = files.find((file) => file.field === 'file');
    if (!model) throw badRequest('file: a model file (GLB, glTF or ZIP) is required');
    return {
      file_key: model.key,
      file_name: model.fileName,
      file_size: model.size,
      preview_key: this.previewColumn(files).preview_key ?? previousPreview,
    };
  }

  private previewColumn(files: StoredFile[]): { preview_key?: string } {
    const preview = files.find((file) => file.field === 'previewFile');
    return preview ? { preview_key: preview.key } : {};
  }

  private async one(user: User, row: AssetModelRow): Promise<AssetModel> {
    const [model] = await this.toModels(user, [row]);
    if (!model) throw new Error('toModels lost a row');
    return model;
  }

  private async toModels(user: User, rows: AssetModelRow[]): Promise<AssetModel[]> {
    const [shared, owners] = await Promise.all([
      this.shares.sharedWith([...new Set(rows.map((row) => row.model_id))]),
      this.shares.ownerUsernames(
        user,
        rows.map((row) => row.owner_id),
      ),
    ]);
    return rows.map((row) => ({
      id: row.id,
      modelId: row.model_id,
      version: row.version,
      name: row.name,
      description: row.description,
      category: row.category,
      type: row.type,
      brand: row.brand,
      region: row.region,
      modelUrl: row.file_key ? mediaUrl(row.file_key) : null,
      fileName: row.file_name,
      fileSize: row.file_size === null ? null : toNumber(row.file_size),
      previewUrl: row.preview_key ? mediaUrl(row.preview_key) : null,
      settings: productSettingsSchema.parse(JSON.parse(row.settings)),
      isPublic: row.is_public === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      ...holdersFor(user, 'assetModel', row.owner_id, shared.get(row.model_id), owners),
    }));
  }
}
