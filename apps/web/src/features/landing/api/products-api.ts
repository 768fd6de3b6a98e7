import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, assetModelSchema, listResultSchema, type AssetModel, type ListResult } from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';

const productsSchema = listResultSchema(assetModelSchema);

/** The products the user may open: the newest version of each asset model they may see. */
export function fetchProducts(): Promise<ListResult<AssetModel>> {
  return apiRequest(`${API_ROUTES.assetModels.filtered}?page=1&limit=100`, { schema: productsSchema });
}

export const productsQueryOptions = { queryKey: ['products'], queryFn: fetchProducts } as const;

/**
 * How the list keeps up with previews the server is still rendering (a model uploaded without a picture gets one a
 * few seconds later): looked at again now and then while a product has none, for a while only, since a preview
 * that failed to render never comes.
 */
export const PREVIEW_WATCH = { intervalMs: 3000, forMs: 120_000 } as const;

export function useProducts() {
  const [openedAt] = useState(() => Date.now());
  return useQuery({
    ...productsQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.items.some((product) => product.previewUrl === null) &&
      Date.now() - openedAt < PREVIEW_WATCH.forMs
        ? PREVIEW_WATCH.intervalMs
        : false,
  });
}
