import { Car, Columns2, Pencil, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import {
  canManage,
  FAILURE_TOASTS,
  LIST_DEFAULTS,
  LIST_SORTS,
  SUCCESS_TOASTS,
  type Config,
  type User,
} from '@autostudio/protocol';
import { useConfigurationList, useDeleteConfiguration, useRenameConfiguration } from '@/api/configurations';
import { ActionMenu, type MenuAction } from '@/components/ui/action-menu';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { RenameDialog } from '@/components/ui/rename-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { ListSpec } from '@/lib/list/list-params';
import { useLocalListParams } from '@/lib/list/use-list-params';
import { useConfigurationStore } from '../stores/configuration-store';

export interface ConfigurationBrowserProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User;
  /** Loads the configuration into the studio; resolves once it is there. */
  onLoad: (config: Config) => Promise<void>;
  /** Opens the share dialog for it. */
  onShare: (config: Config) => void;
  /** Compares it with the current configuration (the compare view); absent: no such action. */
  onCompare?: (config: Config) => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const LIST: ListSpec = { defaults: LIST_DEFAULTS.configs, filters: {}, sorts: LIST_SORTS.configs };

/**
 * The user's own and shared configurations, with previews: pick one and load it (double-click loads at once);
 * rename, share and delete where the user may.
 */
export function ConfigurationBrowser({
  open,
  onOpenChange,
  user,
  onLoad,
  onShare,
  onCompare,
}: ConfigurationBrowserProps) {
  const controls = useLocalListParams(LIST);
  const { page, limit, search } = controls.params;
  const { items, total, isLoading, isFetching, error } = useConfigurationList(controls);
  const rename = useRenameConfiguration();
  const remove = useDeleteConfiguration();
  const currentId = useConfigurationStore((state) => state.currentId);
  const loadingId = useConfigurationStore((state) => state.loadingId);
  const [selectedId, setSelectedId] = useState<string | null>(currentId);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Config | null>(null);
  const [deleting, setDeleting] = useState<Config | null>(null);

  const load = (config: Config | undefined) => {
    if (!config) {
      setLoadError(FAILURE_TOASTS.noConfigurationSelected);
      toast.error(FAILURE_TOASTS.noConfigurationSelected);
      return;
    }
    setLoadError(null);
    onLoad(config).then(
      () => onOpenChange(false),
      (caught: unknown) => setLoadError(caught instanceof Error ? caught.message : String(caught)),
    );
  };

  const actionsFor = (config: Config): MenuAction[] => [
    ...(onCompare ? [{ label: 'Compare', icon: Columns2, onSelect: () => onCompare(config) }] : []),
    ...(canManage(user, 'config', config.ownerId)
      ? [
          { label: 'Rename', icon: Pencil, onSelect: () => setRenaming(config) },
          { label: 'Share', icon: Share2, onSelect: () => onShare(config) },
          { label: 'Delete', icon: Trash2, onSelect: () => setDeleting(config), destructive: true },
        ]
      : []),
  ];

  const selected = items.find((item) => item.id === selectedId);
  const busy = loadingId !== null;

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
        <DialogContent
          title="Configurations"
          description="Your saved configurations and those shared with you."
          width="max-w-4xl"
          className="h-[80vh]"
          footer={
            <>
              <Pagination
                page={page}
                limit={limit}
                total={total}
                onPage={(next) => controls.update({ page: next })}
                disabled={isLoading}
              />
              <span className="flex-1" />
              <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
                Close
              </Button>
              <Button onClick={() => load(selected)} disabled={busy}>
                {busy && <Spinner className="size-3.5 text-primary-foreground" label="Loading configuration" />}
                Load
              </Button>
            </>
          }
        >
          <div className="flex flex-col gap-3">
            <div className="flex items-center gap-3">
              <SearchInput
                value={search}
                onSearch={(value) => controls.update({ search: value })}
                label="Search configurations"
                className="max-w-xs flex-1"
              />
              {isFetching && <Spinner className="size-4" />}
            </div>
            {error && <ErrorAlert>{error}</ErrorAlert>}
            {loadError && <ErrorAlert>{loadError}</ErrorAlert>}
            {!isLoading && !error && items.length === 0 && (
              <p className="py-10 text-center text-muted-foreground">
                {search ? `No configuration matches “${search}”.` : 'No configurations yet. Save one from the toolbar.'}
              </p>
            )}
            <ul aria-label="Configurations" className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
              {items.map((config) => (
                <li key={config.id}>
                  <ConfigurationCard
                    config={config}
                    selected={config.id === selectedId}
                    current={config.id === currentId}
                    shared={config.ownerId !== user.id}
                    loading={config.id === loadingId}
                    actions={actionsFor(config)}
                    onSelect={() => setSelectedId(config.id)}
                    onLoad={() => !busy && load(config)}
                  />
                </li>
              ))}
            </ul>
          </div>
        </DialogContent>
      </Dialog>
      {renaming && (
        <RenameDialog
          open
          onOpenChange={(next) => !next && setRenaming(null)}
          title="Rename configuration"
          withDescription
          initial={{ name: renaming.name, description: renaming.description }}
          onSave={async ({ name, description }) => {
            const renamed = await rename.mutateAsync({ id: renaming.id, name, description });
            if (renamed.id === useConfigurationStore.getState().currentId)
              useConfigurationStore.getState().setCurrent(renamed);
            toast.success(SUCCESS_TOASTS.configurationRenamed);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete configuration?"
        description={`“${deleting?.name ?? ''}” and its preview are deleted for everyone it is shared with. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
          } catch (caught) {
            toast.error(caught instanceof Error ? caught.message : String(caught));
            throw caught;
          }
          if (deleting.id === useConfigurationStore.getState().currentId)
            useConfigurationStore.getState().setCurrent(null);
          toast.success(SUCCESS_TOASTS.configurationDeleted);
        }}
      />
    </>
  );
}

interface ConfigurationCardProps {
  config: Config;
  selected: boolean;
  current: boolean;
  shared: boolean;
  loading: boolean;
  actions: MenuAction[];
  onSelect: () => void;
  onLoad: () => void;
}

function ConfigurationCard({
  config,
  selected,
  current,
  shared,
  loading,
  actions,
  onSelect,
  onLoad,
}: ConfigurationCardProps) {
  const product = config.settings.app?.product;
  return (
    <div
      className={cn(
        'relative flex flex-col overflow-hidden rounded-md border border-border bg-background/40 transition-colors',
        'hover:border-muted-foreground/50 focus-within:ring-2 focus-within:ring-ring',
        selected && 'border-primary ring-1 ring-primary',
      )}
    >
      {/* One button selects (double-click loads); the actions menu sits beside it, not inside. */}
      <button
        type="button"
        aria-pressed={selected}
        aria-label={config.name}
        onClick={onSelect}
        onDoubleClick={onLoad}
        className="flex flex-col text-left outline-none"
      >
        <span className="relative flex aspect-video w-full items-center justify-center bg-background">
          {config.imageUrl ? (
            <img src={config.imageUrl} alt="" loading="lazy" className="size-full object-cover" />
          ) : (
            <Car className="size-6 text-muted-foreground" aria-hidden />
          )}
          {loading && (
            <span className="absolute inset-0 flex items-center justify-center bg-black/50">
              <Spinner className="size-5" label="Loading configuration" />
            </span>
          )}
          <span className="absolute left-1.5 top-1.5 flex gap-1">
            {current && <Badge tone="primary">Current</Badge>}
            {shared && <Badge>Shared with you</Badge>}
          </span>
        </span>
        <span className="block min-w-0 px-2.5 py-2 pr-8">
          <span className="block truncate font-medium">{config.name}</span>
          <span className="block truncate text-xs text-muted-foreground">
            {[product?.name, dateFormat.format(new Date(config.updatedAt))].filter(Boolean).join(' · ')}
          </span>
          {config.description && (
            <span className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{config.description}</span>
          )}
        </span>
      </button>
      <span className="absolute bottom-2 right-1.5">
        <ActionMenu label={`Actions for ${config.name}`} actions={actions} />
      </span>
    </div>
  );
}

function Badge({ children, tone = 'neutral' }: { children: string; tone?: 'neutral' | 'primary' }) {
  return (
    <span
      className={cn(
        'rounded px-1.5 py-0.5 text-[10px] font-medium uppercase tracking-wide',
        tone === 'primary' ? 'bg-primary text-primary-foreground' : 'bg-black/60 text-white',
      )}
    >
      {children}
    </span>
  );
}
