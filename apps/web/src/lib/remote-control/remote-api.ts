import { REMOTE_CONFIG_DEFAULTS, SOCKET_MESSAGES, type RemoteConfig } from '@autostudio/protocol';
import { RemoteControlError, type RemoteControlClient } from './remote-control-client';

export type RemoteOperation =
  | { type: 'object'; objectPath: string; functionName: string; parameters?: Record<string, unknown> }
  | { type: 'property'; name: string; value: unknown }
  | { type: 'function'; name: string; parameters?: Record<string, unknown> };

/**
 * The engine's Remote Control API as the configurator uses it (spec §7 "Engine remote API through the socket"):
 * object calls, preset properties and preset functions, one at a time or in parallel batches.
 */
export class RemoteApi {
  constructor(
    private readonly client: RemoteControlClient,
    private readonly config: RemoteConfig = REMOTE_CONFIG_DEFAULTS,
  ) {}

  /** PUT /remote/object/call. */
  callObject<T = Record<string, unknown>>(
    objectPath: string,
    functionName: string,
    parameters: Record<string, unknown> = {},
    generateTransaction = false,
  ): Promise<T> {
    return this.client.call<T>('/remote/object/call', { objectPath, functionName, parameters, generateTransaction });
  }

  /** The car, camera, post-process, light and car-state variants differ only by their default object (spec §7). */
  callCar<T = Record<string, unknown>>(functionName: string, parameters?: Record<string, unknown>) {
    return this.callObject<T>(this.config.objectPath, functionName, parameters);
  }
  callCamera<T = Record<string, unknown>>(functionName: string, parameters?: Record<string, unknown>) {
    return this.callObject<T>(this.config.cameraPath, functionName, parameters);
  }
  callPostProcess<T = Record<string, unknown>>(functionName: string, parameters?: Record<string, unknown>) {
    return this.callObject<T>(this.config.postProcessingPath, functionName, parameters);
  }
  callLight<T = Record<string, unknown>>(functionName: string, parameters?: Record<string, unknown>) {
    return this.callObject<T>(this.config.lightPath, functionName, parameters);
  }
  callCarState<T = Record<string, unknown>>(functionName: string, parameters?: Record<string, unknown>) {
    return this.callObject<T>(this.config.carStateManagerPath, functionName, parameters);
  }
  /** Light removal wraps its parameter as ID (spec §7). */
  removeLight<T = Record<string, unknown>>(id: number) {
    return this.callLight<T>('RemoveLight', { ID: id });
  }

  /** PUT /remote/preset/{presetName}/property/{name}. */
  setPresetProperty(name: string, propertyValue: unknown, generateTransaction = false): Promise<unknown> {
    return this.client.call(
      `/remote/preset/${encodeURIComponent(this.config.presetName)}/property/${encodeURIComponent(name)}`,
      {
        propertyValue,
        generateTransaction,
      },
    );
  }

  /** PUT /remote/preset/{presetName}/function/{name}; the first returned value when there is one (spec §7). */
  async callPresetFunction<T = unknown>(
    name: string,
    parameters: Record<string, unknown> = {},
    generateTransaction = false,
  ): Promise<T | undefined> {
    const body = await this.client.call<{ ReturnedValues?: unknown[] }>(
      `/remote/preset/${encodeURIComponent(this.config.presetName)}/function/${encodeURIComponent(name)}`,
      { parameters, generateTransaction },
    );
    const values = body.ReturnedValues ?? [];
    return values.length > 0 ? (values[0] as T) : undefined;
  }

  /** Runs operations in parallel; each answer in the order asked. */
  batch(operations: RemoteOperation[]): Promise<unknown[]> {
    return Promise.all(
      operations.map((operation) => {
        switch (operation.type) {
          case 'object':
            return this.callObject(operation.objectPath, operation.functionName, operation.parameters);
          case 'property':
            return this.setPresetProperty(operation.name, operation.value);
          case 'function':
            return this.callPresetFunction(operation.name, operation.parameters);
          default:
            return Promise.reject(new RemoteControlError(SOCKET_MESSAGES.unknownOperationType));
        }
      }),
    );
  }
}
