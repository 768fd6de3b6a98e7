import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, renderQueueSummarySchema } from '@autostudio/protocol';
import { serverCall } from '@/api/server-call';

/** Who holds the render queue (administrators only), refreshed while the page is open. */
export function useRenderQueue() {
  return useQuery({
    queryKey: ['admin-render-queue'],
    queryFn: ({ signal }) =>
      serverCall('get', API_ROUTES.render.queueSummary, { schema: renderQueueSummarySchema, signal }),
    refetchInterval: 15_000,
  });
}
