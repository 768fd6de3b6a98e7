import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_ROUTES, configSchema, listResultSchema, presetSchema } from '@autostudio/protocol';
import { pointApiClientAt } from '@/test/api-client-hooks';
import { serverCall } from './server-call';

const ORIGIN = 'http://server.test';

function serverAnswering(status: number, body?: unknown) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => {
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    return { url: url as string, method: init?.method, body: init?.body };
  };
}

describe('a call typed against the server’s OpenAPI document', () => {
  afterEach(() => pointApiClientAt(''));

  it('fills the path, leaves empty query values out, and parses the answer with the schema', async () => {
    const sent = serverAnswering(200, { items: [], total: 0 });
    pointApiClientAt(ORIGIN);
    const page = await serverCall('get', API_ROUTES.configs.filtered, {
      query: { page: 2, limit: 10, search: '' },
      schema: listResultSchema(configSchema),
    });
    expect(page).toEqual({ items: [], total: 0 });
    expect(sent()).toMatchObject({ url: `${ORIGIN}${API_BASE}/config/filtered?page=2&limit=10`, method: 'GET' });
  });

  it('sends the method and the escaped path parameters, and answers a 204 with nothing', async () => {
    const sent = serverAnswering(204);
    pointApiClientAt(ORIGIN);
    await expect(serverCall('put', API_ROUTES.configs.delete, { params: { id: 'a/b' } })).resolves.toBeUndefined();
    expect(sent()).toMatchObject({ url: `${ORIGIN}${API_BASE}/config/a%2Fb/delete`, method: 'PUT' });
  });

  it('refuses at compile time what the server does not take', () => {
    // Each line must fail the typecheck: without the error, `@ts-expect-error` itself fails it. Never called.
    const [params, schema, list] = [{ id: '1' }, configSchema, listResultSchema(configSchema)];
    const calls = () => [
      // @ts-expect-error the server mounts no such route
      serverCall('get', '/config/everything', { schema }),
      // @ts-expect-error GET is not taken on a configuration's update route
      serverCall('get', API_ROUTES.configs.update, { params, schema }),
      // @ts-expect-error the route's id is missing
      serverCall('get', API_ROUTES.configs.byId, { schema }),
      // @ts-expect-error a preset's schema does not produce the configuration the server answers with
      serverCall('get', API_ROUTES.configs.byId, { params, schema: presetSchema }),
      // @ts-expect-error a group share takes group ids, not a name
      serverCall('put', API_ROUTES.configs.shareGroup, { params, body: { name: 'x' }, schema }),
      // @ts-expect-error a list's limit is a number
      serverCall('get', API_ROUTES.configs.filtered, { query: { limit: 'ten' }, schema: list }),
    ];
    expect(calls).toBeTypeOf('function');
  });
});
