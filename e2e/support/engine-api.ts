import {
  ENGINE_FUNCTIONS,
  ENGINE_OBJECT_PATHS,
  type EngineFunctionName,
  type EngineResult,
} from '@autostudio/protocol';
import { E2E_ENGINE_PORT } from './server';

/**
 * The shared test engine's Remote Control API, called directly: what a browser test changed is proved by reading
 * it back from the engine, not from the page that changed it.
 */
export async function engineCall<Name extends EngineFunctionName>(
  name: Name,
  parameters: Record<string, unknown> = {},
): Promise<EngineResult<Name>> {
  const response = await fetch(`http://127.0.0.1:${E2E_ENGINE_PORT}/remote/object/call`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      objectPath: ENGINE_OBJECT_PATHS[ENGINE_FUNCTIONS[name].object],
      functionName: name,
      parameters,
    }),
  });
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as EngineResult<Name>;
}

/** The engine's whole configuration, as Get Current Config answers it. */
export async function engineSettings() {
  return (await engineCall('Get Current Config')).Settings;
}
