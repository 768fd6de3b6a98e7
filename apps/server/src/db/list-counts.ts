import type { SearchedTable } from './search.js';

export interface CountedList {
  /** The count summary migration 0010-list-counts keeps: live rows per owner_key and per value of `columns`. */
  summary: string;
  /**
   * What migration 0012-shared-counts keeps: per user and per value of `columns`, the live rows shared with them
   * (directly or through a group) that are not their own.
   */
  sharedSummary: string;
  /** The list's equality filters and its "everyone" flag: a total can be read from the summary for these alone. */
  columns: readonly string[];
}

/** The count summaries of each list of shareable items, as migrations 0010-list-counts and 0012-shared-counts keep them. */
export const COUNTED_LISTS: Readonly<Record<SearchedTable, CountedList>> = {
  presets: {
    summary: 'preset_counts',
    sharedSummary: 'preset_shared_counts',
    columns: ['type', 'category', 'is_default'],
  },
  asset_models: {
    summary: 'asset_model_counts',
    sharedSummary: 'asset_model_shared_counts',
    columns: ['category', 'type', 'brand', 'region', 'is_latest', 'is_public'],
  },
  configs: { summary: 'config_counts', sharedSummary: 'config_shared_counts', columns: [] },
  rendered_assets: {
    summary: 'rendered_asset_counts',
    sharedSummary: 'rendered_asset_shared_counts',
    columns: ['category', 'type', 'brand'],
  },
};
