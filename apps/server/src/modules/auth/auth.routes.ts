import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  authOptionsSchema,
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  PRODUCT_MESSAGES,
  STATE_MESSAGES,
  userSchema,
} from '@autostudio/protocol';
import { z } from 'zod';
import { bearerToken, currentUser, requireUser } from '../../plugins/app/authentication.js';
import { unauthorized, errorResponses } from '../../http/errors.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  loginRateLimitPerMinute: number;
  ssoEnabled: boolean;
}

const tags = ['auth'];
const errors = errorResponses(400, 401, 429);

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, loginRateLimitPerMinute, ssoEnabled },
) => {
  app.post(
    API_ROUTES.auth.login,
    {
      schema: {
        tags,
        summary: 'Sign in with a username and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      config: {
        rateLimit: {
          max: loginRateLimitPerMinute,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request, context) => ({
            statusCode: context.statusCode,
            error: 'Too Many Requests',
            message: PRODUCT_MESSAGES.tooManyLoginAttempts,
          }),
        },
      },
    },
    (request) => auth.login(request.body.username, request.body.password),
  );

  app.get(
    API_ROUTES.auth.verify,
    {
      schema: {
        tags,
        summary: 'Return the user an access token belongs to',
        security: [{ bearer: [] }],
        response: { 200: userSchema, 401: errorBodySchema },
      },
      preHandler: requireUser,
    },
    async (request) => currentUser(request),
  );

  app.get(
    API_ROUTES.auth.refresh,
    {
      schema: {
        tags,
        summary: 'Trade a refresh token (as the Bearer token) for new tokens',
        security: [{ bearer: [] }],
        response: { 200: loginResponseSchema, 401: errorBodySchema },
      },
    },
    (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized(STATE_MESSAGES.noRefreshToken);
      return auth.refresh(token);
    },
  );

  app.post(
    API_ROUTES.auth.logout,
    {
      schema: {
        tags,
        summary: 'Sign out: revoke a refresh token and the tokens issued with it',
        body: z.object({ refreshToken: z.string().min(1).max(200) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );

  app.get(
    API_ROUTES.auth.options,
    { schema: { tags, summary: 'List the sign-in methods on offer', response: { 200: authOptionsSchema } } },
    async () => ({ credentials: true, sso: ssoEnabled }),
  );
};
