import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestEngine } from '@autostudio/engine/testing';
import { ENGINE_CONTROL_ROUTES } from '@autostudio/protocol';

export interface SlowResetEngine {
  /** Where the server reaches the engine: give it to `staticEngines`. */
  base: string;
  /** When each reset was answered (performance.now()), in order. */
  resetsDone: number[];
  close(): Promise<void>;
}

/**
 * The real test engine behind a pass-through that makes its reset slow, as a real engine's is (it reloads its
 * scene): every request goes through unchanged, the reset only answers after `resetMs`.
 */
export async function slowResetting(engine: TestEngine, resetMs: number): Promise<SlowResetEngine> {
  const resetsDone: number[] = [];
  const forward = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url === ENGINE_CONTROL_ROUTES.reset) await new Promise((resolve) => setTimeout(resolve, resetMs));
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
