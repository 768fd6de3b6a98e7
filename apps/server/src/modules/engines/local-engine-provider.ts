import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  ENGINE_CONTROL_KEY_ENV,
  ENGINE_FETCH_ALLOW_ENV,
  ENGINE_WEBRTC_ADDRESSES_ENV,
  ENGINE_FILES_URL_ENV,
  ENGINE_SIGNALLING_URL_ENV,
} from '@autostudio/protocol';
import { resetEngineScene } from './engine-control.js';
import { engineAnswers, type EngineInstance, type EngineProvider } from './engine-pool.js';
import { freePort } from './free-port.js';

/** The reference engine's command line, built beside the server. */
export const ENGINE_CLI = path.resolve(import.meta.dirname, '../../../../engine/dist/cli.js');

/** How long a reference engine (Chromium, the car, the first frame) may take to start on a busy two-core host. */
export const START_TIMEOUT_MS = 90_000;

interface LocalEngine extends EngineInstance {
  process: ChildProcess;
  port: number;
}

export interface LocalEngineProviderOptions {
  max: number;
  warm: number;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Told when an engine process dies, so its session can turn to Error. */
  onEngineDied?: (engineId: string, reason: string) => void;
  /** The command line to run; the built reference engine by default. */
  cli?: string | undefined;
  /** Where engines announce their Pixel Streaming stream (with the engine key); null while the server is not listening. */
  signallingUrl?: (() => string | null) | undefined;
  /** Where engines download this server's signed file links (ENGINE_FILES_URL, else where it listens). */
  filesUrl?: (() => string | undefined) | undefined;
  /** Further hosts engines may fetch images and models from (ENGINE_FETCH_ALLOW). */
  fetchAllow?: string[] | undefined;
  /** Addresses besides loopback whose ICE candidates the engines' players are told (ENGINE_WEBRTC_ADDRESSES). */
  webrtcAddresses?: string[] | undefined;
  /** False for render engines: their viewport is never watched, so refining it only takes CPU from live engines. */
  idleRefinement?: boolean;
}

/**
 * Reference engines as child processes on this machine, started on demand up to ENGINE_MAX, with ENGINE_WARM
 * kept started and idle so that allocation does not wait for a browser to start.
 */
export class LocalEngineProvider implements EngineProvider {
  readonly kind = 'local';
  private readonly running = new Map<string, LocalEngine>();
  private startingCount = 0;
  private closed = false;
  private sequence = 0;
  /** Only this server may reset its engines; other local processes cannot, even on loopback. */
  private readonly controlKey = randomBytes(24).toString('base64url');

  constructor(private readonly options: LocalEngineProviderOptions) {}

  engines(): EngineInstance[] {
    return [...this.running.values()].map(({ id, instanceId, streamerId, upSince }) => ({
      id,
      instanceId,
      streamerId,
      upSince,
    }));
  }

  capacity(): number {
    return this.options.max;
  }

  starting(): number {
    return this.startingCount;
  }

  /** The process behind an engine, for diagnostics. */
  processId(engineId: string): number | undefined {
    return this.running.get(engineId)?.process.pid;
  }

  /** Starts the warm spares in the background; allocation will find them ready. */
  warmUp(free: number): void {
    const wanted = Math.min(this.options.warm - free, this.options.max - this.running.size - this.startingCount);
    for (let i = 0; i < wanted; i += 1) {
      this.grow().catch((error: unknown) => this.options.log.error({ err: error }, 'warm engine failed to start'));
    }
  }

  async grow(): Promise<EngineInstance | null> {
    if (this.closed || this.running.size + this.startingCount >= this.options.max) return null;
    this.startingCount += 1;
    try {
      const engine = await this.start();
      return { id: engine.id, instanceId: engine.instanceId, streamerId: engine.streamerId, upSince: engine.upSince };
    } finally {
      this.startingCount -= 1;
    }
  }

  /**
   * The engine goes back to its default scene in place (milliseconds, where a restart takes seconds). Should the
   * reset fail, a fresh process is the sure way to the default state, so the engine is replaced instead.
   */
  async reset(engine: EngineInstance): Promise<void> {
    const local = this.running.get(engine.id);
    if (!local) return;
    try {
      if ((await resetEngineScene(engine.instanceId, this.controlKey)) === 'reset') return;
    } catch (error) {
      this.options.log.warn({ err: error, engineId: engine.id }, 'engine reset failed; restarting it');
    }
    this.running.delete(engine.id);
    local.process.kill('SIGTERM');
    await this.grow();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      [...this.running.values()].map(
        (engine) =>
          new Promise<void>((resolve) => {
            engine.process.once('exit', () => resolve());
            engine.process.kill('SIGTERM');
            setTimeout(() => {
              engine.process.kill('SIGKILL');
              resolve();
            }, 5000).unref();
          }),
      ),
    );
    this.running.clear();
  }

  private async start(): Promise<LocalEngine> {
    const cli = this.options.cli ?? ENGINE_CLI;
    if (!fs.existsSync(cli))
      throw new Error(`The reference engine is not built (${cli} is missing): run npm run build`);
    const port = await freePort();
    this.sequence += 1;
    const id = `local-${port}-${this.sequence}`;
    const dataDir = path.join(this.options.dataDir, 'engines', id);
    const signallingUrl = this.options.signallingUrl?.() ?? null;
    // --exit-with-parent: the engine goes when this process does, however it ends (the engine watches our end of its
    // stdin), so a killed server leaves no engine and Chromium behind.
    const args = [cli, '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir, '--exit-with-parent'];
    // The streamer id is the engine id, which is what sessions hand players as the stream to watch.
    if (signallingUrl) args.push('--streamer-id', id);
    if (this.options.idleRefinement === false) args.push('--idle-refinement', 'off');
    // Keys go through the environment, which only the engine's owner can read: every local user sees the command line.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      [ENGINE_CONTROL_KEY_ENV]: this.controlKey,
      // Empty when this server does not listen yet: no stream, rather than one to an address the server inherited.
      [ENGINE_SIGNALLING_URL_ENV]: signallingUrl ?? '',
    };
    const filesUrl = this.options.filesUrl?.();
    if (filesUrl) env[ENGINE_FILES_URL_ENV] = filesUrl;
    if (this.options.fetchAllow) env[ENGINE_FETCH_ALLOW_ENV] = this.options.fetchAllow.join(',');
    // Set even when empty: an engine offers loopback candidates only, whatever this server's own environment says.
    env[ENGINE_WEBRTC_ADDRESSES_ENV] = (this.options.webrtcAddresses ?? []).join(',');
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    const engine: LocalEngine = { id, instanceId: `127.0.0.1:${port}`, streamerId: id, process: child, port };
    const exited = new Promise<never>((_resolve, reject) => {
      child.once('exit', (code) =>
        reject(new Error(`engine exited with code ${code ?? 'null'} while starting: ${stderr.trim()}`)),
      );
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    const ready = (async () => {
      while (Date.now() < deadline) {
        if (await engineAnswers(engine.instanceId, 1000)) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`engine did not answer within ${START_TIMEOUT_MS / 1000} s`);
    })();
    try {
      await Promise.race([ready, exited]);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    exited.catch(() => undefined);
    engine.upSince = new Date().toISOString();
    this.running.set(id, engine);
    this.options.log.info({ engineId: id, instanceId: engine.instanceId }, 'reference engine started');
    child.once('exit', (code, signal) => {
      if (this.running.get(id)?.process !== child) return;
      this.running.delete(id);
      const reason = `the engine stopped (${signal ?? `exit code ${code ?? 'unknown'}`})`;
      this.options.log.warn({ engineId: id, code, signal }, 'reference engine died');
      this.options.onEngineDied?.(id, reason);
    });
    return engine;
  }
}
