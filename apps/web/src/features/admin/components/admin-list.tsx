import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable, type ListColumns } from '@/components/data-table/data-table';
import { SearchInput } from '@/components/ui/search-input';
import type { ListParamsControls } from '@/lib/list/use-list-params';
import type { ListQueryResult } from '@/lib/list/use-list-query';
import { AdminPage } from './admin-page';

export interface AdminListProps<T extends RowData, F extends string> {
  title: string;
  description: string;
  /** The page's main action ("New user"). */
  action?: ReactNode;
  /** What one item is called, for the search box and the empty states ("user", "asset model"). */
  itemName: string;
  /** What the list says when there is nothing at all ("No users yet."). */
  emptyText: string;
  /** Filters beside the search box. */
  filters?: ReactNode;
  /** Whether a filter differs from its default, so that an empty list says the filters found nothing. */
  filtered?: boolean;
  controls: ListParamsControls<F>;
  list: ListQueryResult<T>;
  columns: ListColumns<T>;
  getRowId: (row: T) => string;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * An admin page that is a list: title and action, search and filters, the one list, and the page's dialogs. Every
 * list page is this, so they read, search, sort and page alike.
 */
export function AdminList<T extends RowData, F extends string>({
  title,
  description,
  action,
  itemName,
  emptyText,
  filters,
  filtered = false,
  controls: { params, update },
  list,
  columns,
  getRowId,
  children,
}: AdminListProps<T, F>) {
  return (
    <AdminPage
      title={title}
      description={description}
      action={action}
      toolbar={
        <>
          <SearchInput
            label={`Search ${title.toLowerCase()}`}
            value={params.search}
            onSearch={(search) => update({ search })}
            className="w-72"
          />
          {filters}
        </>
      }
    >
      <DataTable
        label={title}
        columns={columns}
        state={list}
        params={params}
        onSort={(sort, order) => update({ sort, order })}
        onPage={(page) => update({ page })}
        onRetry={() => void list.refresh()}
        getRowId={getRowId}
        empty={
          params.search
            ? `No ${itemName} matches “${params.search}”.`
            : filtered
              ? `No ${itemName} matches these filters.`
              : emptyText
        }
      />
      {children}
    </AdminPage>
  );
}
