import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SystemColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures align right, so that their digits line up. */
  numeric?: boolean;
}

/** A dense table of what runs now, named for screen readers and tests ("Engines", "Render queue"). */
export function SystemTable<T>({
  label,
  rows,
  columns,
  rowKey,
  empty,
}: {
  label: string;
  rows: readonly T[];
  columns: readonly SystemColumn<T>[];
  rowKey: (row: T) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="py-3 text-center text-[13px] text-muted-foreground">{empty}</p>;
  return (
    <div className="-mx-3 -my-3 overflow-x-auto">
      <table aria-label={label} className="w-full text-left text-[13px]">
        <thead className="text-xs text-muted-foreground">
          <tr className="border-b border-border">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn('h-8 px-3 font-medium whitespace-nowrap', column.numeric && 'text-right')}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-border/60 last:border-0 hover:bg-surface-raised">
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={cn('h-9 px-3 whitespace-nowrap', column.numeric && 'text-right tabular-nums')}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
