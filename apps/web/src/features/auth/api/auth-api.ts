import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  authOptionsSchema,
  loginResponseSchema,
  userSchema,
  type LoginRequest,
  type LoginResponse,
  type User,
} from '@autostudio/protocol';
import { serverCall } from '@/api/server-call';

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return serverCall('post', API_ROUTES.auth.login, {
    body: credentials,
    schema: loginResponseSchema,
    handleUnauthorized: true,
  });
}

export function verify(token: string): Promise<User> {
  return serverCall('get', API_ROUTES.auth.verify, { token, schema: userSchema, handleUnauthorized: true });
}

export function refresh(refreshToken: string): Promise<LoginResponse> {
  return serverCall('get', API_ROUTES.auth.refresh, {
    token: refreshToken,
    schema: loginResponseSchema,
    handleUnauthorized: true,
  });
}

export function logout(refreshToken: string): Promise<void> {
  return serverCall('post', API_ROUTES.auth.logout, { body: { refreshToken }, handleUnauthorized: true });
}

export const authOptionsQuery = queryOptions({
  queryKey: ['auth', 'options'],
  queryFn: () => serverCall('get', API_ROUTES.auth.options, { schema: authOptionsSchema }),
  staleTime: Infinity,
});

export function useAuthOptions() {
  return useQuery(authOptionsQuery);
}
