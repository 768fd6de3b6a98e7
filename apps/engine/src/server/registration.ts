import {
  API_BASE,
  ENGINE_REGISTRATION_ROUTES,
  engineRegistrationResponseSchema,
  type EngineRegistration,
} from '@autostudio/protocol';

export interface RegistrationOptions {
  /** Base URLs of the Autostudio servers to join (`http://studio:8080`); every server copy keeps its own pool. */
  servers: string[];
  /** ENGINE_REGISTRATION_KEY of the servers. */
  key: string;
  registration: EngineRegistration;
  /** Told about each failed attempt; the client keeps trying. */
  onError?: (server: string, message: string) => void;
  onRegistered?: (server: string) => void;
}

export interface Registration {
  /** Leaves every pool at once (a session on this engine turns to Error) and stops the heartbeats. */
  stop(): Promise<void>;
}

const RETRY_MS = 2000;

/**
 * Joins the servers' engine pools (ENGINE_PROVIDER=register) and keeps a heartbeat. A server that forgot the engine
 * (it restarted, or heartbeats were lost for longer than its timeout) answers 404, and the engine registers again.
 */
export function startRegistration(options: RegistrationOptions): Registration {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };
  const post = (server: string, route: string, body: unknown) =>
    fetch(`${server.replace(/\/+$/, '')}${API_BASE}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.key}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });

  const register = async (server: string): Promise<void> => {
    if (stopped) return;
    try {
      const response = await post(server, ENGINE_REGISTRATION_ROUTES.register, options.registration);
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
      const answer = engineRegistrationResponseSchema.parse(await response.json());
      options.onRegistered?.(server);
      later(answer.heartbeatSeconds * 1000, () => void beat(server, answer.engineId, answer.heartbeatSeconds));
    } catch (error) {
      options.onError?.(server, error instanceof Error ? error.message : String(error));
      later(RETRY_MS, () => void register(server));
    }
  };

  const beat = async (server: string, engineId: string, seconds: number): Promise<void> => {
    if (stopped) return;
    try {
      const response = await post(server, ENGINE_REGISTRATION_ROUTES.heartbeat, { engineId });
      if (response.status === 404) return void register(server);
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    } catch (error) {
      options.onError?.(server, error instanceof Error ? error.message : String(error));
    }
    later(seconds * 1000, () => void beat(server, engineId, seconds));
  };

  for (const server of options.servers) void register(server);

  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(
        options.servers.map((server) =>
          post(server, ENGINE_REGISTRATION_ROUTES.deregister, { engineId: options.registration.streamerId }).catch(
            () => undefined,
          ),
        ),
      );
    },
  };
}
