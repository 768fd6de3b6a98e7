import {
  ENGINE_FUNCTIONS,
  ENGINE_PROPERTIES,
  REMOTE_CONFIG_DEFAULTS,
  REMOTE_CONFIG_OBJECT_PATH,
  SOCKET_MESSAGES,
  parseEngineParams,
  parseEngineResult,
  safeParseEnginePropertyValue,
  type EngineFunctionName,
  type EngineFunctions,
  type EngineObjectKey,
  type EngineParams,
  type EnginePropertyName,
  type EnginePropertyValue,
  type EngineResult,
  type PresetFunctionLabel,
  type PresetPropertyLabel,
  type RemoteConfig,
} from '@autostudio/protocol';
import { RemoteControlError, type RemoteControlClient } from './remote-control-client';

/** What the API needs of the socket client: one request/answer call. */
export type RemoteTransport = Pick<RemoteControlClient, 'call'>;

/** A function without parameters may be called without them. */
type CallArgs<Name extends EngineFunctionName> = keyof EngineFunctions[Name]['parameters']['shape'] extends never
  ? [params?: EngineParams<Name>]
  : [params: EngineParams<Name>];

/** One catalogue call, typed by its function name. */
export type EngineCall = {
  [Name in EngineFunctionName]: { name: Name; params?: EngineParams<Name> };
}[EngineFunctionName];

export type RemoteOperation =
  | ({ type: 'object' } & EngineCall)
  | { type: 'property'; name: PresetPropertyLabel; value: unknown }
  | { type: 'function'; name: PresetFunctionLabel; parameters?: Record<string, unknown> };

/**
 * The engine's Remote Control API as the configurator uses it (spec §7 "Engine remote API through the socket"):
 * catalogue functions on their objects, preset properties and preset functions, one at a time or in parallel batches.
 * Parameters are checked against the catalogue before they leave and answers when they come back, so a renamed
 * function or a wrong parameter fails at compile time, and an engine that answers something else fails here.
 */
export class RemoteApi {
  constructor(
    private readonly client: RemoteTransport,
    private readonly config: RemoteConfig = REMOTE_CONFIG_DEFAULTS,
  ) {}

  /** PUT /remote/object/call on the function's object (spec §7: each variant differs only by its default object). */
  call<Name extends EngineFunctionName>(name: Name, ...[params]: CallArgs<Name>): Promise<EngineResult<Name>> {
    return this.send(name, params);
  }

  /** The call itself; parameters arrive unchecked from batches, so the catalogue's schema is what checks them. */
  private async send<Name extends EngineFunctionName>(name: Name, params: unknown): Promise<EngineResult<Name>> {
    const objectPath = this.objectPathOf(ENGINE_FUNCTIONS[name].object);
    const answer = await this.client.call('/remote/object/call', {
      objectPath,
      functionName: name,
      parameters: parseEngineParams(name, params ?? {}),
      generateTransaction: false,
    });
    return parseEngineResult(name, answer);
  }

  /** PUT /remote/object/property with READ_ACCESS: the property's value, checked against the catalogue. */
  async readProperty<Name extends EnginePropertyName>(name: Name): Promise<EnginePropertyValue<Name>> {
    const answer = await this.client.call<Record<string, unknown>>('/remote/object/property', {
      objectPath: this.objectPathOf(ENGINE_PROPERTIES[name].object),
      propertyName: name,
      access: 'READ_ACCESS',
    });
    const parsed = safeParseEnginePropertyValue(name, answer[name]);
    if (!parsed.success)
      throw new RemoteControlError(`The engine answered an invalid ${name}: ${parsed.error.message}`);
    return parsed.data;
  }

  /** PUT /remote/object/property with WRITE_ACCESS, for properties the preset does not expose. */
  writeProperty<Name extends EnginePropertyName>(
    name: Name,
    propertyValue: EnginePropertyValue<Name>,
  ): Promise<unknown> {
    return this.client.call('/remote/object/property', {
      objectPath: this.objectPathOf(ENGINE_PROPERTIES[name].object),
      propertyName: name,
      propertyValue: { [name]: propertyValue },
      access: 'WRITE_ACCESS',
    });
  }

  /** PUT /remote/preset/{presetName}/property/{name}. */
  setPresetProperty(name: PresetPropertyLabel, propertyValue: unknown, generateTransaction = false): Promise<unknown> {
    return this.client.call(`${this.presetPath()}/property/${encodeURIComponent(name)}`, {
      propertyValue,
      generateTransaction,
    });
  }

  /** PUT /remote/preset/{presetName}/function/{name}; the first returned value when there is one (spec §7). */
  async callPresetFunction<T = unknown>(
    name: PresetFunctionLabel,
    parameters: Record<string, unknown> = {},
    generateTransaction = false,
  ): Promise<T | undefined> {
    const body = await this.client.call<{ ReturnedValues?: unknown[] }>(
      `${this.presetPath()}/function/${encodeURIComponent(name)}`,
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
            return this.send(operation.name, operation.params);
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

  private objectPathOf(object: EngineObjectKey): string {
    return this.config[REMOTE_CONFIG_OBJECT_PATH[object]];
  }

  private presetPath(): string {
    return `/remote/preset/${encodeURIComponent(this.config.presetName)}`;
  }
}
