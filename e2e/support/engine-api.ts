import {
  ENGINE_FUNCTIONS,
  ENGINE_OBJECT_PATHS,
  ENGINE_PROPERTIES,
  type EngineFunctionName,
  type EnginePropertyName,
  type EnginePropertyValue,
  type EngineResult,
} from '@autostudio/protocol';
import { E2E_ENGINE_PORT } from './server';

/**
 * How long a new light may take to reach the engine: it recompiles every material's shader in the reference engine
 * (custom-lights.ts), seconds of SwiftShader on a busy two-core machine, where 5 s once ran out.
 */
export const LIGHT_ADDED_MS = 20_000;

/**
 * How long loading a configuration may take to be confirmed: the studio says so once the engine has taken it (trim,
 * paint, environment and time of day together), over 5 s on a slow two-core machine beside the engine tier.
 */
export const CONFIGURATION_LOADED_MS = 20_000;

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

/** An object property of the shared engine (PUT /remote/object/property, READ_ACCESS), e.g. switchToPathTraceOnIdle. */
export async function engineProperty<Name extends EnginePropertyName>(name: Name): Promise<EnginePropertyValue<Name>> {
  const response = await fetch(`http://127.0.0.1:${E2E_ENGINE_PORT}/remote/object/property`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      objectPath: ENGINE_OBJECT_PATHS[ENGINE_PROPERTIES[name].object],
      propertyName: name,
      access: 'READ_ACCESS',
    }),
  });
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as Record<string, EnginePropertyValue<Name>>)[name] as EnginePropertyValue<Name>;
}
