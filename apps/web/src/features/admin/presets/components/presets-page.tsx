import { Copy, Pencil, Share2, Star, StarOff, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import {
  FAILURE_TOASTS,
  LIST_DEFAULTS,
  LIST_SORTS,
  PRESET_TYPES,
  SUCCESS_TOASTS,
  type ListSortColumn,
  type Preset,
} from '@autostudio/protocol';
import {
  listPresets,
  presetKeys,
  useCopyPreset,
  useDeletePreset,
  usePresetCategories,
  useUpdatePreset,
  type PresetListQuery,
} from '@/api/presets';
import { actionsColumn, listColumns } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import type { MenuAction } from '@/components/ui/action-menu';
import { ConfirmDelete } from '@/components/ui/confirm-dialog';
import { failureReason } from '@/lib/api-client';
import type { ListParams, ListSpec } from '@/lib/list/list-params';
import { useListParams } from '@/lib/list/use-list-params';
import { useListQuery } from '@/lib/list/use-list-query';
import { AdminList } from '@/features/admin/components/admin-list';
import { Badge } from '@/features/admin/components/badges';
import { DateCell } from '@/features/admin/components/dates';
import { ownerColumn } from '@/features/admin/components/owner-column';
import { SharedCell } from '@/features/admin/components/shared-cell';
import { PresetDialog } from './preset-dialog';
import { PRESET_TYPE_LABELS } from './preset-labels';

type PresetFilter = 'type' | 'category';

const LIST: ListSpec<PresetFilter> = {
  defaults: LIST_DEFAULTS.presets,
  filters: { type: '', category: '' },
  sorts: LIST_SORTS.presets,
};

const TYPE_OPTIONS = PRESET_TYPES.map((type) => ({ value: type, label: PRESET_TYPE_LABELS[type] }));

type Open = { dialog: 'edit' | 'share' | 'delete'; preset: Preset } | null;

export interface PresetsPageProps {
  /** The share dialog of the sharing feature, composed by the app: presets are shared like everything else. */
  renderShare: (preset: Preset, onChanged: () => void, onClose: () => void) => ReactNode;
}

const column = listColumns<Preset>();

const isType = (value: string): value is Preset['type'] => (PRESET_TYPES as readonly string[]).includes(value);
const isSort = (value: string | null): value is ListSortColumn<'presets'> =>
  value !== null && (LIST_SORTS.presets as readonly string[]).includes(value);

/** The list call for the address's parameters: an empty filter is every type or category. */
function queryOf(params: ListParams<PresetFilter>): PresetListQuery {
  const { type, category } = params.filters;
  return {
    page: params.page,
    limit: params.limit,
    search: params.search,
    ...(isSort(params.sort) ? { sort: params.sort, order: params.order } : {}),
    type: isType(type) ? type : undefined,
    category: category || undefined,
  };
}

/** /admin/presets: everyone's post-process and animation presets, the defaults among them, and their upkeep. */
export function PresetsPage({ renderShare }: PresetsPageProps) {
  const controls = useListParams(LIST);
  const { params, update } = controls;
  const [open, setOpen] = useState<Open>(null);
  const list = useListQuery({
    key: presetKeys.lists(),
    controls,
    fetch: (listParams, signal) => listPresets(queryOf(listParams), signal),
    failure: FAILURE_TOASTS.fetchPresets,
  });
  const categories = usePresetCategories(isType(params.filters.type) ? params.filters.type : '');
  const change = useUpdatePreset();
  const copyMutation = useCopyPreset();
  const remove = useDeletePreset();

  const setDefault = (preset: Preset, isDefault: boolean) =>
    change.mutateAsync({ id: preset.id, changes: { isDefault } }).then(
      () => toast.success(SUCCESS_TOASTS.presetUpdated),
      (error: unknown) => toast.error(FAILURE_TOASTS.updatePreset, { description: failureReason(error) }),
    );

  const copy = (preset: Preset) =>
    copyMutation.mutateAsync(preset).then(
      () => toast.success(SUCCESS_TOASTS.presetCreated),
      (error: unknown) => toast.error(FAILURE_TOASTS.createPreset, { description: failureReason(error) }),
    );

  const actionsFor = (preset: Preset): MenuAction[] => [
    { label: 'Edit', icon: Pencil, onSelect: () => setOpen({ dialog: 'edit', preset }) },
    preset.isDefault
      ? { label: 'Remove default', icon: StarOff, onSelect: () => void setDefault(preset, false) }
      : { label: 'Make default', icon: Star, onSelect: () => void setDefault(preset, true) },
    { label: 'Copy', icon: Copy, onSelect: () => void copy(preset) },
    { label: 'Share', icon: Share2, onSelect: () => setOpen({ dialog: 'share', preset }) },
    { label: 'Delete', icon: Trash2, destructive: true, onSelect: () => setOpen({ dialog: 'delete', preset }) },
  ];

  const columns = column.columns([
    column.accessor('name', {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <span className="flex items-center gap-2 font-medium">
          {row.original.name}
          {row.original.isDefault && <Badge tone="primary">Default</Badge>}
        </span>
      ),
    }),
    column.accessor('type', {
      id: 'type',
      header: 'Type',
      cell: ({ getValue }) => <Badge>{PRESET_TYPE_LABELS[getValue()]}</Badge>,
    }),
    column.accessor('category', {
      id: 'category',
      header: 'Category',
      cell: ({ getValue }) => <span className="text-muted-foreground">{getValue()}</span>,
    }),
    ownerColumn<Preset>(),
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
    actionsColumn((preset: Preset) => preset.name, actionsFor),
  ]);

  return (
    <AdminList
      title="Presets"
      description="Post-process looks and camera animations: everyone's, and the defaults every user starts with."
      itemName="preset"
      emptyText="No presets yet: they are saved from the studio."
      filters={
        <>
          <FilterSelect
            label="Type"
            value={params.filters.type}
            onChange={(next) => update({ filters: { type: next, category: '' } })}
            options={TYPE_OPTIONS}
            anyLabel="All types"
          />
          <FilterSelect
            label="Category"
            value={params.filters.category}
            onChange={(category) => update({ filters: { category } })}
            options={categories.data ?? []}
            anyLabel="All categories"
          />
        </>
      }
      filtered={Boolean(params.filters.type || params.filters.category)}
      controls={controls}
      list={list}
      columns={columns}
      getRowId={(preset) => preset.id}
    >
      {open?.dialog === 'edit' && <PresetDialog preset={open.preset} onClose={() => setOpen(null)} />}
      {open?.dialog === 'share' &&
        renderShare(
          open.preset,
          () => void list.refresh(),
          () => setOpen(null),
        )}
      {open?.dialog === 'delete' && (
        <ConfirmDelete
          title={`Delete ${open.preset.name}?`}
          description={
            open.preset.isDefault
              ? 'It is a default preset: every user loses it from their preset browser. This cannot be undone.'
              : 'Its owner and everyone it is shared with lose it. This cannot be undone.'
          }
          confirmLabel="Delete preset"
          remove={() => remove.mutateAsync(open.preset.id)}
          texts={{ success: SUCCESS_TOASTS.presetDeleted, failure: FAILURE_TOASTS.deletePreset }}
          onClose={() => setOpen(null)}
        />
      )}
    </AdminList>
  );
}
