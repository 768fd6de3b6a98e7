import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';
import {
  MEMBER_COLUMNS,
  SHARED,
  SHARE_COLUMNS,
  addPathRows,
  addPaths,
  addPathsOf,
  addRows,
  columnsOf,
  countsOf,
  itemColumns,
  memberPaths,
  movesCell,
  pathsOf,
  removePathsOf,
  rowOf,
  sharePaths,
  subtractPathRows,
  subtractRows,
  type Names,
  type Shared,
} from './0012-shared-counts-statements.js';

/**
 * The part of a user's list total that 0010-list-counts still counted row by row: the items shared with them
 * (directly or through a group) that are neither their own nor everyone's. With 10,000 presets shared with a user
 * that walk took 72 ms on SQLite and 167 ms on PostgreSQL per request in issue 15 (32 ms and 37 ms on a quieter
 * run of bench/list-explain.mjs); reading this migration's summary takes 0.01 ms and 0.03 ms there.
 *
 * Two tables per list, kept by triggers in the writing transaction:
 * - `<item>_share_paths`: each key an item is shared by, per user who sees it through shares, with the number of
 *   paths that lead there (a direct share, and one per group share of a group the user belongs to). It follows the
 *   share tables and group_members.
 * - `<item>_shared_counts`: per user and per value of every filter column, how many live rows have a key in the
 *   user's paths and are not the user's own. It follows the paths (a key that gains its first path or loses its
 *   last) and the item rows (a row that is created, deleted, soft deleted, restored, changes owner or filter value).
 * A user's total is then their own and everyone's cells of 0010's summary plus their cells here whose "everyone"
 * column is 0 (modules/access/item-conditions.ts summaryTotal).
 *
 * Each trigger adds its own table's change measured against the current state of the other tables, which is exact
 * only while no other table has a change whose trigger is still pending. SQLite fires row triggers at once. On
 * PostgreSQL a foreign key action (deleting a user sets owner_id to null on their items and deletes their shares
 * and group memberships; deleting a group deletes its shares and memberships) runs its statements first and their
 * after-triggers later, so two such pending changes would each miss the other. Every change that a foreign key
 * action makes (updates and deletes of items, shares and memberships) is therefore tracked by BEFORE ROW triggers,
 * which run at once with their row (after-row ones left a deleted user who had shared their own preset with their
 * own group at a total of -1); inserts, which no action makes and which may come by the thousand or skip
 * conflicting rows (`on conflict do nothing`), by AFTER STATEMENT triggers, as in 0010.
 */
// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const schema = postgres ? await currentSchema(db) : undefined;
  const name: Names = (table) => (schema === undefined ? table : `${quote(schema)}.${quote(table)}`);
  for (const list of SHARED) {
    const columns = columnsOf(list);
    await db.schema
      .createTable(pathsOf(list))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('entity_id', 'text', (col) => col.notNull())
      .addColumn('n', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${pathsOf(list)}_pk`, ['user_id', 'entity_id'])
      .execute();
    // Item triggers look up who sees a key.
    await db.schema
      .createIndex(`${pathsOf(list)}_entity_idx`)
      .on(pathsOf(list))
      .column('entity_id')
      .execute();
    // Typed by name rather than by the columns the builder has seen: they come from the loop below.
    let counts: CreateTableBuilder<string, string> = db.schema
      .createTable(countsOf(list))
      .addColumn('user_id', 'text', (col) => col.notNull());
    for (const [column, type] of Object.entries(list.columns))
      counts = counts.addColumn(column, type, (col) => col.notNull());
    await counts
      .addColumn('n', postgres ? 'bigint' : 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${countsOf(list)}_pk`, ['user_id', ...columns])
      .execute();

    // The backfill: the same statements the triggers run, over every share and every path.
    await sql.raw(addPaths(list, name, `select * from ${list.shares}`)).execute(db);
    await sql.raw(addRows(list, name, `select * from ${list.table}`)).execute(db);
    if (schema === undefined) await sqliteTriggers(db, list);
    else await postgresTriggers(db, list, name, schema);
  }
  if (schema === undefined) await sqliteMembershipTriggers(db);
  else await postgresMembershipTriggers(db, name, schema);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const drop = async (trigger: string, table: string) =>
    sql.raw(`drop trigger ${trigger}${postgres ? ` on ${table}` : ''}`).execute(db);
  for (const event of ['insert', 'update', 'delete']) await drop(`group_members_paths_track_${event}`, 'group_members');
  if (postgres) await sql.raw(`drop function group_members_paths_track()`).execute(db);
  for (const list of SHARED) {
    for (const [table, track] of [
      [list.table, `${countsOf(list)}_rows_track`],
      [list.shares, `${pathsOf(list)}_track`],
      [pathsOf(list), `${countsOf(list)}_paths_track`],
    ] as const) {
      const events = table === pathsOf(list) ? ['insert', 'delete'] : ['insert', 'update', 'delete'];
      for (const event of events) await drop(`${track}_${event}`, table);
      if (postgres) await sql.raw(`drop function ${track}()`).execute(db);
    }
    await db.schema.dropTable(countsOf(list)).execute();
    await db.schema.dropTable(pathsOf(list)).execute();
  }
}

async function sqliteTriggers(db: Kysely<unknown>, list: Shared): Promise<void> {
  const name: Names = (table) => table;
  const run = (statement: string) => sql.raw(statement).execute(db);
  const paths = pathsOf(list);
  const track = `${countsOf(list)}_paths_track`;
  const path = (row: 'old' | 'new') => rowOf(['user_id', 'entity_id'], row);
  // The upsert that adds a path to a key fires the insert trigger only for the key's first path. Only n is ever
  // updated: the triggers that write the paths never move one to another user or key.
  await run(`create trigger ${track}_insert after insert on ${paths} begin
    ${addPathRows(list, name, path('new'))}; end`);
  await run(`create trigger ${track}_delete after delete on ${paths} begin
    ${subtractPathRows(list, name, path('old'))}; end`);

  const rowsTrack = `${countsOf(list)}_rows_track`;
  const item = (row: 'old' | 'new') => rowOf(itemColumns(list), row);
  await run(`create trigger ${rowsTrack}_insert after insert on ${list.table} begin
    ${addRows(list, name, item('new'))}; end`);
  await run(`create trigger ${rowsTrack}_update after update of ${itemColumns(list).join(', ')} on ${list.table}
    when ${movesCell(list, 'is not')} begin
    ${subtractRows(list, name, item('old'))}; ${addRows(list, name, item('new'))}; end`);
  await run(`create trigger ${rowsTrack}_delete after delete on ${list.table} begin
    ${subtractRows(list, name, item('old'))}; end`);

  const sharesTrack = `${pathsOf(list)}_track`;
  const share = (row: 'old' | 'new') => rowOf(SHARE_COLUMNS, row);
  const removed = removePathsOf(list, name, sharePaths(list, name, share('old')));
  await run(`create trigger ${sharesTrack}_insert after insert on ${list.shares} begin
    ${addPaths(list, name, share('new'))}; end`);
  await run(`create trigger ${sharesTrack}_update after update of ${SHARE_COLUMNS.join(', ')} on ${list.shares}
    begin ${removed.join('; ')}; ${addPaths(list, name, share('new'))}; end`);
  await run(`create trigger ${sharesTrack}_delete after delete on ${list.shares} begin ${removed.join('; ')}; end`);
}

async function sqliteMembershipTriggers(db: Kysely<unknown>): Promise<void> {
  const name: Names = (table) => table;
  const member = (row: 'old' | 'new') => rowOf(MEMBER_COLUMNS, row);
  const added = SHARED.map((list) => addPathsOf(list, name, memberPaths(list, name, member('new'))));
  const removed = SHARED.flatMap((list) => removePathsOf(list, name, memberPaths(list, name, member('old'))));
  const track = 'group_members_paths_track';
  await sql
    .raw(`create trigger ${track}_insert after insert on group_members begin ${added.join('; ')}; end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${track}_update after update of ${MEMBER_COLUMNS.join(', ')} on group_members
      begin ${[...removed, ...added].join('; ')}; end`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${track}_delete after delete on group_members begin ${removed.join('; ')}; end`)
    .execute(db);
}

/**
 * A PostgreSQL function for the triggers of one table: inserts from the statement's new rows (after it), updates
 * and deletes from the row at hand (before it, see the top of this file).
 */
async function postgresFunction(
  db: Kysely<unknown>,
  track: string,
  schema: string,
  body: {
    inserted: string[];
    removed: string[];
    added: string[];
    /** When the row's removal or addition can change anything at all; by default always. */
    matters?: (row: 'old' | 'new') => string;
  },
): Promise<void> {
  const statements = (list: string[], row: 'old' | 'new') => {
    const text = list.map((statement) => `${statement};`).join('\n');
    return body.matters ? `if ${body.matters(row)} then ${text} end if;` : text;
  };
  await sql
    .raw(
      `create function ${quote(schema)}.${quote(track)}() returns trigger language plpgsql as $body$
      begin
        if tg_op = 'INSERT' then
          ${body.inserted.map((statement) => `${statement};`).join('\n')}
          return null;
        end if;
        ${statements(body.removed, 'old')}
        if tg_op = 'DELETE' then
          return old;
        end if;
        ${statements(body.added, 'new')}
        return new;
      end
      $body$`,
    )
    .execute(db);
}

async function postgresTriggersOn(
  db: Kysely<unknown>,
  table: string,
  track: string,
  schema: string,
  update: { columns: string[]; when?: string },
): Promise<void> {
  const execute = `execute function ${quote(schema)}.${quote(track)}()`;
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create trigger ${track}_insert after insert on ${quote(table)} referencing new table as new_rows
    for each statement ${execute}`);
  await run(`create trigger ${track}_update before update of ${update.columns.join(', ')} on ${quote(table)}
    for each row ${update.when ? `when (${update.when}) ` : ''}${execute}`);
  await run(`create trigger ${track}_delete before delete on ${quote(table)} for each row ${execute}`);
}

async function postgresTriggers(db: Kysely<unknown>, list: Shared, name: Names, schema: string): Promise<void> {
  // The paths change only inside the share and membership triggers, one statement at a time, so their own
  // triggers can be statement-level after ones: nothing else is pending when they run.
  const track = `${countsOf(list)}_paths_track`;
  await sql
    .raw(
      `create function ${quote(schema)}.${quote(track)}() returns trigger language plpgsql as $body$
      begin
        if tg_op = 'INSERT' then
          ${addPathRows(list, name, 'select user_id, entity_id from new_rows')};
        else
          ${subtractPathRows(list, name, 'select user_id, entity_id from old_rows')};
        end if;
        return null;
      end
      $body$`,
    )
    .execute(db);
  // An upsert that only raises a key's path count is an update, and leaves the insert trigger's new rows empty. As
  // on SQLite, only n is ever updated.
  for (const [event, tables] of [
    ['insert', 'new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ] as const) {
    await sql
      .raw(
        `create trigger ${track}_${event} after ${event} on ${quote(pathsOf(list))}
        referencing ${tables} for each statement execute function ${quote(schema)}.${quote(track)}()`,
      )
      .execute(db);
  }

  const rowsTrack = `${countsOf(list)}_rows_track`;
  const item = (row: 'old' | 'new') => rowOf(itemColumns(list), row);
  await postgresFunction(db, rowsTrack, schema, {
    inserted: [addRows(list, name, 'select * from new_rows')],
    removed: [subtractRows(list, name, item('old'))],
    added: [addRows(list, name, item('new'))],
    // Most rows are shared with no one: one index probe instead of two statements that find nothing. A soft delete
    // of 50,000 presets, 10,000 of them shared with one user, took 2.8 s without it and 2.2 s with it (0.6 s before
    // this migration): the rest is the 10,000 row-by-row updates of that user's cells.
    matters: (row) => `exists (select from ${name(pathsOf(list))} where entity_id = ${row}.${list.key})`,
  });
  await postgresTriggersOn(db, list.table, rowsTrack, schema, {
    columns: itemColumns(list),
    when: movesCell(list, 'is distinct from'),
  });

  const sharesTrack = `${pathsOf(list)}_track`;
  const share = (row: 'old' | 'new') => rowOf(SHARE_COLUMNS, row);
  await postgresFunction(db, sharesTrack, schema, {
    inserted: [addPaths(list, name, 'select * from new_rows')],
    removed: removePathsOf(list, name, sharePaths(list, name, share('old'))),
    added: [addPaths(list, name, share('new'))],
  });
  await postgresTriggersOn(db, list.shares, sharesTrack, schema, { columns: SHARE_COLUMNS });
}

async function postgresMembershipTriggers(db: Kysely<unknown>, name: Names, schema: string): Promise<void> {
  const member = (row: 'old' | 'new') => rowOf(MEMBER_COLUMNS, row);
  const track = 'group_members_paths_track';
  await postgresFunction(db, track, schema, {
    inserted: SHARED.map((list) => addPathsOf(list, name, memberPaths(list, name, 'select * from new_rows'))),
    removed: SHARED.flatMap((list) => removePathsOf(list, name, memberPaths(list, name, member('old')))),
    added: SHARED.map((list) => addPathsOf(list, name, memberPaths(list, name, member('new')))),
  });
  await postgresTriggersOn(db, 'group_members', track, schema, { columns: MEMBER_COLUMNS });
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}
