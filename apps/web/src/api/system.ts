import { queryOptions } from '@tanstack/react-query';
import { API_ROUTES, systemOverviewSchema } from '@autostudio/protocol';
import { serverCall } from './server-call';

/** GET /admin/system (administrators): engines, sessions, the render queue and the processes running now. */

/** How often the System page asks again: "live" for a page someone watches while a session or render runs. */
export const SYSTEM_REFRESH_MS = 2000;

export const systemKeys = {
  all: ['system'] as const,
  overview: () => [...systemKeys.all, 'overview'] as const,
};

export const systemOverviewQuery = () =>
  queryOptions({
    queryKey: systemKeys.overview(),
    queryFn: ({ signal }) => serverCall('get', API_ROUTES.system, { schema: systemOverviewSchema, signal }),
    refetchInterval: SYSTEM_REFRESH_MS,
  });
