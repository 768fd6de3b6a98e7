import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, engineLineSummarySchema } from '@autostudio/protocol';
import { serverCall } from '@/api/server-call';

/** The engines and who waits for one (administrators only), refreshed while the page is open. */
export function useEngineLine() {
  return useQuery({
    queryKey: ['admin-engine-line'],
    queryFn: ({ signal }) =>
      serverCall('get', API_ROUTES.sessions.lineSummary, { schema: engineLineSummarySchema, signal }),
    refetchInterval: 5000,
  });
}
