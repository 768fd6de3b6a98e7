import { sql } from 'kysely';
import type { ListQuery, ListSortColumn, PresetType, User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import { paginate } from '../../db/paginate.js';
import type { PresetRow } from '../../db/schema.js';
import { orderList } from '../../db/sort.js';
import { itemConditions, summaryTotal, type ItemConditionOptions } from '../access/item-conditions.js';

const SORT_COLUMNS = { name: 'name', category: 'category', type: 'type', updatedAt: 'updated_at' } as const;

export interface PresetFilters {
  type?: PresetType | undefined;
  category?: string | undefined;
  isDefault?: boolean | undefined;
  search?: string | undefined;
}

export class PresetsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<PresetRow | undefined> {
    return this.db
      .selectFrom('presets')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Live presets that match the filters. Default presets are everyone's. */
  private listOptions(filters: PresetFilters): ItemConditionOptions {
    return {
      db: this.db,
      kind: 'preset',
      table: 'presets',
      shareTable: 'preset_shares',
      everyoneColumn: 'is_default',
      equals: {
        type: filters.type,
        category: filters.category,
        is_default: filters.isDefault === undefined ? undefined : filters.isDefault ? 1 : 0,
      },
      search: filters.search,
    };
  }

  /** Live presets the user may see that match the filters. */
  private filtered(user: User, filters: PresetFilters) {
    const conditions = itemConditions(user, this.listOptions(filters));
    return () => this.db.selectFrom('presets').where((eb) => eb.and(conditions));
  }

  page(user: User, filters: PresetFilters, page: ListQuery<ListSortColumn<'presets'>>) {
    return paginate(
      this.filtered(user, filters),
      page,
      (select) =>
        orderList(select.selectAll(), 'presets', SORT_COLUMNS, page, (own) => own.orderBy('name').orderBy('id')),
      summaryTotal(user, this.listOptions(filters)),
    );
  }

  all(user: User, filters: PresetFilters): Promise<PresetRow[]> {
    return this.filtered(user, filters)().selectAll().orderBy('name').orderBy('id').limit(1000).execute();
  }

  async categories(user: User, type: PresetType | undefined, hidden: string): Promise<string[]> {
    const rows = await this.filtered(user, { type })()
      .select('category')
      .distinct()
      .where('category', '<>', hidden)
      .orderBy('category')
      .execute();
    return rows.map((row) => row.category);
  }

  async insert(row: PresetRow): Promise<void> {
    await this.db.insertInto('presets').values(row).execute();
  }

  async update(id: string, changes: Partial<PresetRow>): Promise<void> {
    await this.db.updateTable('presets').set(changes).where('id', '=', id).execute();
  }

  async softDelete(id: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db.updateTable('presets').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
  }

  /** Upload id → storage key of every upload in the given upload groups. */
  async uploadsInGroups(
    groupIds: readonly string[],
  ): Promise<{ id: string; group_id: string | null; blob_key: string }[]> {
    if (groupIds.length === 0) return [];
    return this.db
      .selectFrom('uploads')
      .select(['id', 'group_id', 'blob_key'])
      .where('group_id', 'in', [...groupIds])
      .orderBy(sql`created_at`)
      .execute();
  }
}
