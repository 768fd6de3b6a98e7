import type { RowData } from '@tanstack/react-table';
import { listColumns } from '@/components/data-table/data-table';

/**
 * The admin lists' Owner column: the owner's username, which the server tells administrators with each item; a dash
 * for an item without an owner (or whose owner is gone).
 */
export function ownerColumn<T extends RowData & { ownerUsername?: string | null }>() {
  return listColumns<T>().display({
    id: 'owner',
    header: 'Owner',
    cell: ({ row }) =>
      row.original.ownerUsername ? (
        <span className="whitespace-nowrap">{row.original.ownerUsername}</span>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  });
}
