import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithWebApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestAppWithWebApp(testDatabases[0]!);
  });
  afterAll(() => t.close());

  it.each(['/', '/login', '/landing', '/admin/users', '/no/such/page'])('answers %s with the app', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>Autostudio</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers an unknown API path with a JSON 404, not the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/no-such-thing not found',
    });
  });

  it('does not answer a POST to an app path with the app', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/landing' });
    expect(response.statusCode).toBe(404);
  });
});
