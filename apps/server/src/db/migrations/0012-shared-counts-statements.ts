// The statements of 0012-shared-counts, apart from its triggers: which lists it counts, and the SQL that moves their
// summaries. Frozen with the migration: later lists and columns get migrations of their own.

// The lists, their keys and filter columns as of this migration (db/list-counts.ts COUNTED_LISTS follows them).
export const SHARED = [
  {
    item: 'preset',
    table: 'presets',
    key: 'id',
    shares: 'preset_shares',
    columns: { type: 'text', category: 'text', is_default: 'integer' },
  },
  {
    item: 'asset_model',
    table: 'asset_models',
    // Shares point at the model, so every version of a shared model is visible.
    key: 'model_id',
    shares: 'asset_model_shares',
    columns: {
      category: 'text',
      type: 'text',
      brand: 'text',
      region: 'text',
      is_latest: 'integer',
      is_public: 'integer',
    },
  },
  { item: 'config', table: 'configs', key: 'id', shares: 'config_shares', columns: {} },
  {
    item: 'rendered_asset',
    table: 'rendered_assets',
    key: 'id',
    shares: 'rendered_asset_shares',
    columns: { category: 'text', type: 'text', brand: 'text' },
  },
] as const;

export type Shared = (typeof SHARED)[number];

/** Table names as trigger bodies write them: PostgreSQL functions name the schema they were made in (0010). */
export type Names = (name: string) => string;

export const pathsOf = (list: Shared) => `${list.item}_share_paths`;
export const countsOf = (list: Shared) => `${list.item}_shared_counts`;
export const columnsOf = (list: Shared): string[] => Object.keys(list.columns);

// Each statement below takes its rows as a query (a transition table, a trigger's row, or a whole table) and
// changes a summary by them; the same text serves both databases.

/** The user and key of every path that the share rows `shares` open. */
export function sharePaths(list: Shared, name: Names, shares: string): string {
  return `select s.user_id, s.entity_id from (${shares}) s where s.user_id is not null
    union all
    select gm.user_id, s.entity_id from (${shares}) s join ${name('group_members')} gm on gm.group_id = s.group_id`;
}

/** The user and key of every path that the memberships `members` open through the list's group shares. */
export function memberPaths(list: Shared, name: Names, members: string): string {
  return `select m.user_id, s.entity_id from (${members}) m join ${name(list.shares)} s on s.group_id = m.group_id`;
}

/** Adds the paths `paths` (user_id, entity_id, with repeats) to the list's path counts. */
export function addPathsOf(list: Shared, name: Names, paths: string): string {
  // `where true`: SQLite's way of telling an upsert's SELECT from its ON CONFLICT clause. In key order, so that
  // two transactions take their rows' locks in the same order.
  return `insert into ${name(pathsOf(list))} as p (user_id, entity_id, n)
    select user_id, entity_id, count(*) from (${paths}) paths where true
    group by user_id, entity_id order by user_id, entity_id
    on conflict (user_id, entity_id) do update set n = p.n + excluded.n`;
}

/** Takes the paths `paths` away; a key left without a path is deleted, which its trigger subtracts from counts. */
export function removePathsOf(list: Shared, name: Names, paths: string): string[] {
  const table = name(pathsOf(list));
  const bare = pathsOf(list);
  return [
    `update ${table} set n = ${bare}.n - x.n
      from (select user_id, entity_id, count(*) as n from (${paths}) paths group by user_id, entity_id) x
      where ${bare}.user_id = x.user_id and ${bare}.entity_id = x.entity_id`,
    `delete from ${table} where n <= 0 and (user_id, entity_id) in (select user_id, entity_id from (${paths}) paths)`,
  ];
}

export const addPaths = (list: Shared, name: Names, shares: string) =>
  addPathsOf(list, name, sharePaths(list, name, shares));

/**
 * The rows each user counts, by cell, for the item rows `rows` and the paths `paths`: live rows with a key the user
 * has a path to that are not the user's own.
 */
function countedRows(list: Shared, rows: string, paths: string): string {
  const cells = columnsOf(list).map((column) => `r.${column}`);
  return `select p.user_id${cells.map((cell) => `, ${cell}`).join('')}, count(*) as n
    from (${rows}) r join (${paths}) p on p.entity_id = r.${list.key}
    where r.deleted_at is null and coalesce(r.owner_id, '') <> p.user_id
    group by ${['p.user_id', ...cells].join(', ')}`;
}

function addCounts(list: Shared, name: Names, counted: string): string {
  const keys = ['user_id', ...columnsOf(list)].join(', ');
  return `insert into ${name(countsOf(list))} as c (${keys}, n)
    select ${keys}, n from (${counted}) counted where true order by ${keys}
    on conflict (${keys}) do update set n = c.n + excluded.n`;
}

function subtractCounts(list: Shared, name: Names, counted: string): string {
  const bare = countsOf(list);
  const matches = ['user_id', ...columnsOf(list)].map((key) => `${bare}.${key} = x.${key}`).join(' and ');
  return `update ${name(bare)} set n = ${bare}.n - x.n from (${counted}) x where ${matches}`;
}

/** Counts the item rows `rows` for every user with a path to their key. */
export const addRows = (list: Shared, name: Names, rows: string) =>
  addCounts(list, name, countedRows(list, rows, `select user_id, entity_id from ${name(pathsOf(list))}`));
export const subtractRows = (list: Shared, name: Names, rows: string) =>
  subtractCounts(list, name, countedRows(list, rows, `select user_id, entity_id from ${name(pathsOf(list))}`));

/** The same for new or lost paths `paths`, over the item rows of their keys. */
export const addPathRows = (list: Shared, name: Names, paths: string) =>
  addCounts(list, name, countedRows(list, `select * from ${name(list.table)}`, paths));
export const subtractPathRows = (list: Shared, name: Names, paths: string) =>
  subtractCounts(list, name, countedRows(list, `select * from ${name(list.table)}`, paths));

/** A trigger's row as a one-row query, for the statements above. */
export function rowOf(columns: readonly string[], row: 'old' | 'new'): string {
  return `select ${columns.map((column) => `${row}.${column} as ${column}`).join(', ')}`;
}

export const itemColumns = (list: Shared) => [...new Set([list.key, 'owner_id', 'deleted_at', ...columnsOf(list)])];
export const SHARE_COLUMNS = ['entity_id', 'user_id', 'group_id'];
export const MEMBER_COLUMNS = ['group_id', 'user_id'];

/** The item columns whose change moves a row between users' cells, or in or out of them. */
export function movesCell(list: Shared, distinct: string): string {
  return itemColumns(list)
    .filter((column) => column !== 'deleted_at')
    .map((column) => `old.${column} ${distinct} new.${column}`)
    .concat('(old.deleted_at is null) <> (new.deleted_at is null)')
    .join(' or ');
}
