import { API_ROUTES, groupSchema, listResultSchema, type Group, type ListResult } from '@autostudio/protocol';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { serverCall } from './server-call';

/** User groups (spec §7): the console's table, its dialogs and a group's members. */

export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
};

export interface GroupFields {
  name: string;
  description: string;
}

export function listGroups(params: ListParams, signal?: AbortSignal): Promise<ListResult<Group>> {
  return serverCall('get', API_ROUTES.groups.filtered, {
    query: listCallQuery(params),
    schema: listResultSchema(groupSchema),
    ...(signal ? { signal } : {}),
  });
}

export function createGroup(body: GroupFields): Promise<Group> {
  return serverCall('post', API_ROUTES.groups.create, { body, schema: groupSchema });
}

export function updateGroup(id: string, body: GroupFields): Promise<Group> {
  return serverCall('put', API_ROUTES.groups.byId, { params: { id }, body, schema: groupSchema });
}

/** Adds people to a group, or takes them out (remove); answers the group with its members afterwards. */
export function changeMembers(id: string, userIds: string[], remove: boolean): Promise<Group> {
  return serverCall('put', API_ROUTES.groups.users, { params: { id }, body: { userIds, remove }, schema: groupSchema });
}

export function deleteGroup(id: string): Promise<void> {
  return serverCall('delete', API_ROUTES.groups.byId, { params: { id } });
}
