import { configureApiClient, type ApiClientHooks } from '@/lib/api-client';

/** Points the API client at a server (the real test server, or a mocked `fetch`'s origin), with harmless hooks. */
export function pointApiClientAt(origin: string, overrides: Partial<ApiClientHooks> = {}): void {
  configureApiClient({
    origin,
    getAccessToken: () => null,
    refreshAccessToken: () => Promise.resolve(null),
    redirectToLogin: () => undefined,
    ...overrides,
  });
}
