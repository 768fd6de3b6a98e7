import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { StaticEngineProvider, type EngineProvider } from './engine-pool.js';
import { LocalEngineProvider } from './local-engine-provider.js';
import { RegisteredEngineProvider } from './registered-engine-provider.js';

export interface ProviderContext {
  dataDir: string;
  log: FastifyBaseLogger;
  onEngineDied: (engineId: string, reason: string) => void;
  cli?: string | undefined;
  signallingUrl?: () => string | null;
  filesUrl?: (() => string | undefined) | undefined;
  fetchAllow?: string[] | undefined;
}

/** The engine provider the configuration names. */
export function createEngineProvider(config: AppConfig['engines'], context: ProviderContext): EngineProvider {
  switch (config.provider) {
    case 'static':
      return new StaticEngineProvider(config.instances, config.registrationKey);
    case 'local':
      return new LocalEngineProvider({
        max: config.max,
        warm: config.warm,
        webrtcAddresses: config.webrtcAddresses,
        ...context,
      });
    case 'register':
      if (!config.registrationKey) throw new Error('ENGINE_PROVIDER=register needs ENGINE_REGISTRATION_KEY');
      return new RegisteredEngineProvider({
        key: config.registrationKey,
        timeoutSeconds: config.heartbeatTimeoutSeconds,
        log: context.log,
        onEngineDied: context.onEngineDied,
      });
  }
}
