import { pathTo, sharedWithSchema, type SharedWith } from '@autostudio/protocol';
import type { ServerRoute } from '@/api/server-call';
import { apiRequest } from '@/lib/api-client';

export type Principal = 'user' | 'group';

/** The share routes of one kind of item (spec §7: PUT …/share/user {userIds, remove}, …/share/group {groupIds, remove}). */
export interface ShareRoutes {
  shareUser: Extract<ServerRoute, `${string}/share/user`>;
  shareGroup: Extract<ServerRoute, `${string}/share/group`>;
}

/**
 * Shares an item with users or groups, or revokes (remove); answers who has access afterwards. The answer is the
 * whole item and the schema keeps only who has access: serverCall's check wants a schema that produces the whole
 * answer, so this one call goes through apiRequest, its routes still checked against the server's.
 */
export function shareItem(
  routes: ShareRoutes,
  id: string,
  principal: Principal,
  ids: string[],
  remove: boolean,
): Promise<SharedWith> {
  const path = pathTo(principal === 'user' ? routes.shareUser : routes.shareGroup, { id });
  const body = principal === 'user' ? { userIds: ids, remove } : { groupIds: ids, remove };
  return apiRequest(path, { method: 'PUT', body, schema: sharedWithSchema });
}
