// zod/mini: the sign-in screen's schemas, kept to the small build (see roles.ts).
import * as z from 'zod/mini';
import { roleSchema } from './roles.js';
import { TOKENS } from './constants.js';

export const AUTH_STATUSES = ['none', 'checking', 'authenticated', 'failed'] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  roles: z.array(roleSchema),
});
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'username is required'), z.maxLength(200)),
  password: z.string().check(z.minLength(1, 'password is required'), z.maxLength(1000)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires; the client assumes 3600 when absent (spec §3). */
  expiresIn: z._default(z.number().check(z.int(), z.positive()), TOKENS.defaultExpiresIn),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = z.extend(tokenPairSchema, { user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Which sign-in methods the server offers, so the login screen shows only what works. */
export const authOptionsSchema = z.object({
  credentials: z.boolean(),
  sso: z.boolean(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** The query parameters the login screen reads when single sign-on returns (spec §2). */
export const LOGIN_RETURN_PARAMS = {
  token: 'token',
  refreshToken: 'refresh_token',
  error: 'error',
} as const;
