import {
  ENGINE_FUNCTIONS,
  ENGINE_OBJECT_PATHS,
  parseEngineParams,
  parseEngineResult,
  type EngineFunctionName,
  type EngineParams,
  type EngineResult,
} from '@autostudio/protocol';
import { RenderFailure } from './render-runner.js';

const CALL_TIMEOUT_MS = 120_000;

/** An engine that refused a call or did not answer: the user is told what the engine said. */
export class EngineCallError extends RenderFailure {
  override name = 'EngineCallError';
}

/**
 * The Remote Control API of one engine, as a render worker calls it over HTTP (`PUT /remote/object/call` on the
 * function's object): parameters checked against the catalogue before they leave, answers when they come back.
 */
export class EngineRemote {
  constructor(readonly instanceId: string) {}

  async call<Name extends EngineFunctionName>(
    name: Name,
    params: EngineParams<Name>,
    signal?: AbortSignal,
  ): Promise<EngineResult<Name>> {
    const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(`http://${this.instanceId}/remote/object/call`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          objectPath: ENGINE_OBJECT_PATHS[ENGINE_FUNCTIONS[name].object],
          functionName: name,
          parameters: parseEngineParams(name, params),
          generateTransaction: false,
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new EngineCallError(`The render engine did not answer ${name}: ${(error as Error).message}`);
    }
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : {};
    if (!response.ok) {
      const message =
        typeof body === 'object' && body !== null && 'errorMessage' in body ? String(body.errorMessage) : text;
      throw new EngineCallError(`The render engine refused ${name}: ${message}`);
    }
    return parseEngineResult(name, body);
  }
}
