import { Car, ExternalLink, Share2, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  FAILURE_TOASTS,
  LIST_DEFAULTS,
  LIST_SORTS,
  SUCCESS_TOASTS,
  type Config,
  type User,
} from '@autostudio/protocol';
import { configurationCar, useConfigurationList, useDeleteConfiguration } from '@/api/configurations';
import { actionsColumn, listColumns } from '@/components/data-table/data-table';
import type { MenuAction } from '@/components/ui/action-menu';
import { ConfirmDelete } from '@/components/ui/confirm-dialog';
import type { ListSpec } from '@/lib/list/list-params';
import { useListParams } from '@/lib/list/use-list-params';
import { AdminList } from '@/features/admin/components/admin-list';
import { Badge } from '@/features/admin/components/badges';
import { DateCell } from '@/features/admin/components/dates';
import { ownerColumn } from '@/features/admin/components/owner-column';
import { SharedCell } from '@/features/admin/components/shared-cell';

const LIST: ListSpec = { defaults: LIST_DEFAULTS.configs, filters: {}, sorts: LIST_SORTS.configs };

type Open = { dialog: 'share' | 'delete'; config: Config } | null;

export interface ConfigsPageProps {
  me: User;
  /** The share dialog of the sharing feature, composed by the app. */
  renderShare: (config: Config, onChanged: () => void, onClose: () => void) => ReactNode;
  /** Puts the studio on this configuration (the app knows how the studio starts). */
  onOpenInStudio: (config: Config) => void;
}

const column = listColumns<Config>();

function ConfigName({ config, mine }: { config: Config; mine: boolean }) {
  return (
    <span className="flex items-center gap-3">
      <span className="flex h-10 w-16 shrink-0 items-center justify-center overflow-hidden rounded border border-border bg-background">
        {config.imageUrl ? (
          <img
            src={config.imageUrl}
            alt={`Preview of ${config.name}`}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <Car className="size-4 text-muted-foreground" aria-label="No preview" />
        )}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="flex items-center gap-2 font-medium">
          {config.name}
          {mine && <Badge tone="primary">Yours</Badge>}
        </span>
        {config.description && (
          <span className="line-clamp-1 max-w-md text-xs text-muted-foreground" title={config.description}>
            {config.description}
          </span>
        )}
      </span>
    </span>
  );
}

/** /admin/configs: everyone's saved studio states, with their snapshots; open one, share it or delete it. */
export function ConfigsPage({ me, renderShare, onOpenInStudio }: ConfigsPageProps) {
  const controls = useListParams(LIST);
  const [open, setOpen] = useState<Open>(null);
  const list = useConfigurationList(controls);
  const remove = useDeleteConfiguration();

  const actionsFor = (config: Config): MenuAction[] => [
    { label: 'Open in studio', icon: ExternalLink, onSelect: () => onOpenInStudio(config) },
    { label: 'Share', icon: Share2, onSelect: () => setOpen({ dialog: 'share', config }) },
    { label: 'Delete', icon: Trash2, destructive: true, onSelect: () => setOpen({ dialog: 'delete', config }) },
  ];

  const columns = column.columns([
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      // The snapshot sits in the name's cell: a column of its own would take a share of the width it does not use.
      cell: ({ row }) => <ConfigName config={row.original} mine={row.original.ownerId === me.id} />,
    }),
    column.accessor((config) => configurationCar(config), {
      id: 'car',
      header: 'Car',
      enableSorting: false,
      cell: ({ getValue }) => <span className="text-muted-foreground">{getValue() ?? '—'}</span>,
    }),
    ownerColumn<Config>(),
    column.display({
      id: 'shared',
      header: 'Shared with',
      cell: ({ row }) => <SharedCell item={row.original} />,
    }),
    column.accessor('updatedAt', {
      id: 'updatedAt',
      header: 'Updated',
      cell: ({ getValue }) => <DateCell value={getValue()} />,
    }),
    actionsColumn((config: Config) => config.name, actionsFor),
  ]);

  return (
    <AdminList
      title="Configurations"
      description="Everyone's saved studio states: the car, its look, lights and camera, with the snapshot taken on save."
      itemName="configuration"
      emptyText="No configurations yet: they are saved from the studio."
      controls={controls}
      list={list}
      columns={columns}
      getRowId={(config) => config.id}
    >
      {open?.dialog === 'share' &&
        renderShare(
          open.config,
          () => void list.refresh(),
          () => setOpen(null),
        )}
      {open?.dialog === 'delete' && (
        <ConfirmDelete
          title={`Delete ${open.config.name}?`}
          description="Its owner and everyone it is shared with lose it, snapshot included. This cannot be undone."
          confirmLabel="Delete configuration"
          remove={() => remove.mutateAsync(open.config.id)}
          texts={{ success: SUCCESS_TOASTS.configurationDeleted, failure: FAILURE_TOASTS.deleteConfiguration }}
          onClose={() => setOpen(null)}
        />
      )}
    </AdminList>
  );
}
