import type { Renderer } from './contract/renderer.js';
import type { FetchPolicy } from './scene/engine-fetch.js';
import type { PathTracingMode } from './contract/render-contract.js';
import { Scene } from './scene/scene.js';
import { startRemoteControlServer, type RemoteControlServer, type RequestLog } from './server/http-server.js';

export interface EngineOptions {
  renderer: Renderer;
  dataDir: string;
  port: number;
  host: string;
  width: number;
  height: number;
  pathTracing?: PathTracingMode;
  /** The key the pooling server presents to the control routes (reset); without one they answer loopback only. */
  controlKey?: string | undefined;
  /** What Download File and the image imports may fetch; nothing when absent. */
  fetchPolicy?: FetchPolicy | undefined;
  onRequest?: (entry: RequestLog) => void;
}

export interface RunningEngine {
  scene: Scene;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the renderer and its first frame, then the Remote Control server: once GET /remote/info answers, the
 * engine can also answer with pictures.
 */
export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const scene = new Scene({
    renderer: options.renderer,
    dataDir: options.dataDir,
    viewport: { width: options.width, height: options.height },
    pathTracing: options.pathTracing,
    fetchPolicy: options.fetchPolicy,
  });
  options.renderer.onViewportRequest?.((width, height) => {
    void scene.resizeViewport(width, height);
  });
  await options.renderer.start(scene.state);
  let server: RemoteControlServer;
  try {
    server = await startRemoteControlServer({
      scene,
      port: options.port,
      host: options.host,
      controlKey: options.controlKey,
      onRequest: options.onRequest,
    });
  } catch (error) {
    await options.renderer.close();
    throw error;
  }
  return {
    scene,
    port: server.port,
    close: async () => {
      await server.close();
      await scene.close();
      await options.renderer.close();
    },
  };
}
