import {
  API_ROUTES,
  groupSchema,
  listResultSchema,
  pathTo,
  userSchema,
  type Group,
  type ListResult,
  type User,
} from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { listPath } from '@/lib/list-query';

export interface GroupFields {
  name: string;
  description: string;
}

export function listGroups(params: ListParams, signal?: AbortSignal): Promise<ListResult<Group>> {
  return apiRequest(listPath(API_ROUTES.groups.filtered, listCallQuery(params)), {
    schema: listResultSchema(groupSchema),
    ...(signal ? { signal } : {}),
  });
}

export function createGroup(body: GroupFields): Promise<Group> {
  return apiRequest(API_ROUTES.groups.create, { method: 'POST', body, schema: groupSchema });
}

export function updateGroup(id: string, body: GroupFields): Promise<Group> {
  return apiRequest(pathTo(API_ROUTES.groups.byId, { id }), { method: 'PUT', body, schema: groupSchema });
}

/** Adds people to a group, or takes them out (remove); answers the group with its members afterwards. */
export function changeMembers(id: string, userIds: string[], remove: boolean): Promise<Group> {
  return apiRequest(pathTo(API_ROUTES.groups.users, { id }), {
    method: 'PUT',
    body: { userIds, remove },
    schema: groupSchema,
  });
}

export function deleteGroup(id: string): Promise<void> {
  return apiRequest(pathTo(API_ROUTES.groups.byId, { id }), { method: 'DELETE' });
}

/** How many people the member picker offers for one search. */
const PICKER_LIMIT = 8;

export async function findUsers(search: string, signal?: AbortSignal): Promise<User[]> {
  const result = await apiRequest(listPath(API_ROUTES.users.filtered, { page: 1, limit: PICKER_LIMIT, search }), {
    schema: listResultSchema(userSchema),
    ...(signal ? { signal } : {}),
  });
  return result.items;
}
