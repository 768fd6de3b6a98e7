import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, healthSchema } from '@autostudio/protocol';
import { serverCall } from '@/api/server-call';

export const healthQuery = queryOptions({
  queryKey: ['health'],
  // A degraded report comes with 503: it is the answer all the same.
  queryFn: () => serverCall('get', API_ROUTES.health, { schema: healthSchema, okStatuses: [503] }),
  refetchInterval: 15_000,
});

export function useHealth() {
  return useQuery(healthQuery);
}
