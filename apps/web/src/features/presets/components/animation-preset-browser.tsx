import { Copy, Film, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import {
  canCreate,
  canManage,
  HIDDEN_PRESET_CATEGORY,
  seesEverything,
  type Preset,
  type User,
} from '@autostudio/protocol';
import { ActionMenu, type MenuAction } from '@/components/ui/action-menu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { SelectField } from '@/components/ui/select-field';
import { cn } from '@/lib/cn';
import { usePresetBrowser, type PresetBrowserTexts } from '../hooks/use-preset-browser';
import type { PresetBrowserStore } from '../stores/preset-browser-store';

export interface AnimationPresetBrowserProps {
  /** Where the browser is (its category, search and page). */
  store: PresetBrowserStore;
  texts?: PresetBrowserTexts;
  user: User;
  /** The animation open in the timeline, marked in the list. */
  openId: string | null;
  onLoad: (preset: Preset) => void;
  onShare: (preset: Preset) => void;
}

/** Radix Select has no empty item value: "every category" travels as this. */
const ALL_CATEGORIES = '__all__';

/** Shows a mutation's outcome: its success text, or the failure text it rejected with. */
function report(outcome: Promise<string>): Promise<void> {
  return outcome.then(
    (message) => toast.success(message),
    (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
  );
}

/** The first frame's preview of an animation preset, when it has one. */
function firstPreview(preset: Preset): string | undefined {
  return Object.values(preset.previewImageMapping ?? {})[0];
}

/**
 * The saved animations (animation presets, spec §3): search and page; load one into the timeline; copy (named with
 * the copy suffix), share and delete where the user may.
 */
export function AnimationPresetBrowser({ store, texts, user, openId, onLoad, onShare }: AnimationPresetBrowserProps) {
  const { page, limit, search, category } = store();
  const browser = usePresetBrowser(store, 'animation', texts);
  const { items, total, categories, isLoading, error } = browser;
  const [deleting, setDeleting] = useState<Preset | null>(null);

  const overseer = seesEverything(user, 'preset');
  const actionsFor = (preset: Preset): MenuAction[] => {
    const manages = canManage(user, 'preset', preset.ownerId) && (!preset.isDefault || overseer);
    const actions: MenuAction[] = [];
    if (canCreate(user, 'preset'))
      actions.push({ label: 'Copy', icon: Copy, onSelect: () => void report(browser.copy(preset.id)) });
    if (manages) {
      actions.push({ label: 'Share', icon: Share2, onSelect: () => onShare(preset) });
      actions.push({ label: 'Delete', icon: Trash2, onSelect: () => setDeleting(preset), destructive: true });
    }
    return actions;
  };

  return (
    <div className="flex flex-col gap-2 p-2">
      {/* Spec §3: the sequence browser filters by category (the hidden default is not offered). */}
      <SelectField
        label="Category"
        value={category ?? ALL_CATEGORIES}
        onChange={(value) => store.getState().setCategory(value === ALL_CATEGORIES ? null : value)}
        options={[
          { value: ALL_CATEGORIES, label: 'All categories' },
          ...categories.map((name) => ({ value: name, label: name })),
        ]}
      />
      <SearchInput value={search} onSearch={(value) => store.getState().setSearch(value)} label="Search animations" />
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <ul aria-label="Animations" className="flex flex-col">
        {items.map((preset) => {
          const preview = firstPreview(preset);
          return (
            <li key={preset.id} className="flex items-center gap-1 rounded hover:bg-muted">
              <button
                type="button"
                aria-label={`Load ${preset.name}`}
                aria-pressed={preset.id === openId}
                onClick={() => onLoad(preset)}
                className={cn(
                  'flex h-9 min-w-0 flex-1 items-center gap-2 rounded px-1 text-left text-[12px] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  preset.id === openId && 'text-primary',
                )}
              >
                {preview ? (
                  <img src={preview} alt="" className="h-7 w-12 shrink-0 rounded-sm object-cover" />
                ) : (
                  <span className="flex h-7 w-12 shrink-0 items-center justify-center rounded-sm bg-muted">
                    <Film className="size-3.5 text-muted-foreground" aria-hidden />
                  </span>
                )}
                <span className="truncate">{preset.name}</span>
                {preset.category !== HIDDEN_PRESET_CATEGORY && (
                  <span aria-hidden className="ml-auto truncate pl-2 text-[11px] text-muted-foreground">
                    {preset.category}
                  </span>
                )}
              </button>
              <ActionMenu label={`Actions for ${preset.name}`} actions={actionsFor(preset)} />
            </li>
          );
        })}
      </ul>
      {!isLoading && !error && items.length === 0 && (
        <p className="text-xs text-muted-foreground">
          {search || category ? 'No animation matches.' : 'No saved animations yet.'}
        </p>
      )}
      {total > limit && (
        <Pagination page={page} limit={limit} total={total} onPage={(next) => store.getState().setPage(next)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete animation?"
        description={`“${deleting?.name ?? ''}” is deleted for everyone it is shared with. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => (deleting ? report(browser.remove(deleting.id)) : Promise.resolve())}
      />
    </div>
  );
}
