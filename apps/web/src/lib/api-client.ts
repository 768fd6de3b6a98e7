import { API_BASE, errorBodySchema } from '@autostudio/protocol';
// The parse of the small zod build: it takes schemas of either build (the sign-in path's are mini, see protocol's
// roles.ts), and the full build stays out of the sign-in screen's code.
import { parse, type z } from 'zod/mini';

/** A failed API call: the HTTP status (0 when the server was not reached) and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Why a change failed, in the server's words: a resource's change fails with the spec's text and the server's error
 * as its cause (src/api/resource-change.ts), a plain call with the server's error itself.
 */
export function failureReason(error: unknown): string {
  const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return reason instanceof Error ? reason.message : '';
}

export interface ApiClientHooks {
  /** Where the server is; empty for the page's own origin, which is how the product is served. */
  origin: string;
  getAccessToken(): string | null;
  /** Gets a new access token with the refresh token; null when that is not possible. */
  refreshAccessToken(): Promise<string | null>;
  /** Spec §8: a 401 on an auth path sends the browser to /login unless it is already there. */
  redirectToLogin(): void;
}

let hooks: ApiClientHooks = {
  origin: '',
  getAccessToken: () => null,
  refreshAccessToken: () => Promise.resolve(null),
  redirectToLogin: () => undefined,
};

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

/** The current access token, for the sockets that authenticate with it (the remote-control relay). */
export function currentAccessToken(): string | null {
  return hooks.getAccessToken();
}

/** The full URL of an API path, as apiRequest calls it (for requests fetch cannot make, such as upload progress). */
export function apiUrl(path: string): string {
  return `${hooks.origin}${API_BASE}${path}`;
}

/** A new access token after a 401, as apiRequest gets one; null when there is none to get. */
export function refreshAccessToken(): Promise<string | null> {
  return hooks.refreshAccessToken();
}

/** The server's origin: the configured one, else the page's own. */
export function apiOrigin(): string {
  return hooks.origin || window.location.origin;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Validates the answer; without it the body is returned as it came. */
  schema?: z.core.$ZodType<T>;
  /** Sends this token instead of the current access token (verify and refresh take an explicit one). */
  token?: string | null;
  /** The caller deals with a 401 itself: no refresh, no redirect. The auth flow uses this. */
  handleUnauthorized?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (a release sent as the tab closes). */
  keepalive?: boolean;
  /** Statuses besides 2xx whose body is the answer (a degraded health report comes with 503). */
  okStatuses?: number[];
}

const REQUEST_TIMEOUT_MS = 30_000;

async function send(path: string, options: RequestOptions<unknown>, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  try {
    return await fetch(`${hooks.origin}${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: AbortSignal.any(signals),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(0, 'The server took too long to answer. Please try again.');
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  const message = parsed.success ? parsed.data.message : `${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, message);
}

/** Calls the REST API with JSON, the bearer token and the 401 rules of spec §8. */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : hooks.getAccessToken();
  let response = await send(path, options, token);

  if (response.status === 401 && !options.handleUnauthorized) {
    if (path.includes('/auth/')) {
      hooks.redirectToLogin();
    } else {
      const refreshed = await hooks.refreshAccessToken();
      if (refreshed) response = await send(path, options, refreshed);
    }
  }
  if (!response.ok && !options.okStatuses?.includes(response.status)) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json();
  return options.schema ? parse(options.schema, body) : (body as T);
}
