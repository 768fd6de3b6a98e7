import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Exact list totals without counting every row (issue 15, bench/list-bench.mjs).
 *
 * Each list of shareable items gets a count summary: how many live rows there are per owner and per value of
 * every equality filter its list API offers, the "everyone" flag among them. Triggers keep it in step with every
 * insert, update (a soft delete or restore, a new owner, a changed filter value, a user's deletion setting
 * owner_id to null) and delete, on SQLite and PostgreSQL alike, in the writing transaction: the database keeps it
 * exact, not the server (row-level triggers on SQLite, statement-level ones on PostgreSQL: postgresTrigger says
 * why). A list's total without a search term then reads a few summary rows instead of every
 * matching row (db/list-counts.ts). What is shared with a user is not summarised: shares and group memberships
 * change who sees what, and are counted through the share indexes on every request (until 0012-shared-counts).
 *
 * owner_key is owner_id with '' for rows without an owner, so that it can be part of the primary key.
 */
// The lists and their filter columns as of this migration (db/list-counts.ts COUNTED_LISTS follows them).
const COUNTED = [
  { table: 'presets', summary: 'preset_counts', columns: { type: 'text', category: 'text', is_default: 'integer' } },
  {
    table: 'asset_models',
    summary: 'asset_model_counts',
    columns: {
      category: 'text',
      type: 'text',
      brand: 'text',
      region: 'text',
      is_latest: 'integer',
      is_public: 'integer',
    },
  },
  { table: 'configs', summary: 'config_counts', columns: {} },
  {
    table: 'rendered_assets',
    summary: 'rendered_asset_counts',
    columns: { category: 'text', type: 'text', brand: 'text' },
  },
] as const;

type Counted = (typeof COUNTED)[number];

// Migrations take Kysely<unknown>: they must not depend on the current table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // PostgreSQL trigger functions name their tables with the schema they were made in: a function runs with the
  // caller's search_path, which need not be the server's.
  const schema = postgres ? await currentSchema(db) : undefined;
  for (const list of COUNTED) {
    const columns = Object.keys(list.columns);
    // Typed by name rather than by the columns the builder has seen: they come from the loop below.
    let table: CreateTableBuilder<string, string> = db.schema
      .createTable(list.summary)
      .addColumn('owner_key', 'text', (col) => col.notNull());
    for (const [column, type] of Object.entries(list.columns))
      table = table.addColumn(column, type, (col) => col.notNull());
    await table
      .addColumn('n', postgres ? 'bigint' : 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint(`${list.summary}_pk`, ['owner_key', ...columns])
      .execute();
    const keys = ['owner_key', ...columns].join(', ');
    const values = [`coalesce(owner_id, '')`, ...columns].join(', ');
    await sql
      .raw(
        `insert into ${list.summary} (${keys}, n) select ${values}, count(*) from ${list.table} where deleted_at is null group by ${values}`,
      )
      .execute(db);
    if (schema === undefined) await sqliteTriggers(db, list);
    else await postgresTrigger(db, list, schema);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const list of COUNTED) {
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger ${list.summary}_${event}${postgres ? ` on ${list.table}` : ''}`).execute(db);
    if (postgres) await sql.raw(`drop function ${list.summary}_track()`).execute(db);
    await db.schema.dropTable(list.summary).execute();
  }
}

/** The summary key of the `row` ('old' or 'new') of a trigger, and the columns it goes to. */
function cell(list: Counted, row: 'old' | 'new') {
  const columns = Object.keys(list.columns);
  const values = [`coalesce(${row}.owner_id, '')`, ...columns.map((column) => `${row}.${column}`)];
  const keys = ['owner_key', ...columns];
  return {
    keys: keys.join(', '),
    values: values.join(', '),
    matches: keys.map((key, index) => `${key} = ${values[index]}`).join(' and '),
  };
}

/** The columns whose change moves a row from one summary cell to another, or in or out of the live rows. */
function trackedColumns(list: Counted): string[] {
  return ['owner_id', ...Object.keys(list.columns), 'deleted_at'];
}

/** SQLite: an update that leaves a row in its cell (a rename, new settings) touches no summary row. */
function movesCell(list: Counted): string {
  const changed = ['owner_id', ...Object.keys(list.columns)].map(
    // SQLite's IS NOT compares nulls as PostgreSQL's IS DISTINCT FROM does.
    (column) => `old.${column} is not new.${column}`,
  );
  return [...changed, '(old.deleted_at is null) <> (new.deleted_at is null)'].join(' or ');
}

async function sqliteTriggers(db: Kysely<unknown>, list: Counted): Promise<void> {
  const added = (row: 'new') => {
    const { keys, values } = cell(list, row);
    // The WHERE is SQLite's way of telling an upsert's SELECT from its ON CONFLICT clause.
    return `insert into ${list.summary} (${keys}, n) select ${values}, 1 where new.deleted_at is null
      on conflict (${keys}) do update set n = n + 1`;
  };
  const removed = `update ${list.summary} set n = n - 1 where old.deleted_at is null and ${cell(list, 'old').matches}`;
  await sql
    .raw(`create trigger ${list.summary}_insert after insert on ${list.table} begin ${added('new')}; end`)
    .execute(db);
  const moves = movesCell(list);
  await sql
    .raw(
      `create trigger ${list.summary}_update after update of ${trackedColumns(list).join(', ')} on ${list.table}
      when ${moves} begin ${removed}; ${added('new')}; end`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${list.summary}_delete after delete on ${list.table} begin ${removed}; end`)
    .execute(db);
}

/**
 * PostgreSQL: statement-level triggers that read the statement's rows from transition tables and add each cell's
 * change at once. Row-level ones updated a cell once per row, and PostgreSQL keeps every version of a row that
 * one transaction updated: seeding 100,000 rows in one transaction, each update had to walk past all the earlier
 * versions of its cell, and the seed never finished. Per statement, a cell changes once, in key order (so two
 * statements take their cells' locks in the same order), and not at all when the changes cancel out (a rename).
 */
async function postgresTrigger(db: Kysely<unknown>, list: Counted, schema: string): Promise<void> {
  const summary = `${quote(schema)}.${quote(list.summary)}`;
  const keys = ['owner_key', ...Object.keys(list.columns)].join(', ');
  const values = [`coalesce(owner_id, '') as owner_key`, ...Object.keys(list.columns)].join(', ');
  const live = (rows: string, change: number) =>
    `select ${values}, ${change} as change from ${rows} where deleted_at is null`;
  const addChanges = (changes: string) => `insert into ${summary} as c (${keys}, n)
    select ${keys}, sum(change) from (${changes}) changes group by ${keys} having sum(change) <> 0 order by ${keys}
    on conflict (${keys}) do update set n = c.n + excluded.n`;
  const track = `${quote(schema)}.${quote(`${list.summary}_track`)}`;
  // A branch names only the transition tables its trigger has: a query is planned when it is first run.
  await sql
    .raw(
      `create function ${track}() returns trigger language plpgsql as $body$
      begin
        if tg_op = 'INSERT' then
          ${addChanges(live('new_rows', 1))};
        elsif tg_op = 'DELETE' then
          ${addChanges(live('old_rows', -1))};
        else
          ${addChanges(`${live('new_rows', 1)} union all ${live('old_rows', -1)}`)};
        end if;
        return null;
      end
      $body$`,
    )
    .execute(db);
  // One trigger per event: PostgreSQL gives transition tables only to triggers of a single event.
  const table = quote(list.table);
  for (const [event, tables] of [
    ['insert', 'new table as new_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ] as const) {
    await sql
      .raw(
        `create trigger ${list.summary}_${event} after ${event} on ${table} referencing ${tables}
        for each statement execute function ${track}()`,
      )
      .execute(db);
  }
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}
