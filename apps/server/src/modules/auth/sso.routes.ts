import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_BASE,
  API_ROUTES,
  errorBodySchema,
  LOGIN_RETURN_PARAMS,
  PRODUCT_MESSAGES,
  STATE_MESSAGES,
} from '@autostudio/protocol';
import { AuthorizationResponseError, ResponseBodyError } from 'openid-client';
import { notFound } from '../../http/errors.js';
import { clearLoginCookie, readLoginCookie, setLoginCookie } from './sso-login-cookie.js';
import type { SsoService } from './sso.service.js';

export interface SsoRoutesOptions {
  /** Absent when single sign-on is not configured: both routes then answer 404. */
  sso: SsoService | undefined;
  publicUrl: string;
}

/** The redirect URI to register with the provider. */
export function ssoRedirectUri(publicUrl: string): string {
  return `${publicUrl}${API_BASE}${API_ROUTES.auth.ssoCallback}`;
}

/** The web app's sign-in screen, which reads the outcome from these query parameters (spec §2). */
const LOGIN_PAGE = '/login';

const tags = ['auth'];

/** Says why a sign-in failed, in words an operator can act on; the provider's own error code when it sent one. */
function reasonOf(error: unknown): string {
  if (error instanceof AuthorizationResponseError) {
    return `the provider refused the sign-in: ${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  }
  if (error instanceof ResponseBodyError) return `the provider refused the code exchange: ${error.error}`;
  return error instanceof Error ? error.message : String(error);
}

export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, { sso, publicUrl }) => {
  const secure = publicUrl.startsWith('https:');
  const toLoginPage = (reply: FastifyReply, params: Record<string, string>) => {
    // encodeURIComponent rather than URLSearchParams: the spec's error text arrives as "SSO%20login%20failed".
    const query = Object.entries(params)
      .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
      .join('&');
    return reply.redirect(`${publicUrl}${LOGIN_PAGE}?${query}`);
  };
  // Every failure looks the same to the browser; the log says what really happened.
  const fail = (log: FastifyBaseLogger, reply: FastifyReply, reason: string, error?: unknown) => {
    log.warn({ reason, ...(error instanceof Error ? { err: error } : {}) }, 'single sign-on failed');
    return toLoginPage(reply, { [LOGIN_RETURN_PARAMS.error]: STATE_MESSAGES.ssoLoginFailed });
  };

  app.get(
    API_ROUTES.auth.ssoLogin,
    {
      schema: {
        tags,
        summary: "Starts single sign-on: redirects to the provider's sign-in page",
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!sso) throw notFound(PRODUCT_MESSAGES.ssoNotConfigured);
      try {
        const { url, checks } = await sso.beginLogin();
        setLoginCookie(reply, checks, secure);
        return await reply.redirect(url.href);
      } catch (error) {
        return fail(request.log, reply, `the provider could not be reached: ${reasonOf(error)}`, error);
      }
    },
  );

  app.get(
    API_ROUTES.auth.ssoCallback,
    {
      schema: {
        tags,
        summary: 'Where the provider sends the browser back; redirects to /login with tokens or an error',
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!sso) throw notFound(PRODUCT_MESSAGES.ssoNotConfigured);
      const checks = readLoginCookie(request);
      clearLoginCookie(reply, secure);
      if ('failure' in checks) return fail(request.log, reply, checks.failure);
      // The query goes to openid-client as it came: it checks state, iss and error itself.
      const queryStart = request.url.indexOf('?');
      const search = queryStart === -1 ? '' : request.url.slice(queryStart);
      try {
        const session = await sso.completeLogin(search, checks);
        request.log.info({ userId: session.user.id }, 'signed in with single sign-on');
        return await toLoginPage(reply, {
          [LOGIN_RETURN_PARAMS.token]: session.accessToken,
          [LOGIN_RETURN_PARAMS.refreshToken]: session.refreshToken,
        });
      } catch (error) {
        return fail(request.log, reply, reasonOf(error), error);
      }
    },
  );
};
