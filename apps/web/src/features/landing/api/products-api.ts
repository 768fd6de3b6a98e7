import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, assetModelSchema, listResultSchema, type AssetModel, type ListResult } from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';

const productsSchema = listResultSchema(assetModelSchema);

/** The products the user may open: the newest version of each asset model they may see. */
export function fetchProducts(): Promise<ListResult<AssetModel>> {
  return apiRequest(`${API_ROUTES.assetModels.filtered}?page=1&limit=100`, { schema: productsSchema });
}

export const productsQueryOptions = { queryKey: ['products'], queryFn: fetchProducts } as const;

export function useProducts() {
  return useQuery(productsQueryOptions);
}
