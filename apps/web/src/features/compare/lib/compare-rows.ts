import { configOptions, type Config } from '@autostudio/protocol';

/** One option across the configurations compared: its value in each (null where one does not hold it). */
export interface CompareRow {
  key: string;
  label: string;
  values: (string | null)[];
  /** The values are not all the same: the row a customer looks for. */
  differs: boolean;
}

/** The most configurations side by side: more no longer fit a screen at a size that shows the car. */
export const MAX_COMPARED = 4;

/**
 * The options of the configurations lined up row by row, in the order the first one that holds each option reads
 * them; a row differs when any value is not the first's (a missing value differs from a present one).
 */
export function compareRows(configs: readonly Config[]): CompareRow[] {
  const columns = configs.map(
    (config) => new Map(configOptions(config.settings).map((option) => [option.key, option])),
  );
  const labels = new Map<string, string>();
  for (const column of columns) for (const [key, option] of column) if (!labels.has(key)) labels.set(key, option.label);
  return [...labels].map(([key, label]) => {
    const values = columns.map((column) => column.get(key)?.value ?? null);
    return { key, label, values, differs: values.some((value) => value !== values[0]) };
  });
}

/** The ids in the address (`?ids=a,b`), without blanks or repeats, at most MAX_COMPARED. */
export function comparedIds(search: URLSearchParams): string[] {
  const ids = (search.get('ids') ?? '').split(',').filter(Boolean);
  return [...new Set(ids)].slice(0, MAX_COMPARED);
}
