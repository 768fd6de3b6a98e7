import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSON_DEPTH_MESSAGE, nestsDeeperThan } from '@autostudio/protocol';
import type { Scene } from '../scene/scene.js';
import { handleControl, isControlRoute } from './control-routes.js';
import { field, isRecord } from './keys.js';
import { waitedFor } from '../scene/caller-signal.js';
import { RemoteControlRoutes, fail, routeNotFound, type RemoteAnswer } from './remote-control-routes.js';

/**
 * The Remote Control HTTP server on node:http: the engine needs a dozen routes and Unreal's own wire rules (exact
 * content type, CORS on every answer, `{errorMessage}` bodies), which a framework's defaults would fight.
 */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'PUT, POST, GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Origin, X-Requested-With, Content-Type, Accept',
  'Access-Control-Max-Age': '600',
} as const;

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface RemoteControlServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export interface RequestLog {
  method: string;
  url: string;
  status: number;
  ms: number;
}

export async function startRemoteControlServer(options: {
  scene: Scene;
  port: number;
  host: string;
  /** The key the pooling server presents to the control routes; without one they answer loopback callers only. */
  controlKey?: string | undefined;
  onRequest?: (entry: RequestLog) => void;
}): Promise<RemoteControlServer> {
  const routes = new RemoteControlRoutes(options.scene);
  // Unreal runs every request on its game thread, one at a time; so does the engine, so that a slow call (a model
  // load, a still) is never interleaved with another change of the scene.
  let turn: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work, work);
    turn = result.catch(() => undefined);
    return result;
  };
  // Control routes take no body; a reset waits its turn like any call, so it never lands in the middle of one.
  const control = (req: IncomingMessage) => {
    req.resume();
    const method = (req.method ?? 'GET').toUpperCase();
    return serial(() => handleControl(req, method, options.scene, options.controlKey));
  };
  const server = createServer((req, res) => {
    const started = Date.now();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    // The client gone before its answer was sent: the work it asked for is for nobody (see caller-signal.ts).
    const client = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) client.abort(new Error('The client closed the connection'));
    });
    void waitedFor(client.signal, () => (isControlRoute(path) ? control(req) : respond(routes, req, serial)))
      .catch((error: unknown) => fail(500, error instanceof Error ? error.message : String(error)))
      .then((answer) => {
        send(res, answer);
        options.onRequest?.({
          method: req.method ?? '',
          url: req.url ?? '',
          status: answer.status,
          ms: Date.now() - started,
        });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(res: ServerResponse, answer: RemoteAnswer): void {
  const payload = answer.body === null ? '' : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

async function respond(
  routes: RemoteControlRoutes,
  req: IncomingMessage,
  serial: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<RemoteAnswer> {
  const method = (req.method ?? 'GET').toUpperCase();
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  // OPTIONS answers on /remote and every path below it: browsers preflight the sub-paths (reference §A2).
  if (method === 'OPTIONS') {
    return /^\/remote(\/|$)/i.test(path) ? { status: 200, body: null } : routeNotFound(path);
  }
  const isBatch = method === 'PUT' && /^\/remote\/batch\/?$/i.test(path);
  if (!isBatch && !routes.matches(method, path)) {
    req.resume();
    return routeNotFound(path);
  }
  let body: unknown = undefined;
  if (method === 'PUT') {
    // Unreal compares the first Content-Type to the literal; "application/json; charset=utf-8" is refused too.
    if (req.headers['content-type'] !== 'application/json') {
      req.resume();
      return fail(400, 'Request content type must be application/json');
    }
    const text = await readBody(req);
    if (text === null) return fail(413, 'The request body is too large');
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return fail(400, 'Unable to parse the request body as JSON');
      }
      // Checked before the scene, zod or JSON.stringify (an echoed value) walk it: deep enough, they overflow the stack.
      if (nestsDeeperThan(body)) return fail(400, `The request body ${JSON_DEPTH_MESSAGE}`);
    }
  }
  return serial(() => (isBatch ? batch(routes, body) : routes.handle(method, path, body)));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * PUT /remote/batch: always 200; each request answers with its own code, in request order, `null` for an empty
 * body. Requests run one after another, as Unreal runs them on its game thread.
 */
async function batch(routes: RemoteControlRoutes, body: unknown): Promise<RemoteAnswer> {
  const requests = isRecord(body) ? field(body, 'Requests') : undefined;
  if (!Array.isArray(requests)) return fail(400, 'The batch request must have a Requests array');
  const responses = [];
  for (const item of requests) {
    const request = isRecord(item) ? item : {};
    const id = field(request, 'RequestId');
    const url = field(request, 'URL');
    const verb = field(request, 'Verb');
    let answer: RemoteAnswer;
    if (typeof url !== 'string' || typeof verb !== 'string') {
      answer = fail(400, 'A batch request needs URL and Verb');
    } else {
      const path = url.split('?')[0] ?? '';
      answer = /^\/remote\/batch\/?$/i.test(path)
        ? fail(400, 'A batch cannot contain a batch')
        : await routes.handle(verb, path, field(request, 'Body'));
    }
    responses.push({
      RequestId: typeof id === 'number' ? id : -1,
      ResponseCode: answer.status,
      ResponseBody: answer.body,
    });
  }
  return { status: 200, body: { Responses: responses } };
}
