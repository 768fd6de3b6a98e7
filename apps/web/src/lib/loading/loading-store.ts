import { create } from 'zustand';
import { PROGRESS_MAX } from '@autostudio/protocol';

/** Spec §3 "Global loading state". */
export interface LoadingState {
  enabled: boolean;
  closeable: boolean;
  title: string;
  description: string;
  showPercentage: boolean;
  /** 0–100. */
  percentage: number;
  /** A still of what is loading, shown behind the progress at once (not in the spec: our first picture). */
  picture: string | null;
  /** A quieter line under the progress (what the user may do meanwhile). */
  note: string;
  /** One thing the user may do about the step (leave the waiting line); null: nothing. */
  action: LoadingAction | null;
}

export interface LoadingAction {
  label: string;
  run: () => void;
}

export interface LoadingOptions {
  title?: string | undefined;
  description?: string | undefined;
  closeable?: boolean | undefined;
  showPercentage?: boolean | undefined;
  /** Treated as 0 when missing (spec §3). */
  percentage?: number | undefined;
  picture?: string | null | undefined;
  note?: string | undefined;
  action?: LoadingAction | null | undefined;
}

/** A percentage, or any fields to change (a new description as the step moves on, say). */
export type LoadingUpdate = number | LoadingOptions;

/** One long step's hold on the overlay: its updates and its hide act only while no later step has taken over. */
export interface LoadingHandle {
  update: (update: LoadingUpdate) => void;
  hide: () => void;
}

/** The spec's default title (§2). */
export const DEFAULT_LOADING_TITLE = 'Loading...';

const HIDDEN: LoadingState = {
  enabled: false,
  closeable: false,
  title: DEFAULT_LOADING_TITLE,
  description: '',
  showPercentage: false,
  percentage: 0,
  picture: null,
  note: '',
  action: null,
};

/** A percentage as the overlay shows it: missing or not a number is 0, and it stays within 0–100. */
export function toPercentage(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 0;
  return Math.min(PROGRESS_MAX, Math.max(0, value));
}

/** The app's one loading overlay, rendered once at the top (app/global-loading-overlay.tsx). */
export const useLoadingStore = create<LoadingState>()(() => HIDDEN);

// Which step holds the overlay; a step that started earlier may not hide a later one's.
let holder = 0;

/** Shows the overlay for a long step (product load, session allocation, reconnect, engine updates, uploads). */
export function showLoading(options: LoadingOptions = {}): LoadingHandle {
  holder += 1;
  const mine = holder;
  useLoadingStore.setState({
    enabled: true,
    closeable: options.closeable ?? false,
    title: options.title ?? DEFAULT_LOADING_TITLE,
    description: options.description ?? '',
    showPercentage: options.showPercentage ?? false,
    percentage: toPercentage(options.percentage),
    picture: options.picture ?? null,
    note: options.note ?? '',
    action: options.action ?? null,
  });
  return {
    update: (update) => {
      if (holder === mine) updateLoading(update);
    },
    hide: () => {
      if (holder === mine) hideLoading();
    },
  };
}

/** The shown step's progress, or what it is doing now; nothing while the overlay is hidden. */
export function updateLoading(update: LoadingUpdate): void {
  const patch: Partial<LoadingState> =
    typeof update === 'number'
      ? { percentage: toPercentage(update) }
      : Object.fromEntries(
          Object.entries({
            ...update,
            percentage: 'percentage' in update ? toPercentage(update.percentage) : undefined,
          }).filter(([, value]) => value !== undefined),
        );
  useLoadingStore.setState((state) => (state.enabled ? patch : state));
}

export function hideLoading(): void {
  holder += 1;
  useLoadingStore.setState(HIDDEN);
}
