import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINE_OBJECT_PATHS, type EngineObjectKey } from '@autostudio/protocol';
import { startEngine, type RunningEngine } from '../engine.js';
import { TestRenderer } from './test-renderer.js';

export interface TestEngine {
  engine: RunningEngine;
  renderer: TestRenderer;
  base: string;
  dataDir: string;
  /** A request with the content type Unreal wants, unless `headers` say otherwise. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** PUT /remote/object/call; answers status and body. */
  call(object: EngineObjectKey, functionName: string, parameters?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** An engine on port 0 over the recording renderer, with its own data folder. */
export async function startTestEngine(options: { controlKey?: string } = {}): Promise<TestEngine> {
  const root = await mkdtemp(path.join(tmpdir(), 'autostudio-engine-'));
  const dataDir = path.join(root, 'data');
  const renderer = new TestRenderer();
  const engine = await startEngine({
    renderer,
    dataDir,
    port: 0,
    host: '127.0.0.1',
    width: 320,
    height: 180,
    controlKey: options.controlKey,
  });
  const base = `http://127.0.0.1:${engine.port}`;
  const request = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(base + url, {
      method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    engine,
    renderer,
    base,
    dataDir,
    request,
    call: async (object, functionName, parameters) => {
      const response = await request('PUT', '/remote/object/call', {
        objectPath: ENGINE_OBJECT_PATHS[object],
        functionName,
        ...(parameters === undefined ? {} : { parameters }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
    close: async () => {
      await engine.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
