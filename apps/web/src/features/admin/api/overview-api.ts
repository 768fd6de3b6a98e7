import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  API_ROUTES,
  assetModelSchema,
  configSchema,
  groupSchema,
  listResultSchema,
  presetSchema,
  renderedAssetSchema,
  userSchema,
  type ListResult,
} from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';
import { listPath } from '@/lib/list-query';

/** How many recent items the admin home shows of each kind. */
export const RECENT_COUNT = 5;

/**
 * Each page's list call, asked for its newest few: the total is the page's count, the items its recent ones. Users
 * have no dates, so theirs come by name.
 */
const SECTIONS = {
  users: { route: API_ROUTES.users.filtered, schema: userSchema, sort: null },
  groups: { route: API_ROUTES.groups.filtered, schema: groupSchema, sort: 'updatedAt' },
  presets: { route: API_ROUTES.presets.filtered, schema: presetSchema, sort: 'updatedAt' },
  configs: { route: API_ROUTES.configs.filtered, schema: configSchema, sort: 'updatedAt' },
  assetModels: { route: API_ROUTES.assetModels.filtered, schema: assetModelSchema, sort: 'updatedAt' },
  renderedAssets: { route: API_ROUTES.renderedAssets.filtered, schema: renderedAssetSchema, sort: 'createdAt' },
} as const;

export type OverviewSection = keyof typeof SECTIONS;
type ItemOf<S extends OverviewSection> = z.infer<(typeof SECTIONS)[S]['schema']>;

/** The total of a section and its newest items, typed by the section. */
export function useOverview<S extends OverviewSection>(section: S): UseQueryResult<ListResult<ItemOf<S>>> {
  const { route, schema, sort } = SECTIONS[section];
  return useQuery({
    queryKey: ['admin-overview', section],
    queryFn: ({ signal }) =>
      apiRequest(
        listPath(route, {
          page: 1,
          limit: RECENT_COUNT,
          ...(sort ? { sort, order: 'desc' } : {}),
          ...(section === 'assetModels' ? { latestVersion: 'true' } : {}),
        }),
        // The section's own schema: what it parses is exactly ItemOf<S>, which TypeScript cannot see through the
        // indexed lookup.
        { schema: listResultSchema(schema) as unknown as z.ZodType<ListResult<ItemOf<S>>>, signal },
      ),
  });
}
