import { randomUUID } from 'node:crypto';
import {
  RENDER_THUMBNAIL_KIND,
  type ListQuery,
  type ListResult,
  type ListSortColumn,
  type RenderedAsset,
  type RenderedAssetItem,
  type User,
} from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import type { RenderedAssetItemRow, RenderedAssetRow } from '../../db/schema.js';
import { toNumber } from '../../db/search.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { mediaUrl } from '../../storage/media-url.js';
import { ItemAccess } from '../access/item-access.js';
import { holdersFor } from '../access/holders.js';
import { SharesRepository, type Principal } from '../access/shares.repository.js';
import { RenderedAssetsRepository, type RenderedAssetFilters } from './rendered-assets.repository.js';

const RENDERED_ASSET_NOT_FOUND = 'Rendered asset not found';

export interface NewRenderedAsset {
  name: string;
  description?: string;
  category?: string;
  type?: string;
  brand?: string;
  configId?: string | null;
  items: {
    kind: string;
    key: string;
    fileName: string;
    contentType: string;
    size: number;
    width?: number;
    height?: number;
  }[];
}

function toItem(row: RenderedAssetItemRow): RenderedAssetItem {
  return {
    id: row.id,
    kind: row.kind,
    url: mediaUrl(row.blob_key),
    fileName: row.file_name,
    contentType: row.content_type,
    size: toNumber(row.size),
    width: row.width,
    height: row.height,
    createdAt: row.created_at,
  };
}

/** The renders users made. They are created by the render service; people browse, rename, share and delete them. */
export class RenderedAssetsService {
  private readonly assets: RenderedAssetsRepository;
  private readonly shares: SharesRepository;
  private readonly access: ItemAccess<RenderedAssetRow>;

  constructor(
    db: Db,
    private readonly storage: BlobStore,
  ) {
    this.assets = new RenderedAssetsRepository(db);
    this.shares = new SharesRepository(db, 'rendered_asset_shares');
    this.access = new ItemAccess(db, {
      kind: 'renderedAsset',
      find: (id) => this.assets.find(id),
      shares: this.shares,
      shareKey: (row) => row.id,
    });
  }

  /** Records a finished render for its owner. */
  async record(owner: User, input: NewRenderedAsset): Promise<RenderedAsset> {
    return this.get(owner, await this.recordFor(owner.id, input));
  }

  /** Records a finished render for the user of this id (a render worker knows only the job's owner id); its id. */
  async recordFor(ownerId: string, input: NewRenderedAsset): Promise<string> {
    const now = new Date().toISOString();
    const asset: RenderedAssetRow = {
      id: randomUUID(),
      owner_id: ownerId,
      name: input.name,
      description: input.description ?? '',
      category: input.category ?? '',
      type: input.type ?? '',
      brand: input.brand ?? '',
      config_id: input.configId ?? null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await this.assets.insert(
      asset,
      input.items.map((item, position) => ({
        id: randomUUID(),
        asset_id: asset.id,
        position,
        kind: item.kind,
        blob_key: item.key,
        file_name: item.fileName,
        content_type: item.contentType,
        size: item.size,
        width: item.width ?? null,
        height: item.height ?? null,
        created_at: now,
      })),
    );
    return asset.id;
  }

  /** Takes back an asset recorded for a job that did not complete after all (its files are deleted by the worker). */
  async withdraw(id: string): Promise<void> {
    await this.assets.softDelete(id);
  }

  async filtered(
    user: User,
    filters: RenderedAssetFilters,
    page: ListQuery<ListSortColumn<'renderedAssets'>>,
  ): Promise<ListResult<RenderedAsset>> {
    const { rows, total } = await this.assets.page(user, filters, page);
    return { items: await this.toAssets(user, rows), total };
  }

  async get(user: User, id: string): Promise<RenderedAsset> {
    const [asset] = await this.toAssets(user, [await this.access.readable(user, id, RENDERED_ASSET_NOT_FOUND)]);
    if (!asset) throw new Error('toAssets lost a row');
    return asset;
  }

  async items(user: User, id: string): Promise<RenderedAssetItem[]> {
    await this.access.readable(user, id, RENDERED_ASSET_NOT_FOUND);
    return (await this.assets.items([id])).map(toItem);
  }

  async filterOptions(user: User) {
    const [categories, types, brands] = await Promise.all([
      this.assets.distinctValues(user, 'category'),
      this.assets.distinctValues(user, 'type'),
      this.assets.distinctValues(user, 'brand'),
    ]);
    return { categories, types, brands };
  }

  async update(
    user: User,
    id: string,
    changes: Partial<Pick<RenderedAssetRow, 'name' | 'description' | 'category' | 'type' | 'brand'>>,
  ): Promise<RenderedAsset> {
    await this.access.manageable(user, id, RENDERED_ASSET_NOT_FOUND);
    // Kysely leaves out fields that are undefined, so only what was sent changes.
    await this.assets.update(id, { ...changes, updated_at: new Date().toISOString() });
    return this.get(user, id);
  }

  async share(user: User, id: string, principal: Principal, ids: string[], remove: boolean): Promise<RenderedAsset> {
    await this.access.share(user, id, principal, ids, remove, RENDERED_ASSET_NOT_FOUND);
    return this.get(user, id);
  }

  /**
   * Deleted means gone: the row is marked deleted and its files (the job's outputs it holds, its thumbnail) are
   * deleted from storage, so nobody reads them again by any route — its owner through the job's outputs after a
   * moderator deleted it, nor an administrator.
   */
  async delete(user: User, id: string): Promise<void> {
    await this.access.manageable(user, id, RENDERED_ASSET_NOT_FOUND);
    await this.assets.softDelete(id);
    for (const item of await this.assets.items([id])) await this.storage.delete(item.blob_key);
  }

  /** For media access: whether the user may see the render that a stored file belongs to. */
  async canSeeFile(user: User, key: string): Promise<boolean> {
    const row = await this.assets.findByItemKey(key);
    return row !== undefined && this.access.canSee(user, row);
  }

  private async toAssets(user: User, rows: RenderedAssetRow[]): Promise<RenderedAsset[]> {
    const ids = rows.map((row) => row.id);
    const [shared, items, owners] = await Promise.all([
      this.shares.sharedWith(ids),
      this.assets.items(ids),
      this.shares.ownerUsernames(
        user,
        rows.map((row) => row.owner_id),
      ),
    ]);
    return rows.map((row) => {
      const own = items.filter((item) => item.asset_id === row.id);
      // A render's own thumbnail; otherwise its first image (renders recorded before thumbnails were made).
      const thumbnail =
        own.find((item) => item.kind === RENDER_THUMBNAIL_KIND) ??
        own.find((item) => item.content_type.startsWith('image/'));
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        category: row.category,
        type: row.type,
        brand: row.brand,
        configId: row.config_id,
        thumbnailUrl: thumbnail ? mediaUrl(thumbnail.blob_key) : null,
        // The files the user rendered: the thumbnail is the list's picture, not one of them.
        itemCount: own.filter((item) => item.kind !== RENDER_THUMBNAIL_KIND).length,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        ...holdersFor(user, 'renderedAsset', row.owner_id, shared.get(row.id), owners),
      };
    });
  }
}
