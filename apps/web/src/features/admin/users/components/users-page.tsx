import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FAILURE_TOASTS, LIST_DEFAULTS, LIST_SORTS, SUCCESS_TOASTS, type User } from '@autostudio/protocol';
import { actionsColumn, listColumns } from '@/components/data-table/data-table';
import type { MenuAction } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-dialog';
import type { ListSpec } from '@/lib/list/list-params';
import { useListParams } from '@/lib/list/use-list-params';
import { useListQuery } from '@/lib/list/use-list-query';
import { AdminList } from '@/features/admin/components/admin-list';
import { RoleBadges } from '@/features/admin/components/badges';
import { deleteUser, listUsers, userKeys } from '@/api/users';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserDialog } from './user-dialog';

const LIST: ListSpec = { defaults: LIST_DEFAULTS.users, filters: {}, sorts: LIST_SORTS.users };

type Open = { dialog: 'create' } | { dialog: 'edit' | 'password' | 'delete'; user: User } | null;

const column = listColumns<User>();

/** /admin/users: everyone who may sign in, their roles, and the ways to add, change and remove them. */
export function UsersPage({ me }: { me: User }) {
  const controls = useListParams(LIST);
  const [open, setOpen] = useState<Open>(null);
  const list = useListQuery({
    key: userKeys.lists(),
    controls,
    fetch: listUsers,
    failure: FAILURE_TOASTS.fetchUsers,
  });

  const actionsFor = (user: User): MenuAction[] => [
    { label: 'Edit', icon: Pencil, onSelect: () => setOpen({ dialog: 'edit', user }) },
    { label: 'Reset password', icon: KeyRound, onSelect: () => setOpen({ dialog: 'password', user }) },
    // Deleting oneself is refused by the server too; the control is simply not offered.
    ...(user.id === me.id
      ? []
      : [{ label: 'Delete', icon: Trash2, destructive: true, onSelect: () => setOpen({ dialog: 'delete', user }) }]),
  ];

  const columns = column.columns([
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <span className="flex items-center gap-2 font-medium">
          {row.original.name}
          {row.original.id === me.id && (
            <span className="rounded bg-primary/15 px-1.5 py-px text-[11px] font-normal text-primary">You</span>
          )}
        </span>
      ),
    }),
    column.accessor('username', { id: 'username', header: 'Username', cell: ({ getValue }) => getValue() }),
    column.accessor('roles', {
      id: 'roles',
      header: 'Roles',
      enableSorting: false,
      cell: ({ getValue }) => <RoleBadges roles={getValue()} />,
    }),
    actionsColumn((user: User) => user.name, actionsFor),
  ]);

  return (
    <AdminList
      title="Users"
      description="Everyone who may sign in, and what their roles let them do."
      action={
        <Button onClick={() => setOpen({ dialog: 'create' })}>
          <Plus aria-hidden />
          New user
        </Button>
      }
      itemName="user"
      emptyText="No users yet."
      controls={controls}
      list={list}
      columns={columns}
      getRowId={(user) => user.id}
    >
      {(open?.dialog === 'create' || open?.dialog === 'edit') && (
        <UserDialog
          user={open.dialog === 'edit' ? open.user : null}
          me={me}
          onClose={() => setOpen(null)}
          onSaved={() => void list.refresh()}
        />
      )}
      {open?.dialog === 'password' && <ResetPasswordDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.dialog === 'delete' && (
        <ConfirmDelete
          title={`Delete ${open.user.name}?`}
          description={`${open.user.username} can no longer sign in and is signed out everywhere. This cannot be undone.`}
          confirmLabel="Delete user"
          remove={() => deleteUser(open.user.id)}
          texts={{ success: SUCCESS_TOASTS.userDeleted, failure: FAILURE_TOASTS.deleteUsers }}
          onDeleted={list.refresh}
          onClose={() => setOpen(null)}
        />
      )}
    </AdminList>
  );
}
