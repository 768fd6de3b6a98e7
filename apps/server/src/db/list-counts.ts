import type { SearchedTable } from './search.js';

export interface CountedList {
  /** The count summary migration 0010-list-counts keeps: live rows per owner_key and per value of `columns`. */
  summary: string;
  /** The list's equality filters and its "everyone" flag: a total can be read from the summary for these alone. */
  columns: readonly string[];
}

/** The count summary of each list of shareable items, as migration 0010-list-counts made and maintains them. */
export const COUNTED_LISTS: Readonly<Record<SearchedTable, CountedList>> = {
  presets: { summary: 'preset_counts', columns: ['type', 'category', 'is_default'] },
  asset_models: {
    summary: 'asset_model_counts',
    columns: ['category', 'type', 'brand', 'region', 'is_latest', 'is_public'],
  },
  configs: { summary: 'config_counts', columns: [] },
  rendered_assets: { summary: 'rendered_asset_counts', columns: ['category', 'type', 'brand'] },
};
