import type { ListQuery, ListSortColumn, User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import { paginate } from '../../db/paginate.js';
import type { RenderedAssetItemRow, RenderedAssetRow } from '../../db/schema.js';
import { orderList } from '../../db/sort.js';
import { itemConditions, summaryTotal, type ItemConditionOptions } from '../access/item-conditions.js';

const SORT_COLUMNS = {
  name: 'name',
  category: 'category',
  type: 'type',
  brand: 'brand',
  createdAt: 'created_at',
} as const;

export interface RenderedAssetFilters {
  search?: string | undefined;
  category?: string | undefined;
  type?: string | undefined;
  brand?: string | undefined;
}

export class RenderedAssetsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<RenderedAssetRow | undefined> {
    return this.db
      .selectFrom('rendered_assets')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  private listOptions(filters: RenderedAssetFilters): ItemConditionOptions {
    return {
      db: this.db,
      kind: 'renderedAsset',
      table: 'rendered_assets',
      shareTable: 'rendered_asset_shares',
      equals: { category: filters.category, type: filters.type, brand: filters.brand },
      search: filters.search,
    };
  }

  private filtered(user: User, filters: RenderedAssetFilters) {
    const conditions = itemConditions(user, this.listOptions(filters));
    return () => this.db.selectFrom('rendered_assets').where((eb) => eb.and(conditions));
  }

  page(user: User, filters: RenderedAssetFilters, page: ListQuery<ListSortColumn<'renderedAssets'>>) {
    return paginate(
      this.filtered(user, filters),
      page,
      (select) =>
        orderList(select.selectAll(), 'rendered_assets', SORT_COLUMNS, page, (own) =>
          own.orderBy('created_at', 'desc').orderBy('id'),
        ),
      summaryTotal(user, this.listOptions(filters)),
    );
  }

  async distinctValues(user: User, column: 'category' | 'type' | 'brand'): Promise<string[]> {
    const rows = await this.filtered(user, {})()
      .select(column)
      .distinct()
      .where(column, '<>', '')
      .orderBy(column)
      .execute();
    return rows.map((row) => row[column]);
  }

  items(assetIds: readonly string[]): Promise<RenderedAssetItemRow[]> {
    if (assetIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('rendered_asset_items')
      .selectAll()
      .where('asset_id', 'in', [...assetIds])
      .orderBy('asset_id')
      .orderBy('position')
      .execute();
  }

  async findByItemKey(key: string): Promise<RenderedAssetRow | undefined> {
    return this.db
      .selectFrom('rendered_asset_items as i')
      .innerJoin('rendered_assets as a', 'a.id', 'i.asset_id')
      .selectAll('a')
      .where('i.blob_key', '=', key)
      .where('a.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async insert(asset: RenderedAssetRow, items: RenderedAssetItemRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('rendered_assets').values(asset).execute();
      if (items.length > 0) await trx.insertInto('rendered_asset_items').values(items).execute();
    });
  }

  async update(id: string, changes: Partial<RenderedAssetRow>): Promise<void> {
    await this.db.updateTable('rendered_assets').set(changes).where('id', '=', id).execute();
  }

  async softDelete(id: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .updateTable('rendered_assets')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}
