import type { User } from '@autostudio/protocol';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { canManage, seesEverything, type ItemKind } from './access-policy.js';
import type { Principal, SharesRepository } from './shares.repository.js';

interface OwnedRow {
  owner_id: string | null;
}

export interface ItemAccessOptions<Row extends OwnedRow> {
  kind: ItemKind;
  /** The live (not deleted) row, or undefined. */
  find: (id: string) => Promise<Row | undefined>;
  shares: SharesRepository;
  /** The id shares point at: the row's own id, or the model id shared by every version of an asset model. */
  shareKey: (row: Row) => string;
  /** Rows everyone may see whatever the shares say (the built-in car); the lists' `everyone` condition in code. */
  everyone?: (row: Row) => boolean;
}

/**
 * The access rules of one kind of shareable item, enforced in the service layer. An item the caller may not
 * see answers 404, so that its existence does not leak; one they may see but not change answers 403.
 */
export class ItemAccess<Row extends OwnedRow> {
  constructor(
    private readonly db: Db,
    private readonly options: ItemAccessOptions<Row>,
  ) {}

  async canSee(user: User, row: Row): Promise<boolean> {
    if (seesEverything(user, this.options.kind) || (row.owner_id !== null && row.owner_id === user.id)) return true;
    if (this.options.everyone?.(row)) return true;
    return this.options.shares.isSharedWith(this.options.shareKey(row), user.id);
  }

  async readable(user: User, id: string, notFoundMessage: string): Promise<Row> {
    const row = await this.options.find(id);
    if (!row || !(await this.canSee(user, row))) throw notFound(notFoundMessage);
    return row;
  }

  async manageable(user: User, id: string, notFoundMessage: string): Promise<Row> {
    const row = await this.readable(user, id, notFoundMessage);
    if (!canManage(user, this.options.kind, row.owner_id)) throw forbidden();
    return row;
  }

  /** Shares with (or, with `remove`, revokes from) users or groups, which must all exist. */
  async share(
    user: User,
    id: string,
    principal: Principal,
    ids: readonly string[],
    remove: boolean,
    notFoundMessage: string,
  ): Promise<Row> {
    const row = await this.manageable(user, id, notFoundMessage);
    const key = this.options.shareKey(row);
    if (remove) {
      await this.options.shares.remove(key, principal, ids);
      return row;
    }
    const table = principal === 'user' ? 'users' : 'groups';
    const found = await this.db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    const known = new Set(found.map((entry) => entry.id));
    const unknown = ids.filter((candidate) => !known.has(candidate));
    if (unknown.length > 0) throw badRequest(`${principal}Ids: no ${principal} with id ${unknown.join(', ')}`);
    await this.options.shares.add(key, principal, ids);
    return row;
  }
}
