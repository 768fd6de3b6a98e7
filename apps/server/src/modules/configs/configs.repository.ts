import type { ListQuery, ListSortColumn, User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import { paginate } from '../../db/paginate.js';
import type { ConfigRow } from '../../db/schema.js';
import { orderList } from '../../db/sort.js';
import { itemConditions, summaryTotal, type ItemConditionOptions } from '../access/item-conditions.js';

const SORT_COLUMNS = { name: 'name', updatedAt: 'updated_at' } as const;

export class ConfigsRepository {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<ConfigRow | undefined> {
    return this.db
      .selectFrom('configs')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Whether the user may see at least one live configuration showing the still of this hash, by the same rules as
   * the list (itemConditions): one query, however many configurations share the still.
   */
  async visibleWithStill(user: User, hash: string): Promise<boolean> {
    const conditions = itemConditions(user, {
      db: this.db,
      kind: 'config',
      table: 'configs',
      shareTable: 'config_shares',
    });
    const row = await this.db
      .selectFrom('configs')
      .select('id')
      .where('still_hash', '=', hash)
      .where((eb) => eb.and(conditions))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  page(user: User, query: ListQuery<ListSortColumn<'configs'>>) {
    const options: ItemConditionOptions = {
      db: this.db,
      kind: 'config',
      table: 'configs',
      shareTable: 'config_shares',
      search: query.search,
    };
    const conditions = itemConditions(user, options);
    return paginate(
      () => this.db.selectFrom('configs').where((eb) => eb.and(conditions)),
      query,
      // Most recently changed first: a configurator's list is a list of recent work.
      (select) =>
        orderList(select.selectAll(), 'configs', SORT_COLUMNS, query, (own) =>
          own.orderBy('updated_at', 'desc').orderBy('id'),
        ),
      summaryTotal(user, options),
    );
  }

  async insert(row: ConfigRow): Promise<void> {
    await this.db.insertInto('configs').values(row).execute();
  }

  async update(id: string, changes: Partial<ConfigRow>): Promise<void> {
    await this.db.updateTable('configs').set(changes).where('id', '=', id).execute();
  }

  async softDelete(id: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db.updateTable('configs').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
  }
}
