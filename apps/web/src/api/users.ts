import {
  API_ROUTES,
  listResultSchema,
  userSchema,
  type CreateUserRequest,
  type ListResult,
  type UpdateUserRequest,
  type User,
} from '@autostudio/protocol';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { serverCall } from './server-call';

/** Users (spec §7): the console's table and dialogs. The pickers look people up through people.ts. */

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
};

export function listUsers(params: ListParams, signal?: AbortSignal): Promise<ListResult<User>> {
  return serverCall('get', API_ROUTES.users.filtered, {
    query: listCallQuery(params),
    schema: listResultSchema(userSchema),
    ...(signal ? { signal } : {}),
  });
}

export function createUser(body: CreateUserRequest): Promise<User> {
  return serverCall('post', API_ROUTES.users.create, { body, schema: userSchema });
}

export function updateUser(id: string, body: UpdateUserRequest): Promise<User> {
  return serverCall('put', API_ROUTES.users.byId, { params: { id }, body, schema: userSchema });
}

export function deleteUser(id: string): Promise<void> {
  return serverCall('delete', API_ROUTES.users.byId, { params: { id } });
}
