import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_ROUTES, type Preset } from '@autostudio/protocol';
import { multipartBody, PNG_1X1, tinyGlb } from '../multipart.js';
import { loadConfig } from '../../config.js';
import { ADMIN_PASSWORD, NO_ENGINES, startTestApp, type TestApp } from '../test-app.js';
import { testDatabases } from '../test-databases.js';
import { arbitraryFor, type JsonSchema } from './json-schema-arbitrary.js';

/**
 * Every operation of the API, as the OpenAPI document generated from the route table's zod schemas lists them, is
 * sent requests generated from its own schema (path, query and JSON body), as the administrator, as a user and
 * without credentials. None may answer with a 5xx that its schema does not declare (the one declared is session
 * allocation's 503 "every engine is in use", an answer of the spec), and the server must still answer its health
 * check afterwards.
 * A failure names the smallest request fast-check could shrink it to.
 *
 * The WebSocket routes (remote-control relay, signalling) are not HTTP calls and have suites of their own.
 */

/**
 * At least this many requests in all, spread evenly over the operations, on each database: about 1,000 in every
 * `npm test`, with a new seed each run so that runs together explore far more than one; FUZZ_REQUESTS=10000 for a
 * long run.
 */
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1_000);
/** New each run and printed, so that a failure can be replayed with FUZZ_SEED. */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;
type Method = (typeof METHODS)[number];

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

type Caller = 'admin' | 'user' | 'nobody';

/** One generated request, before it is encoded. */
interface GeneratedRequest {
  caller: Caller;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: { json: unknown } | { multipart: { fields: Record<string, string>; file?: MultipartFile } };
}

interface MultipartFile {
  field: string;
  name: string;
  content: Buffer;
}

/** Field names the multipart routes read (uploads, asset models, configurations), and a few they do not. */
const MULTIPART_FIELDS = [
  'file',
  'filename',
  'groupId',
  'name',
  'category',
  'description',
  'settings',
  'brand',
  'model',
  'thumbnail',
  'isDefault',
  'tags',
];

const multipartArbitrary = fc.record(
  {
    fields: fc.dictionary(
      fc.constantFrom(...MULTIPART_FIELDS),
      fc.oneof(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40, unit: 'binary' }), fc.constant('{}')),
      { maxKeys: 5 },
    ),
    file: fc.record({
      field: fc.constantFrom('file', 'model', 'thumbnail', 'image', 'other'),
      name: fc.oneof(
        fc.constantFrom('car.glb', 'backplate.png', 'scene.zip', '../../etc/passwd', 'a\u0000b.png', ''),
        fc.string({ maxLength: 30 }),
      ),
      content: fc.oneof(
        fc.constant(PNG_1X1),
        fc.constant(tinyGlb()),
        fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      ),
    }),
  },
  { requiredKeys: ['fields'] },
);

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    // The media wildcard is a key with slashes in it; every other parameter is one segment.
    return name === '*' ? encodeURI(text) : encodeURIComponent(text);
  });
}

describe.each(testDatabases)('every API route fuzzed from its schema on $name', (database) => {
  let t: TestApp;
  const tokens: Record<Exclude<Caller, 'nobody'>, string> = { admin: '', user: '' };
  const known: string[] = [];
  let operations: { method: Method; path: string; operation: Operation }[] = [];
  let document: OpenApiDocument;
  let sent = 0;

  beforeAll(async () => {
    process.stdout.write(`schema fuzz on ${database.name}: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${TOTAL_REQUESTS}\n`);
    t = await startTestApp(database, {
      // No engine at all: allocation must answer, not start browsers.
      engines: NO_ENGINES,
      // Jobs stay queued: the queue's own suite runs workers.
      render: { ...loadConfig({}).render, workers: 0 },
    });
    tokens.admin = await t.adminToken();
    tokens.user = (await t.createUser('fuzz-user')).accessToken;
    // Real ids, so that generated requests reach rows and not only "not found".
    const admin = { authorization: `Bearer ${tokens.admin}` };
    const victim = await t.createUser('fuzz-victim');
    const preset = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.presets.create}`,
      headers: admin,
      payload: { name: 'Fuzzed look', type: 'postProcess', settings: '{}' },
    });
    expect(preset.statusCode, preset.body).toBe(201);
    const group = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.groups.create}`,
      headers: admin,
      payload: { name: 'Fuzzed group' },
    });
    expect(group.statusCode, group.body).toBe(201);
    known.push(victim.user.id, 'fuzz-victim', preset.json<Preset>().id, group.json<{ id: string }>().id);

    document = (await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/json` })).json<OpenApiDocument>();
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method]! })),
    );
  });
  afterAll(() => t.close());

  function requestArbitrary(method: Method, operation: Operation): fc.Arbitrary<GeneratedRequest> {
    const options = { components: document.components?.schemas ?? {}, knownStrings: known };
    const parameters = (where: Parameter['in']) => {
      const list = (operation.parameters ?? []).filter((parameter) => parameter.in === where);
      return fc.record(
        Object.fromEntries(list.map((parameter) => [parameter.name, arbitraryFor(parameter.schema, options)])),
        { requiredKeys: list.filter((parameter) => parameter.required || where === 'path').map((p) => p.name) },
      );
    };
    const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
    const body: fc.Arbitrary<GeneratedRequest['body']> = jsonSchema
      ? arbitraryFor(jsonSchema, options).map((json) => ({ json }))
      : method === 'post' || method === 'put'
        ? fc.option(
            multipartArbitrary.map((multipart) => ({ multipart })),
            { nil: undefined },
          )
        : fc.constant(undefined);
    return fc.record({
      caller: fc.constantFrom<Caller>('admin', 'admin', 'admin', 'user', 'nobody'),
      path: parameters('path'),
      query: parameters('query'),
      body,
    });
  }

  async function send(method: Method, template: string, request: GeneratedRequest) {
    const headers: Record<string, string> = {};
    if (request.caller !== 'nobody') headers.authorization = `Bearer ${tokens[request.caller]}`;
    const options: InjectOptions = {
      method: method.toUpperCase(),
      url: `${API_BASE}${fillPath(template, request.path)}${queryString(request.query)}`,
      headers,
    };
    if (request.body && 'json' in request.body) {
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify(request.body.json);
    } else if (request.body) {
      const { fields, file } = request.body.multipart;
      const encoded = await multipartBody(fields, file ? { [file.field]: file } : {});
      Object.assign(headers, encoded.headers);
      options.payload = encoded.payload;
    }
    sent += 1;
    return t.app.inject(options);
  }

  /** Signs the administrator and the user in again if a generated request signed them out. */
  async function keepSignedIn(): Promise<void> {
    for (const caller of ['admin', 'user'] as const) {
      const verify = await t.app.inject({
        method: 'GET',
        url: `${API_BASE}${API_ROUTES.auth.verify}`,
        headers: { authorization: `Bearer ${tokens[caller]}` },
      });
      if (verify.statusCode === 200) continue;
      const [username, password] = caller === 'admin' ? ['admin', ADMIN_PASSWORD] : ['fuzz-user', 'fuzz-user-password'];
      tokens[caller] = (await t.login(username, password)).accessToken;
    }
  }

  it('lists every documented operation', () => {
    expect(operations.length).toBeGreaterThan(70);
  });

  const total = TOTAL_REQUESTS;
  it(`answers ${total.toLocaleString('en')} generated requests without a 5xx, and stays up (FUZZ_SEED=${SEED})`, async () => {
    const runsPerOperation = Math.ceil(total / operations.length);
    const failures: string[] = [];
    for (const [index, { method, path, operation }] of operations.entries()) {
      await keepSignedIn();
      const declared = new Set(Object.keys(operation.responses ?? {}));
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(method, operation), async (request) => {
          const response = await send(method, path, request);
          if (response.statusCode >= 500 && !declared.has(String(response.statusCode))) {
            throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
          }
        }),
        {
          numRuns: runsPerOperation,
          seed: SEED + index,
          endOnFailure: false,
        },
      );
      if (result.failed) {
        failures.push(
          `${method.toUpperCase()} ${path} (FUZZ_SEED=${SEED}): ${String(result.errorInstance)}\n  request: ${fc.stringify(result.counterexample)}`,
        );
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(total);
    const health = await t.app.inject({ method: 'GET', url: `${API_BASE}${API_ROUTES.health}` });
    expect(health.statusCode).toBe(200);
  }, 300_000);
});
