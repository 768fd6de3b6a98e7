import type { RenderItemState, RenderJobItem } from '@autostudio/protocol';
import { cn } from '@/lib/cn';

/** How each state looks and reads: the order is the legend's. */
const STATES: Record<RenderItemState, { label: string; cell: string }> = {
  done: { label: 'done', cell: 'bg-emerald-500' },
  cached: { label: 'from the cache', cell: 'bg-emerald-500/45' },
  rendering: { label: 'rendering', cell: 'bg-primary animate-pulse' },
  waiting: { label: 'waiting', cell: 'bg-muted' },
  skipped: { label: 'not offered', cell: 'border border-dashed border-border bg-transparent' },
};

/** Rows and columns in the order the job lists its items (row by row, columns across). */
function gridOf(items: RenderJobItem[]): { rows: string[]; columns: string[]; at: Map<string, RenderJobItem> } {
  const rows = [...new Set(items.map((item) => item.row))];
  const columns = [...new Set(items.map((item) => item.column))];
  return { rows, columns, at: new Map(items.map((item) => [`${item.row}\n${item.column}`, item])) };
}

/**
 * Row names short enough for the tray: the parts every row shares are left out ("Terra Base · Front ¾ · Desert" and
 * "Terra Base · Front ¾ · Studio" read "Desert" and "Studio" when the matrix has one trim and one view).
 */
export function shortRowNames(rows: string[]): Map<string, string> {
  const parts = rows.map((row) => row.split(' · '));
  const shared = (index: number) => parts.every((row) => row[index] === parts[0]?.[index]);
  return new Map(
    rows.map((row, i) => {
      const kept = (parts[i] ?? []).filter((_, index) => rows.length === 1 || !shared(index));
      return [row, kept.length > 0 ? kept.join(' · ') : row];
    }),
  );
}

/** Paint names over the columns only while they have room to be read. */
const MOST_NAMED_COLUMNS = 6;

/**
 * A job of many items as a grid, one cell per item (a matrix's trims down, its paints across), each cell coloured by
 * what became of it, with a count of each state beneath: the user sees which variants are done, which came from the
 * render cache, which one the engine is on and how many wait.
 */
export function ItemProgressGrid({ name, items }: { name: string; items: RenderJobItem[] }) {
  const { rows, columns, at } = gridOf(items);
  const short = shortRowNames(rows);
  const counts = (Object.keys(STATES) as RenderItemState[])
    .map((state) => ({ state, count: items.filter((item) => item.state === state).length }))
    .filter(({ count }) => count > 0);
  return (
    <div className="flex flex-col gap-1">
      <table aria-label={`Items of ${name}`} className="w-full table-fixed border-separate border-spacing-0.5">
        <thead className={columns.length > MOST_NAMED_COLUMNS ? 'sr-only' : undefined}>
          <tr>
            <th className="w-28" />
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                title={column}
                className="truncate px-0.5 text-left text-[10px] font-normal text-muted-foreground"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              <th
                scope="row"
                title={row}
                className="w-28 truncate pr-1 text-left text-[10px] font-normal text-muted-foreground"
              >
                {short.get(row)}
              </th>
              {columns.map((column) => {
                const item = at.get(`${row}\n${column}`);
                const look = item ? STATES[item.state] : undefined;
                return (
                  <td
                    key={column}
                    title={item ? `${row} · ${column}: ${look?.label}` : undefined}
                    data-state={item?.state}
                    className={cn('h-2.5 rounded-[2px]', look?.cell)}
                  >
                    {look && <span className="sr-only">{look.label}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="flex flex-wrap gap-x-2 text-[10px] text-muted-foreground tabular-nums">
        {counts.map(({ state, count }) => (
          <span key={state} className="inline-flex items-center gap-1">
            <span className={cn('inline-block size-2 rounded-[2px]', STATES[state].cell)} aria-hidden />
            {count} {STATES[state].label}
          </span>
        ))}
      </p>
    </div>
  );
}
