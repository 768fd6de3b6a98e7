import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, healthSchema } from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';

export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: () => apiRequest(API_ROUTES.health, { schema: healthSchema, okStatuses: [503] }),
  refetchInterval: 15_000,
});

export function useHealth() {
  return useQuery(healthQuery);
}
