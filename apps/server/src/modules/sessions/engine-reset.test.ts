import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestEngine, type TestEngine } from '@autostudio/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ENGINE_CONTROL_ROUTES, type LoginResponse } from '@autostudio/protocol';
import { startTestApp, staticEngines, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';

/** How long the engine takes to reset here: long enough to ask for it in the middle. */
const RESET_MS = 1500;

/**
 * The real test engine behind a pass-through that makes its reset slow, as a real engine's is (it reloads its
 * scene): every request goes through unchanged, the reset only answers after RESET_MS.
 */
async function slowResetting(
  engine: TestEngine,
): Promise<{ base: string; resetsDone: number[]; close(): Promise<void> }> {
  const resetsDone: number[] = [];
  const forward = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url === ENGINE_CONTROL_ROUTES.reset) await new Promise((resolve) => setTimeout(resolve, RESET_MS));
    const answer = await fetch(`${engine.base}${request.url ?? '/'}`, {
      method: request.method,
      headers: Object.fromEntries(
        Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    if (request.url === ENGINE_CONTROL_ROUTES.reset) resetsDone.push(performance.now());
    response.end(Buffer.from(await answer.arrayBuffer()));
  };
  const server = http.createServer((request, response) => void forward(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    resetsDone,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases)('an engine given back on $name', (database) => {
  let engine: TestEngine;
  let front: Awaited<ReturnType<typeof slowResetting>>;
  let t: TestApp;
  let ada: LoginResponse;
  let bob: LoginResponse;

  beforeAll(async () => {
    engine = await startTestEngine();
    front = await slowResetting(engine);
    t = await startTestApp(database, { engines: staticEngines([front]) });
    ada = await t.createUser('ada');
    bob = await t.createUser('bob');
  });
  afterAll(async () => {
    await t.close();
    await front.close();
    await engine.close();
  });

  const session = (user: LoginResponse, url: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: {},
    });

  it('goes to nobody else while it resets: the next user asking meanwhile is given it once it is reset', async () => {
    expect((await session(ada, API_ROUTES.sessions.requestAllocate)).statusCode).toBe(200);
    const released = session(ada, API_ROUTES.sessions.release);
    await new Promise((resolve) => setTimeout(resolve, RESET_MS / 3));
    // Asked mid-reset: lending it now would let the reset wipe this user's car and settings.
    const meanwhile = await session(bob, API_ROUTES.sessions.requestAllocate);
    const answeredAt = performance.now();
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    expect(front.resetsDone).toHaveLength(1);
    expect(answeredAt).toBeGreaterThan(front.resetsDone[0] ?? Infinity);
    expect((await released).statusCode).toBe(200);
  });
});
