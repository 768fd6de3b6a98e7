import {
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnDefTemplate,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionMenu, type MenuAction } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';
import type { ListParams, ListState, SortOrder } from '@/lib/list/list-params';

/** The table features every list uses: sorting, done by the server (the rows come sorted). */
export const listFeatures = tableFeatures({ rowSortingFeature });
export type ListFeatures = typeof listFeatures;

/** Column definitions of a list, built with `listColumns<T>()`; a column's id names its server sort. */
export const listColumns = <T extends RowData>() => createColumnHelper<ListFeatures, T>();

// TanStack's own `columns()` helper returns ColumnDef<…, any>: each column's value type differs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListColumns<T extends RowData> = ReadonlyArray<ColumnDef<ListFeatures, T, any>>;

/** The last column of a list: each row's "…" menu, named after the row ("Actions for Terra"). */
export function actionsColumn<T extends RowData>(name: (row: T) => string, actions: (row: T) => MenuAction[]) {
  return listColumns<T>().display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => (
      <div className="flex justify-end">
        <ActionMenu label={`Actions for ${name(row.original)}`} actions={actions(row.original)} />
      </div>
    ),
  });
}

export interface DataTableProps<T extends RowData> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  columns: ListColumns<T>;
  state: ListState<T> & { isFetching?: boolean };
  params: Pick<ListParams, 'page' | 'limit' | 'sort' | 'order'>;
  onSort: (sort: string | null, order: SortOrder) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  getRowId: (row: T) => string;
  /** What an empty list says: there is nothing yet, or the search found nothing. */
  empty: ReactNode;
}

const SKELETON_ROWS = 6;

/**
 * A header or cell template called as a plain function, not mounted as a component (TanStack's FlexRender): pages
 * rebuild their columns on every render, and as components each rebuild would remount every cell, closing a row's
 * open menu whenever the list refreshes. Templates therefore use no hooks.
 */
function render<P extends object>(template: ColumnDefTemplate<P> | undefined, props: P): ReactNode {
  if (template === undefined) return null;
  // TanStack types a template's result as any; ours return React nodes.
  return typeof template === 'function' ? (template(props) as ReactNode) : template;
}

/**
 * The admin console's one list: server-sorted columns (click a header: ascending, descending, back to the list's own
 * order), a page at a time with "11–20 of 43", skeleton rows while the first page loads, the rows of the last page
 * while the next comes, an empty state and the spec's failure text with a way to try again.
 */
export function DataTable<T extends RowData>({
  label,
  columns,
  state,
  params,
  onSort,
  onPage,
  onRetry,
  getRowId,
  empty,
}: DataTableProps<T>) {
  const sorting: SortingState = params.sort ? [{ id: params.sort, desc: params.order === 'desc' }] : [];
  const table = useTable({
    features: listFeatures,
    columns,
    data: state.items,
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    enableSortingRemoval: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const [first] = next;
      onSort(first ? first.id : null, first?.desc ? 'desc' : 'asc');
    },
  });
  const columnCount = table.getAllLeafColumns().length;

  return (
    <div className="flex min-h-0 flex-col overflow-hidden rounded-lg border border-border bg-surface">
      <div className="min-h-0 flex-1 overflow-auto">
        <table aria-label={label} aria-busy={state.isFetching ?? state.isLoading} className="w-full text-[13px]">
          <thead className="sticky top-0 z-10 bg-surface-raised text-left text-xs text-muted-foreground">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-border">
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className="h-9 px-3 font-medium whitespace-nowrap"
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-ml-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        >
                          {render(header.column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? (
                            <ArrowUp className="size-3.5" aria-hidden />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="size-3.5" aria-hidden />
                          ) : (
                            <ChevronsUpDown className="size-3.5 opacity-50" aria-hidden />
                          )}
                        </button>
                      ) : (
                        render(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={cn(state.isFetching && !state.isLoading && 'opacity-70 transition-opacity')}>
            {state.isLoading ? (
              Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={index} className="border-b border-border/60" aria-hidden>
                  <td colSpan={columnCount} className="px-3 py-2.5">
                    <div className="h-4 animate-pulse rounded bg-muted" style={{ width: `${80 - index * 8}%` }} />
                  </td>
                </tr>
              ))
            ) : state.error && state.items.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="px-3 py-12 text-center">
                  <p role="alert" className="text-destructive">
                    {state.error}
                  </p>
                  <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
                    <RotateCw aria-hidden />
                    Try again
                  </Button>
                </td>
              </tr>
            ) : state.items.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="px-3 py-12 text-center text-muted-foreground">
                  {empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-b border-border/60 last:border-b-0 hover:bg-muted/40">
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2 align-middle">
                      {render(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <footer className="flex h-10 shrink-0 items-center justify-between gap-3 border-t border-border px-3">
        {state.error && state.items.length > 0 ? (
          <p role="alert" className="text-xs text-destructive">
            {state.error}
          </p>
        ) : (
          <span />
        )}
        <Pagination
          page={params.page}
          limit={params.limit}
          total={state.total}
          onPage={onPage}
          disabled={state.isLoading}
        />
      </footer>
    </div>
  );
}
