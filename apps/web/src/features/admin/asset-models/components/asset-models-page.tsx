import { Car, CopyPlus, Pencil, Plus, Share2, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  FAILURE_TOASTS,
  formatBytes,
  LIST_DEFAULTS,
  LIST_SORTS,
  SUCCESS_TOASTS,
  type AssetModel,
} from '@autostudio/protocol';
import { actionsColumn, listColumns } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { ListFilterSelects } from '@/components/data-table/list-filter-selects';
import type { MenuAction } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-dialog';
import type { ListSpec } from '@/lib/list/list-params';
import { useListParams } from '@/lib/list/use-list-params';
import { useListQuery } from '@/lib/list/use-list-query';
import { AdminList } from '@/features/admin/components/admin-list';
import { Badge } from '@/features/admin/components/badges';
import { ownerColumn } from '@/features/admin/components/owner-column';
import {
  assetModelKeys,
  deleteAssetModel,
  listAssetModels,
  PREVIEW_WATCH,
  useAssetModelFilterOptions,
  type AssetModelFilter,
} from '@/api/asset-models';
import { AssetModelDialog, type AssetModelDialogMode } from './asset-model-dialog';

const LIST: ListSpec<AssetModelFilter> = {
  defaults: LIST_DEFAULTS.assets,
  // Spec §3: the list shows each model's latest version unless asked for all.
  filters: { category: '', type: '', brand: '', region: '', latestVersion: 'true' },
  sorts: LIST_SORTS.assetModels,
};

const VERSION_CHOICES = [
  { value: 'true', label: 'Latest versions only' },
  { value: 'false', label: 'All versions' },
];

type Open = AssetModelDialogMode | { mode: 'share' | 'delete'; model: AssetModel } | null;

export interface AssetModelsPageProps {
  /** The share dialog, from the sharing feature (composed by the app: features do not import each other). */
  renderShare: (model: AssetModel, onChanged: () => void, onClose: () => void) => ReactNode;
}

const column = listColumns<AssetModel>();
/** A model's size, or a dash while the server has not measured it. */
const fileSizeLabel = (bytes: number | null): string => (bytes === null ? '—' : formatBytes(bytes));
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A model's face in a row: its preview image, or a car icon until it has one. */
function ModelPreview({ model }: { model: AssetModel }) {
  return (
    <span className="flex h-9 w-14 items-center justify-center overflow-hidden rounded border border-border bg-surface">
      {model.previewUrl ? (
        <img src={model.previewUrl} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <Car className="size-4 text-muted-foreground" aria-hidden />
      )}
    </span>
  );
}

const plain = (value: string) => value || <span className="text-muted-foreground">—</span>;

/** /admin/asset-models: the cars the studio can load, their versions, and uploading, sharing and removing them. */
export function AssetModelsPage({ renderShare }: AssetModelsPageProps) {
  const controls = useListParams(LIST);
  const { params, update } = controls;
  const [open, setOpen] = useState<Open>(null);
  const [watchFrom, setWatchFrom] = useState(() => Date.now());
  const list = useListQuery({
    key: assetModelKeys.lists(),
    controls,
    fetch: listAssetModels,
    failure: FAILURE_TOASTS.fetchAssetModels,
    refetchInterval: (items) =>
      items.some((model) => model.previewUrl === null) && Date.now() - watchFrom < PREVIEW_WATCH.forMs
        ? PREVIEW_WATCH.intervalMs
        : false,
  });
  const options = useAssetModelFilterOptions();
  const refresh = useCallback(() => {
    setWatchFrom(Date.now());
    void list.refresh();
    void options.refetch();
  }, [list, options]);

  // Stable columns: TanStack renders each cell function as a component, so new functions on every render would
  // remount the cells, closing a row's open menu whenever the list refreshes.
  const columns = useMemo(() => {
    const actionsFor = (model: AssetModel): MenuAction[] => [
      { label: 'Edit', icon: Pencil, onSelect: () => setOpen({ mode: 'edit', model }) },
      { label: 'New version', icon: CopyPlus, onSelect: () => setOpen({ mode: 'version', model }) },
      { label: 'Share', icon: Share2, onSelect: () => setOpen({ mode: 'share', model }) },
      { label: 'Delete', icon: Trash2, destructive: true, onSelect: () => setOpen({ mode: 'delete', model }) },
    ];

    return column.columns([
      column.display({
        id: 'preview',
        header: () => <span className="sr-only">Preview</span>,
        cell: ({ row }) => <ModelPreview model={row.original} />,
      }),
      column.accessor('name', {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{row.original.name}</span>
            {row.original.fileName && (
              <span className="truncate text-[11px] text-muted-foreground">{row.original.fileName}</span>
            )}
          </span>
        ),
      }),
      column.accessor('version', {
        id: 'version',
        header: 'Version',
        cell: ({ getValue }) => <Badge>{`v${getValue()}`}</Badge>,
      }),
      column.accessor('category', { id: 'category', header: 'Category', cell: ({ getValue }) => plain(getValue()) }),
      column.accessor('type', {
        id: 'type',
        header: 'Type',
        enableSorting: false,
        cell: ({ getValue }) => plain(getValue()),
      }),
      column.accessor('brand', { id: 'brand', header: 'Brand', cell: ({ getValue }) => plain(getValue()) }),
      column.accessor('region', {
        id: 'region',
        header: 'Region',
        enableSorting: false,
        cell: ({ getValue }) => plain(getValue()),
      }),
      ownerColumn<AssetModel>(),
      column.accessor('fileSize', {
        id: 'fileSize',
        header: 'Size',
        enableSorting: false,
        cell: ({ getValue }) => <span className="tabular-nums">{fileSizeLabel(getValue())}</span>,
      }),
      column.accessor('updatedAt', {
        id: 'updatedAt',
        header: 'Updated',
        cell: ({ getValue }) => (
          <span className="whitespace-nowrap text-muted-foreground">{dateFormat.format(new Date(getValue()))}</span>
        ),
      }),
      actionsColumn((model: AssetModel) => model.name, actionsFor),
    ]);
  }, []);

  const filtered = Object.entries(params.filters).some(
    ([name, value]) => value !== LIST.filters[name as AssetModelFilter],
  );
  return (
    <AdminList
      title="Asset models"
      description="The cars the studio loads: upload models and new versions, and decide who may use them."
      action={
        <Button onClick={() => setOpen({ mode: 'create' })}>
          <Plus aria-hidden />
          New asset model
        </Button>
      }
      itemName="asset model"
      emptyText="No asset models yet. Upload a car with “New asset model”."
      filters={
        <>
          <FilterSelect
            label="Versions"
            value={params.filters.latestVersion}
            onChange={(latestVersion) => update({ filters: { latestVersion } })}
            options={VERSION_CHOICES}
            anyLabel=""
            allowAny={false}
          />
          <div className="flex w-full flex-wrap items-end gap-2">
            <ListFilterSelects
              controls={controls}
              filters={[
                { name: 'category', label: 'Category', anyLabel: 'All categories', options: options.data?.categories },
                { name: 'type', label: 'Type', anyLabel: 'All types', options: options.data?.types },
                { name: 'brand', label: 'Brand', anyLabel: 'All brands', options: options.data?.brands },
                { name: 'region', label: 'Region', anyLabel: 'All regions', options: options.data?.regions },
              ]}
            />
          </div>
        </>
      }
      filtered={filtered}
      controls={controls}
      list={list}
      columns={columns}
      getRowId={(model) => model.id}
    >
      {(open?.mode === 'create' || open?.mode === 'version' || open?.mode === 'edit') && (
        <AssetModelDialog
          open={open}
          latest={params.filters.latestVersion === 'true'}
          options={options.data}
          onClose={() => setOpen(null)}
          onSaved={refresh}
        />
      )}
      {open?.mode === 'share' &&
        renderShare(
          open.model,
          () => void list.refresh(),
          () => setOpen(null),
        )}
      {open?.mode === 'delete' && (
        <ConfirmDelete
          title={`Delete ${open.model.name}?`}
          description="Every version of this model is deleted: nobody can load it into the studio any more."
          confirmLabel="Delete asset model"
          remove={() => deleteAssetModel(open.model.id)}
          texts={{ success: SUCCESS_TOASTS.assetModelDeleted, failure: FAILURE_TOASTS.deleteAssetModel }}
          onDeleted={refresh}
          onClose={() => setOpen(null)}
        />
      )}
    </AdminList>
  );
}
