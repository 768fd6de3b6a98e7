import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { FAILURE_TOASTS, LIST_DEFAULTS, LIST_SORTS, SUCCESS_TOASTS, type Group } from '@autostudio/protocol';
import { actionsColumn, listColumns } from '@/components/data-table/data-table';
import type { MenuAction } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-dialog';
import type { ListSpec } from '@/lib/list/list-params';
import { useListParams } from '@/lib/list/use-list-params';
import { useListQuery } from '@/lib/list/use-list-query';
import { AdminList } from '@/features/admin/components/admin-list';
import { DateCell } from '@/features/admin/components/dates';
import { deleteGroup, groupKeys, listGroups } from '@/api/groups';
import { GroupDialog } from './group-dialog';
import { MembersDialog } from './members-dialog';

const LIST: ListSpec = { defaults: LIST_DEFAULTS.groups, filters: {}, sorts: LIST_SORTS.groups };

type Open = { dialog: 'create' } | { dialog: 'edit' | 'members' | 'delete'; group: Group } | null;

const column = listColumns<Group>();

const membersText = (count: number) => (count === 1 ? '1 member' : `${count} members`);

/** /admin/user-groups: the groups items are shared with, who is in them, and the ways to change them. */
export function GroupsPage() {
  const controls = useListParams(LIST);
  const [open, setOpen] = useState<Open>(null);
  const list = useListQuery({
    key: groupKeys.lists(),
    controls,
    fetch: listGroups,
    failure: FAILURE_TOASTS.fetchGroups,
  });

  const actionsFor = (group: Group): MenuAction[] => [
    { label: 'Edit', icon: Pencil, onSelect: () => setOpen({ dialog: 'edit', group }) },
    { label: 'Members', icon: UsersRound, onSelect: () => setOpen({ dialog: 'members', group }) },
    { label: 'Delete', icon: Trash2, destructive: true, onSelect: () => setOpen({ dialog: 'delete', group }) },
  ];

  const columns = column.columns([
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
    }),
    column.accessor('description', {
      id: 'description',
      header: 'Description',
      enableSorting: false,
      cell: ({ getValue }) => (
        <span className="line-clamp-1 max-w-md text-muted-foreground" title={getValue()}>
          {getValue() || '—'}
        </span>
      ),
    }),
    column.accessor((group) => group.users.length, {
      id: 'members',
      header: 'Members',
      enableSorting: false,
      cell: ({ row, getValue }) => (
        <button
          type="button"
          onClick={() => setOpen({ dialog: 'members', group: row.original })}
          className="rounded px-1 -mx-1 whitespace-nowrap tabular-nums hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {membersText(getValue())}
        </button>
      ),
    }),
    column.accessor('updatedAt', {
      id: 'updatedAt',
      header: 'Updated',
      cell: ({ getValue }) => <DateCell value={getValue()} />,
    }),
    actionsColumn((group: Group) => group.name, actionsFor),
  ]);

  return (
    <AdminList
      title="Groups"
      description="Teams and clients that items are shared with in one go."
      action={
        <Button onClick={() => setOpen({ dialog: 'create' })}>
          <Plus aria-hidden />
          New group
        </Button>
      }
      itemName="group"
      emptyText="No groups yet."
      controls={controls}
      list={list}
      columns={columns}
      getRowId={(group) => group.id}
    >
      {(open?.dialog === 'create' || open?.dialog === 'edit') && (
        <GroupDialog
          group={open.dialog === 'edit' ? open.group : null}
          onClose={() => setOpen(null)}
          onSaved={() => void list.refresh()}
        />
      )}
      {open?.dialog === 'members' && (
        <MembersDialog group={open.group} onClose={() => setOpen(null)} onChanged={() => void list.refresh()} />
      )}
      {open?.dialog === 'delete' && (
        <ConfirmDelete
          title={`Delete ${open.group.name}?`}
          description={`Its ${membersText(open.group.users.length)} lose what was shared with the group. This cannot be undone.`}
          confirmLabel="Delete group"
          remove={() => deleteGroup(open.group.id)}
          texts={{ success: SUCCESS_TOASTS.groupDeleted, failure: FAILURE_TOASTS.deleteGroups }}
          onDeleted={list.refresh}
          onClose={() => setOpen(null)}
        />
      )}
    </AdminList>
  );
}
