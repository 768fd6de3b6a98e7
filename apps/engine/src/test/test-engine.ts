import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINE_OBJECT_PATHS, type EngineObjectKey } from '@autostudio/protocol';
import { expect } from 'vitest';
import { startEngine, type RunningEngine } from '../engine.js';
import type { Renderer } from '../contract/renderer.js';
import type { FetchPolicy } from '../scene/engine-fetch.js';
import type { PathTracingMode } from '../contract/render-contract.js';
import { TestRenderer } from './test-renderer.js';

/** The same Chromium and flags the engine uses, for tests that need a browser of their own (a stream player). */
export { CHROMIUM_ARGS, launchChromium } from '../renderer/chromium-launch.js';
export { writeZip, type ZipEntry } from './zip-writer.js';

export interface TestEngine<R extends Renderer = TestRenderer> {
  engine: RunningEngine;
  renderer: R;
  base: string;
  dataDir: string;
  /** A request with the content type Unreal wants, unless `headers` say otherwise. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** PUT /remote/object/call; answers status and body. */
  call(object: EngineObjectKey, functionName: string, parameters?: unknown): Promise<{ status: number; body: unknown }>;
  /** Writes one property through PUT /remote/object/property, as the web app does; a refusal fails the test. */
  setProperty(object: EngineObjectKey, name: string, value: unknown): Promise<void>;
  close(): Promise<void>;
}

/**
 * An engine on port 0 with its own data folder, over the recording renderer unless a test brings a real one
 * (`createRenderer` gets the data folder it must use).
 */
interface TestEngineOptions {
  controlKey?: string;
  width?: number;
  height?: number;
  pathTracing?: PathTracingMode;
  /** What the engine may fetch; nothing by default, as a CLI engine started without --files-url or --fetch-allow. */
  fetchPolicy?: FetchPolicy;
}
export async function startTestEngine<R extends Renderer>(
  options: TestEngineOptions & { createRenderer: (dataDir: string) => R },
): Promise<TestEngine<R>>;
export async function startTestEngine(options?: TestEngineOptions): Promise<TestEngine>;
export async function startTestEngine(
  options: TestEngineOptions & { createRenderer?: (dataDir: string) => Renderer } = {},
): Promise<TestEngine<Renderer>> {
  const root = await mkdtemp(path.join(tmpdir(), 'autostudio-engine-'));
  const dataDir = path.join(root, 'data');
  const renderer = options.createRenderer?.(dataDir) ?? new TestRenderer();
  const engine = await startEngine({
    renderer,
    dataDir,
    port: 0,
    host: '127.0.0.1',
    width: options.width ?? 320,
    height: options.height ?? 180,
    controlKey: options.controlKey,
    pathTracing: options.pathTracing,
    fetchPolicy: options.fetchPolicy,
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
    setProperty: async (object, name, value) => {
      const response = await request('PUT', '/remote/object/property', {
        objectPath: ENGINE_OBJECT_PATHS[object],
        propertyName: name,
        propertyValue: { [name]: value },
        access: 'WRITE_ACCESS',
      });
      expect(response.status, await response.text()).toBe(200);
    },
    close: async () => {
      await engine.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
