import {
  API_ROUTES,
  groupSchema,
  listResultSchema,
  pathTo,
  sharedWithSchema,
  userListItemSchema,
  type Group,
  type SharedWith,
  type UserListItem,
} from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';
import { listPath } from '@/lib/list-query';

export type Principal = 'user' | 'group';

/** The share routes of one kind of item (spec §7: PUT …/share/user {userIds, remove}, …/share/group {groupIds, remove}). */
export interface ShareRoutes {
  shareUser: string;
  shareGroup: string;
}

/** How many people or groups the picker offers for one search. */
const PICKER_LIMIT = 8;

const query = (search: string) => ({ page: 1, limit: PICKER_LIMIT, search });

/** Users by name; every signed-in user may look them up (names and ids; roles only for administrators). */
export async function searchUsers(search: string): Promise<UserListItem[]> {
  const result = await apiRequest(listPath(API_ROUTES.users.filtered, query(search)), {
    schema: listResultSchema(userListItemSchema),
  });
  return result.items;
}

export async function searchGroups(search: string): Promise<Group[]> {
  const result = await apiRequest(listPath(API_ROUTES.groups.filtered, query(search)), {
    schema: listResultSchema(groupSchema),
  });
  return result.items;
}

/** Shares an item with users or groups, or revokes (remove); answers who has access afterwards. */
export async function shareItem(
  routes: ShareRoutes,
  id: string,
  principal: Principal,
  ids: string[],
  remove: boolean,
): Promise<SharedWith> {
  const path = pathTo(principal === 'user' ? routes.shareUser : routes.shareGroup, { id });
  const body = principal === 'user' ? { userIds: ids, remove } : { groupIds: ids, remove };
  // The answer is the whole item; the schema keeps only who has access.
  return apiRequest(path, { method: 'PUT', body, schema: sharedWithSchema });
}
