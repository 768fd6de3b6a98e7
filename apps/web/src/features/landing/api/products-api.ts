import {
  API_ROUTES,
  assetModelFilterOptionsSchema,
  assetModelSchema,
  listResultSchema,
  type AssetModel,
  type ListResult,
} from '@autostudio/protocol';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { listPath } from '@/lib/list-query';

/** What /landing filters the catalogue by (spec §3 "Asset model": category and brand). */
export type ProductFilter = 'category' | 'brand';
export type ProductFilterOptions = z.infer<typeof assetModelFilterOptionsSchema>;

const productsSchema = listResultSchema(assetModelSchema);

/**
 * One page of the products the user may open: the newest version of each asset model they may see (the server's
 * default), searched and filtered as the address says.
 */
export function fetchProducts(
  params: ListParams<ProductFilter>,
  signal?: AbortSignal,
): Promise<ListResult<AssetModel>> {
  // listPath leaves out empty filters ("any").
  return apiRequest(listPath(API_ROUTES.assetModels.filtered, listCallQuery(params)), {
    schema: productsSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The categories and brands in use among the models the user may see, for the filters. */
export function fetchProductFilterOptions(signal?: AbortSignal): Promise<ProductFilterOptions> {
  return apiRequest(API_ROUTES.assetModels.filterOptions, {
    schema: assetModelFilterOptionsSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * How the list keeps up with previews the server is still rendering (a model uploaded without a picture gets one a
 * few seconds later): looked at again now and then while a product has none, for a while only, since a preview
 * that failed to render never comes.
 */
export const PREVIEW_WATCH = { intervalMs: 3000, forMs: 120_000 } as const;
