import {
  API_ROUTES,
  groupSchema,
  listResultSchema,
  userListItemSchema,
  type Group,
  type UserListItem,
} from '@autostudio/protocol';
import { serverCall } from './server-call';

/**
 * Looking people and groups up by name, for the people picker (sharing an item; a group's members). Apart from
 * users.ts and groups.ts, which only the console loads: the studio's share dialog needs these two calls alone.
 */

export const peopleKeys = {
  all: ['people'] as const,
  users: (term: string) => [...peopleKeys.all, 'users', term] as const,
  usersAndGroups: (term: string) => [...peopleKeys.all, 'users-and-groups', term] as const,
};

/** How many a picker offers for one search. */
const PICKER_LIMIT = 8;

/** Users by name; every signed-in user may look them up (names and ids; roles only for administrators). */
export async function searchUsers(search: string, signal?: AbortSignal): Promise<UserListItem[]> {
  const result = await serverCall('get', API_ROUTES.users.filtered, {
    query: { page: 1, limit: PICKER_LIMIT, search },
    schema: listResultSchema(userListItemSchema),
    ...(signal ? { signal } : {}),
  });
  return result.items;
}

/** Groups by name. */
export async function searchGroups(search: string, signal?: AbortSignal): Promise<Group[]> {
  const result = await serverCall('get', API_ROUTES.groups.filtered, {
    query: { page: 1, limit: PICKER_LIMIT, search },
    schema: listResultSchema(groupSchema),
    ...(signal ? { signal } : {}),
  });
  return result.items;
}
