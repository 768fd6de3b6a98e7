import { useQuery } from '@tanstack/react-query';
import { Eye, Film, Image as ImageIcon, Pencil, Share2, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { FAILURE_TOASTS, LIST_DEFAULTS, LIST_SORTS, SUCCESS_TOASTS, type RenderedAsset } from '@autostudio/protocol';
import { actionsColumn, listColumns } from '@/components/data-table/data-table';
import { ListFilterSelects } from '@/components/data-table/list-filter-selects';
import type { MenuAction } from '@/components/ui/action-menu';
import { ConfirmDelete } from '@/components/ui/confirm-dialog';
import type { ListSpec } from '@/lib/list/list-params';
import { useListParams } from '@/lib/list/use-list-params';
import { useListQuery } from '@/lib/list/use-list-query';
import { AdminList } from '@/features/admin/components/admin-list';
import { Badge } from '@/features/admin/components/badges';
import { ownerColumn } from '@/features/admin/components/owner-column';
import {
  ANY_RENDERED_ASSET,
  deleteRenderedAsset,
  fetchRenderedAssetFilterOptions,
  listRenderedAssets,
  renderedAssetKeys,
  type RenderedAssetFilter,
} from '@/api/rendered-assets';
import { RenderedAssetDialog } from './rendered-asset-dialog';

const LIST: ListSpec<RenderedAssetFilter> = {
  defaults: LIST_DEFAULTS.renderedAssets,
  filters: ANY_RENDERED_ASSET,
  sorts: LIST_SORTS.renderedAssets,
};

/** The render service records a still's type as "image" and a video's as "video". */
const typeLabel = (type: string) =>
  type === 'video' ? 'Video' : type === 'image' ? 'Still' : type === 'matrix' ? 'Matrix' : type;

type Open = { dialog: 'view' | 'edit' | 'share' | 'delete'; asset: RenderedAsset } | null;

/** What the viewer may ask the page to do with the render it shows. */
export interface ViewerActions {
  onClose: () => void;
  onEdit: () => void;
  onShare: () => void;
  onDelete: () => void;
}

export interface RenderedAssetsPageProps {
  /** The share dialog, from the sharing feature (the app composes it: features do not import each other). */
  renderShare: (asset: RenderedAsset, onChanged: () => void, onClose: () => void) => ReactNode;
  /** The gallery's viewer for one render (stills with passes, videos, downloads), composed by the app likewise. */
  renderViewer: (asset: RenderedAsset, actions: ViewerActions) => ReactNode;
}

const column = listColumns<RenderedAsset>();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const plain = (value: string) => value || <span className="text-muted-foreground">—</span>;

/** /admin/rendered-assets: everyone's stills and videos, to look at, file, share and remove. */
export function RenderedAssetsPage({ renderShare, renderViewer }: RenderedAssetsPageProps) {
  const controls = useListParams(LIST);
  const { params } = controls;
  const [open, setOpen] = useState<Open>(null);
  const list = useListQuery({
    key: renderedAssetKeys.lists(),
    controls,
    fetch: listRenderedAssets,
    failure: FAILURE_TOASTS.fetchAssetRendered,
  });
  const options = useQuery({
    queryKey: renderedAssetKeys.filterOptions(),
    queryFn: ({ signal }) => fetchRenderedAssetFilterOptions(signal),
  });
  const refresh = () => {
    void list.refresh();
    void options.refetch();
  };

  // Stable columns: TanStack renders each cell function as a component, so new functions on every render would
  // remount the cells, closing a row's open menu whenever the list refreshes.
  const columns = useMemo(() => {
    const actionsFor = (asset: RenderedAsset): MenuAction[] => [
      { label: 'Open', icon: Eye, onSelect: () => setOpen({ dialog: 'view', asset }) },
      { label: 'Edit', icon: Pencil, onSelect: () => setOpen({ dialog: 'edit', asset }) },
      { label: 'Share', icon: Share2, onSelect: () => setOpen({ dialog: 'share', asset }) },
      { label: 'Delete', icon: Trash2, destructive: true, onSelect: () => setOpen({ dialog: 'delete', asset }) },
    ];

    return column.columns([
      column.accessor('name', {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => {
          const asset = row.original;
          const Icon = asset.type === 'video' ? Film : ImageIcon;
          return (
            <button
              type="button"
              aria-label={`Open ${asset.name}`}
              onClick={() => setOpen({ dialog: 'view', asset })}
              className="group flex min-w-0 items-center gap-3 rounded text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className="flex h-9 w-16 shrink-0 items-center justify-center overflow-hidden rounded border border-border bg-surface">
                {asset.thumbnailUrl ? (
                  <img src={asset.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
                ) : (
                  <Icon className="size-4 text-muted-foreground" aria-hidden />
                )}
              </span>
              <span className="truncate font-medium group-hover:underline">{asset.name}</span>
            </button>
          );
        },
      }),
      column.accessor('type', {
        id: 'type',
        header: 'Type',
        cell: ({ getValue }) => (
          <Badge tone={getValue() === 'video' ? 'primary' : 'muted'}>{typeLabel(getValue())}</Badge>
        ),
      }),
      column.accessor('category', { id: 'category', header: 'Category', cell: ({ getValue }) => plain(getValue()) }),
      column.accessor('brand', { id: 'brand', header: 'Brand', cell: ({ getValue }) => plain(getValue()) }),
      ownerColumn<RenderedAsset>(),
      column.accessor('itemCount', {
        id: 'itemCount',
        header: 'Files',
        enableSorting: false,
        cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
      }),
      column.accessor('createdAt', {
        id: 'createdAt',
        header: 'Created',
        cell: ({ getValue }) => (
          <span className="whitespace-nowrap text-muted-foreground">{dateFormat.format(new Date(getValue()))}</span>
        ),
      }),
      actionsColumn((asset: RenderedAsset) => asset.name, actionsFor),
    ]);
  }, []);

  const close = () => setOpen(null);
  return (
    <AdminList
      title="Rendered assets"
      description="Everyone's stills and videos: open them, file them, and decide who sees them."
      itemName="rendered asset"
      emptyText="No renders yet. Stills and videos appear here once a render finishes."
      filters={
        <ListFilterSelects
          controls={controls}
          filters={[
            { name: 'category', label: 'Category', anyLabel: 'All categories', options: options.data?.categories },
            {
              name: 'type',
              label: 'Type',
              anyLabel: 'All types',
              options: options.data?.types.map((type) => ({ value: type, label: typeLabel(type) })),
            },
            { name: 'brand', label: 'Brand', anyLabel: 'All brands', options: options.data?.brands },
          ]}
        />
      }
      filtered={Object.values(params.filters).some(Boolean)}
      controls={controls}
      list={list}
      columns={columns}
      getRowId={(asset) => asset.id}
    >
      {open?.dialog === 'view' &&
        renderViewer(open.asset, {
          onClose: close,
          onEdit: () => setOpen({ dialog: 'edit', asset: open.asset }),
          onShare: () => setOpen({ dialog: 'share', asset: open.asset }),
          onDelete: () => setOpen({ dialog: 'delete', asset: open.asset }),
        })}
      {open?.dialog === 'edit' && (
        <RenderedAssetDialog asset={open.asset} options={options.data} onClose={close} onSaved={refresh} />
      )}
      {open?.dialog === 'share' && renderShare(open.asset, () => void list.refresh(), close)}
      {open?.dialog === 'delete' && (
        <ConfirmDelete
          title={`Delete ${open.asset.name}?`}
          description="It leaves the gallery of everyone it was shared with, and nobody can open its files any more. This cannot be undone."
          confirmLabel="Delete rendered asset"
          remove={() => deleteRenderedAsset(open.asset.id)}
          texts={{ success: SUCCESS_TOASTS.renderedAssetDeleted, failure: FAILURE_TOASTS.deleteAssetRendered }}
          onDeleted={refresh}
          onClose={close}
        />
      )}
    </AdminList>
  );
}
