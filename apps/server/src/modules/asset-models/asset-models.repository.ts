import type { ListQuery, ListSortColumn, User } from '@autostudio/protocol';
import type { Queries } from '../storage-quota/storage-quota.repository.js';
import type { Db } from '../../db/database.js';
import { paginate } from '../../db/paginate.js';
import type { AssetModelRow } from '../../db/schema.js';
import { orderList } from '../../db/sort.js';
import { itemConditions, summaryTotal, type ItemConditionOptions } from '../access/item-conditions.js';

const SORT_COLUMNS = {
  name: 'name',
  category: 'category',
  brand: 'brand',
  version: 'version',
  updatedAt: 'updated_at',
} as const;

export interface AssetModelFilters {
  search?: string | undefined;
  category?: string | undefined;
  type?: string | undefined;
  brand?: string | undefined;
  region?: string | undefined;
  latestVersion?: boolean | undefined;
}

export class AssetModelsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<AssetModelRow | undefined> {
    return this.db
      .selectFrom('asset_models')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Any live version of a model, for checks that concern the model as a whole. */
  findLiveVersion(modelId: string): Promise<AssetModelRow | undefined> {
    return this.db
      .selectFrom('asset_models')
      .selectAll()
      .where('model_id', '=', modelId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  private listOptions(filters: AssetModelFilters): ItemConditionOptions {
    return {
      db: this.db,
      kind: 'assetModel',
      table: 'asset_models',
      shareTable: 'asset_model_shares',
      // A share covers every version of the model.
      keyColumn: 'model_id',
      everyoneColumn: 'is_public',
      equals: {
        category: filters.category,
        type: filters.type,
        brand: filters.brand,
        region: filters.region,
        is_latest: filters.latestVersion ? 1 : undefined,
      },
      search: filters.search,
    };
  }

  private filtered(user: User, filters: AssetModelFilters) {
    const conditions = itemConditions(user, this.listOptions(filters));
    return () => this.db.selectFrom('asset_models').where((eb) => eb.and(conditions));
  }

  page(user: User, filters: AssetModelFilters, page: ListQuery<ListSortColumn<'assetModels'>>) {
    return paginate(
      this.filtered(user, filters),
      page,
      (select) =>
        orderList(select.selectAll(), 'asset_models', SORT_COLUMNS, page, (own) =>
          own.orderBy('name').orderBy('version', 'desc').orderBy('id'),
        ),
      summaryTotal(user, this.listOptions(filters)),
    );
  }

  async distinctValues(user: User, column: 'category' | 'type' | 'brand' | 'region'): Promise<string[]> {
    const rows = await this.filtered(user, {})()
      .select(column)
      .distinct()
      .where(column, '<>', '')
      .orderBy(column)
      .execute();
    return rows.map((row) => row[column]);
  }

  async latestVersion(modelId: string): Promise<number> {
    const row = await this.db
      .selectFrom('asset_models')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('model_id', '=', modelId)
      .executeTakeFirst();
    return row?.version ?? 0;
  }

  /**
   * Adds a model or a new version of one; the new row becomes the latest. `check` runs first in the same transaction
   * (the owner's storage quota) and writes nothing when it throws.
   */
  async insert(row: AssetModelRow, check?: (trx: Queries) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await check?.(trx);
      await trx.updateTable('asset_models').set({ is_latest: 0 }).where('model_id', '=', row.model_id).execute();
      await trx
        .insertInto('asset_models')
        .values({ ...row, is_latest: 1 })
        .execute();
    });
  }

  async update(id: string, changes: Partial<AssetModelRow>): Promise<void> {
    await this.db.updateTable('asset_models').set(changes).where('id', '=', id).execute();
  }

  /** Deleting a model deletes every version of it. */
  /** The row ids of every version of a model, deleted ones too. */
  async versionIds(modelId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('asset_models').select('id').where('model_id', '=', modelId).execute();
    return rows.map((row) => row.id);
  }

  async softDeleteModel(modelId: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .updateTable('asset_models')
      .set({ deleted_at: now, updated_at: now })
      .where('model_id', '=', modelId)
      .where('deleted_at', 'is', null)
      .execute();
  }
}

/** Every version of a model, deleted ones too: seeding must not bring back a model an administrator deleted. */
export async function anyVersionExists(db: Db, modelId: string): Promise<boolean> {
  const row = await db.selectFrom('asset_models').select('id').where('model_id', '=', modelId).executeTakeFirst();
  return row !== undefined;
}
