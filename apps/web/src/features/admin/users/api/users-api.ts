import {
  API_ROUTES,
  listResultSchema,
  pathTo,
  userSchema,
  type CreateUserRequest,
  type ListResult,
  type UpdateUserRequest,
  type User,
} from '@autostudio/protocol';
import { apiRequest } from '@/lib/api-client';
import { listCallQuery, type ListParams } from '@/lib/list/list-params';
import { listPath } from '@/lib/list-query';

export function listUsers(params: ListParams, signal?: AbortSignal): Promise<ListResult<User>> {
  return apiRequest(listPath(API_ROUTES.users.filtered, listCallQuery(params)), {
    schema: listResultSchema(userSchema),
    ...(signal ? { signal } : {}),
  });
}

export function createUser(body: CreateUserRequest): Promise<User> {
  return apiRequest(API_ROUTES.users.create, { method: 'POST', body, schema: userSchema });
}

export function updateUser(id: string, body: UpdateUserRequest): Promise<User> {
  return apiRequest(pathTo(API_ROUTES.users.byId, { id }), { method: 'PUT', body, schema: userSchema });
}

export function deleteUser(id: string): Promise<void> {
  return apiRequest(pathTo(API_ROUTES.users.byId, { id }), { method: 'DELETE' });
}
