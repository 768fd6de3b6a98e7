import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabases } from '../test/test-databases.js';
import { formatOpenApiDocument, generateOpenApiDocument, OPENAPI_FILE } from './openapi-document.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
}

/** The only calls that need no credentials: signing in and out, and the health checks. */
const PUBLIC_OPERATIONS = [
  'POST /auth/login',
  'POST /auth/logout',
  'GET /auth/options',
  'GET /auth/sso/login',
  'GET /auth/sso/callback',
  'GET /health',
  'GET /health/ready',
];

describe('the OpenAPI document', () => {
  let generated: string;
  beforeAll(async () => {
    generated = await generateOpenApiDocument();
  });

  it('names the API, serves it under /api and gives every operation a tag and a summary', () => {
    const document = JSON.parse(generated) as {
      info: { title: string };
      servers: { url: string }[];
      paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    };
    expect(document.info.title).toBe('Autostudio API');
    expect(document.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(document.paths)).toContain('/aws-s3/auth-cookie');
    const undocumented = Object.entries(document.paths).flatMap(([url, item]) =>
      METHODS.filter((method) => item[method] && !(item[method].summary && item[method].tags?.length)).map(
        (method) => `${method.toUpperCase()} ${url}`,
      ),
    );
    expect(undocumented, 'every route needs schema.tags and schema.summary').toEqual([]);
    expect(Object.keys(document.paths).filter((url) => url.startsWith('/api') || url.startsWith('/docs'))).toEqual([]);
  });

  it('marks every operation that needs a signed-in user, and only those are left unmarked that are public', () => {
    const document = JSON.parse(generated) as {
      paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    };
    const unmarked = Object.entries(document.paths).flatMap(([url, item]) =>
      METHODS.filter((method) => item[method] && !item[method].security).map(
        (method) => `${method.toUpperCase()} ${url}`,
      ),
    );
    expect(unmarked.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
  });
});

describe('the API docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabases[0]!);
  });
  afterAll(() => t.close());

  it('serve the document at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(formatOpenApiDocument(response.json())).toBe(fs.readFileSync(OPENAPI_FILE, 'utf8'));
  });

  it('serve Swagger UI at /api/docs under the same Content-Security-Policy as the rest', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    expect(docs.body).toContain('/api/docs/static/swagger-ui-bundle.js');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(docs.headers['content-security-policy']).toBe(health.headers['content-security-policy']);
    expect(health.headers['content-security-policy']).toContain("script-src 'self';");
  });
});
