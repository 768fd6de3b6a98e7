import { Check, Copy, Pencil, Plus, Share2, Star, StarOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import {
  canCreate,
  canManage,
  FAILURE_TOASTS,
  seesEverything,
  type PostProcessValues,
  type Preset,
  type User,
} from '@autostudio/protocol';
import { useInvalidatePresets } from '@/api/presets';
import { ActionMenu, type MenuAction } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { RenameDialog } from '@/components/ui/rename-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { PanelSection } from '@/components/panels/panel-section';
import { cn } from '@/lib/cn';
import { applyLatest, currentLook, PresetFetchError } from '../lib/apply-preset';
import { usePresetBrowser } from '../hooks/use-preset-browser';
import { PRESET_BROWSER_TYPE, usePresetBrowserStore } from '../stores/preset-browser-store';
import { SavePresetDialog } from './save-preset-dialog';

const ALL_CATEGORIES = '__all__';

export interface PresetBrowserProps {
  user: User;
  /** Opens the share dialog for a preset. */
  onShare: (preset: Preset) => void;
}

/** Shows a mutation's outcome: its success text, or the failure text it rejected with. */
function report(outcome: Promise<string>): Promise<void> {
  return outcome.then(
    (message) => toast.success(message),
    (error: unknown) => {
      toast.error(error instanceof Error ? error.message : String(error));
      throw error;
    },
  );
}

/**
 * The look panel's post-process presets (spec §1 "apply post-process presets"): browse by category, search and
 * page; click to apply; save the current look as a preset; copy, rename, share and delete where the user may;
 * administrators and moderators mark defaults.
 */
export function PresetBrowser({ user, onShare }: PresetBrowserProps) {
  const { page, limit, search, category, selectedPresetId } = usePresetBrowserStore();
  const browser = usePresetBrowser<PostProcessValues>(usePresetBrowserStore, PRESET_BROWSER_TYPE);
  const { items, total, categories, isLoading, error } = browser;
  const invalidatePresets = useInvalidatePresets();
  const [applying, setApplying] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState<Preset | null>(null);
  const [deleting, setDeleting] = useState<Preset | null>(null);
  const store = usePresetBrowserStore.getState;

  const apply = (preset: Preset) => {
    setApplying(preset.id);
    applyLatest(preset).then(
      () => {
        setApplying(null);
        store().select(preset.id);
      },
      (caught: unknown) => {
        setApplying(null);
        console.error('preset could not be applied', caught);
        toast.error(
          caught instanceof PresetFetchError ? FAILURE_TOASTS.fetchPreset : FAILURE_TOASTS.updateVisualizationEngine,
        );
        // A preset deleted or unshared since the list was read goes from it.
        if (caught instanceof PresetFetchError) void invalidatePresets();
      },
    );
  };

  const overseer = seesEverything(user, 'preset');
  const actionsFor = (preset: Preset): MenuAction[] => {
    const manages = canManage(user, 'preset', preset.ownerId) && (!preset.isDefault || overseer);
    const actions: MenuAction[] = [];
    if (canCreate(user, 'preset'))
      actions.push({ label: 'Copy', icon: Copy, onSelect: () => void report(browser.copy(preset.id)).catch(noop) });
    if (manages) {
      actions.push({ label: 'Rename', icon: Pencil, onSelect: () => setRenaming(preset) });
      actions.push({ label: 'Share', icon: Share2, onSelect: () => onShare(preset) });
    }
    if (overseer)
      actions.push({
        label: preset.isDefault ? 'Unmark default' : 'Mark as default',
        icon: preset.isDefault ? StarOff : Star,
        onSelect: () => void report(browser.setDefault(preset.id, !preset.isDefault)).catch(noop),
      });
    if (manages)
      actions.push({ label: 'Delete', icon: Trash2, onSelect: () => setDeleting(preset), destructive: true });
    return actions;
  };

  return (
    <PanelSection
      id="look.presets"
      title="Presets"
      aside={
        canCreate(user, 'preset') && (
          <Button variant="ghost" size="sm" className="h-6 px-1.5 text-[11px]" onClick={() => setSaving(true)}>
            <Plus aria-hidden className="size-3!" />
            Save look
          </Button>
        )
      }
    >
      <SelectField
        label="Category"
        value={category ?? ALL_CATEGORIES}
        onChange={(value) => store().setCategory(value === ALL_CATEGORIES ? null : value)}
        options={[
          { value: ALL_CATEGORIES, label: 'All categories' },
          ...categories.map((name) => ({ value: name, label: name })),
        ]}
      />
      <SearchInput value={search} onSearch={(value) => store().setSearch(value)} label="Search presets" />
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <ul aria-label="Presets" className="-mx-1 flex flex-col">
        {items.map((preset) => {
          const selected = preset.id === selectedPresetId;
          return (
            <li key={preset.id} className="group flex items-center gap-1 rounded hover:bg-muted">
              <button
                type="button"
                aria-pressed={selected}
                aria-label={`Apply ${preset.name}`}
                disabled={applying !== null}
                onClick={() => apply(preset)}
                className={cn(
                  'flex h-7 min-w-0 flex-1 items-center gap-1.5 rounded px-1.5 text-left text-[12px] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  selected && 'text-primary',
                )}
              >
                {applying === preset.id ? (
                  <Spinner className="size-3.5" label={`Applying ${preset.name}`} />
                ) : (
                  <Check className={cn('size-3.5 shrink-0', !selected && 'invisible')} aria-hidden />
                )}
                <span className="truncate">{preset.name}</span>
                {preset.isDefault && (
                  <span className="rounded bg-muted px-1 text-[10px] tracking-wide text-muted-foreground uppercase">
                    Default
                  </span>
                )}
                <span className="ml-auto truncate pl-2 text-[11px] text-muted-foreground">{preset.category}</span>
              </button>
              <ActionMenu label={`Actions for ${preset.name}`} actions={actionsFor(preset)} />
            </li>
          );
        })}
      </ul>
      {!isLoading && !error && items.length === 0 && (
        <p className="text-xs text-muted-foreground">
          {search || category ? 'No preset matches.' : 'No presets yet. Save the current look as one.'}
        </p>
      )}
      {total > limit && <Pagination page={page} limit={limit} total={total} onPage={(next) => store().setPage(next)} />}

      {saving && (
        <SavePresetDialog
          categories={categories}
          onOpenChange={setSaving}
          onSave={({ name, category: chosen }) => report(browser.saveAs(name, chosen, currentLook()))}
        />
      )}
      {renaming && (
        <RenameDialog
          open
          onOpenChange={(next) => !next && setRenaming(null)}
          title="Rename preset"
          initial={{ name: renaming.name, description: '' }}
          onSave={({ name }) => report(browser.rename(renaming.id, name))}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete preset?"
        description={`“${deleting?.name ?? ''}” is deleted for everyone it is shared with. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => (deleting ? report(browser.remove(deleting.id)) : Promise.resolve())}
      />
    </PanelSection>
  );
}

const noop = () => undefined;
