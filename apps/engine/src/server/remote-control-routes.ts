import {
  ENGINE_FUNCTION_LIST,
  ENGINE_OBJECT_CLASSES,
  ENGINE_OBJECT_PATHS,
  ENGINE_PRESET,
  ENGINE_PROPERTY_LIST,
  engineObjectAt,
  findEngineFunction,
  findEngineProperty,
  safeParseEngineParams,
  safeParseEnginePropertyValue,
  type EngineFunctionEntry,
  type EngineFunctionSpec,
  type EngineObjectKey,
  type EnginePropertyEntry,
  type EnginePropertySpec,
} from '@autostudio/protocol';
import type { z } from 'zod';
import { EngineError } from '../scene/engine-error.js';
import type { Scene } from '../scene/scene.js';
import { canonicalKeys, field, isRecord, unrealType } from './keys.js';

/**
 * Unreal's Remote Control HTTP routes (reference §A3) over the scene, without the HTTP: the server and the batch
 * route both go through `handle`. An answer is a status and a JSON body, or `null` for Unreal's empty 200.
 */
export interface RemoteAnswer {
  status: number;
  body: unknown;
}

export const ROUTES: { verb: 'Get' | 'Put' | 'Options'; path: string; description: string }[] = [
  { verb: 'Get', path: '/remote/info', description: 'Get information about different routes available on this API.' },
  { verb: 'Options', path: '/remote', description: 'Cross-origin preflight and liveness ping.' },
  { verb: 'Put', path: '/remote/batch', description: 'Allows batching multiple calls into one request.' },
  { verb: 'Put', path: '/remote/object/call', description: 'Call a function on a remote object.' },
  { verb: 'Put', path: '/remote/object/property', description: "Read or write a remote object's property." },
  { verb: 'Put', path: '/remote/object/describe', description: 'Describe an object.' },
  { verb: 'Get', path: '/remote/passphrase', description: 'Check a passphrase (none is enforced by this engine).' },
  { verb: 'Get', path: '/remote/presets', description: 'Get every remote control preset.' },
  { verb: 'Get', path: '/remote/preset/:preset', description: 'Get a remote control preset.' },
  { verb: 'Get', path: '/remote/preset/:preset/property/:label', description: 'Get an exposed property value.' },
  { verb: 'Put', path: '/remote/preset/:preset/property/:label', description: 'Set an exposed property value.' },
  { verb: 'Put', path: '/remote/preset/:preset/function/:label', description: 'Call an exposed function.' },
];

const ACCESS_MODES = [
  'NO_ACCESS',
  'READ_ACCESS',
  'WRITE_ACCESS',
  'WRITE_TRANSACTION_ACCESS',
  'WRITE_MANUAL_TRANSACTION_ACCESS',
] as const;

const PRESET_ID = '5f2c7a0e-4b1d-4c3e-9a51-6d2b8e0f7a11';

const ok = (body: unknown): RemoteAnswer => ({ status: 200, body });
const empty = (): RemoteAnswer => ({ status: 200, body: null });
export const fail = (status: number, errorMessage: string): RemoteAnswer => ({ status, body: { errorMessage } });
export const routeNotFound = (url: string): RemoteAnswer => fail(404, `Route ${url} could not be found.`);

export class RemoteControlRoutes {
  constructor(private readonly scene: Scene) {}

  /** Whether a verb and path name one of the routes; the server checks the content type only for those. */
  matches(verb: string, path: string): boolean {
    return this.route(verb.toUpperCase(), path) !== undefined;
  }

  async handle(verb: string, path: string, body: unknown): Promise<RemoteAnswer> {
    const route = this.route(verb.toUpperCase(), path);
    if (!route) return routeNotFound(path);
    try {
      return await route(body);
    } catch (error) {
      if (error instanceof EngineError) return fail(error.status, error.message);
      return fail(500, error instanceof Error ? error.message : String(error));
    }
  }

  private route(verb: string, path: string): ((body: unknown) => RemoteAnswer | Promise<RemoteAnswer>) | undefined {
    const p = path.replace(/\/+$/, '');
    const segments = p.split('/').slice(1);
    if (segments[0]?.toLowerCase() !== 'remote') return undefined;
    const rest = segments.slice(1);
    const at = rest.map((s) => s.toLowerCase()).join('/');
    if (verb === 'GET' && at === 'info') return () => ok(this.info());
    if (verb === 'GET' && at === 'passphrase') return () => ok({ keyCorrect: true });
    if (verb === 'PUT' && at === 'object/call') return (body) => this.objectCall(body);
    if (verb === 'PUT' && at === 'object/property') return (body) => this.objectProperty(body);
    if (verb === 'PUT' && at === 'object/describe') return (body) => this.describe(body);
    if (verb === 'GET' && at === 'presets') return () => ok({ Presets: [this.presetSummary()] });
    if (rest[0]?.toLowerCase() !== 'preset' || rest.length < 2) return undefined;
    let preset: string;
    let label: string | undefined;
    try {
      preset = decodeURIComponent(rest[1] ?? '');
      label = rest[3] === undefined ? undefined : decodeURIComponent(rest[3]);
    } catch {
      return () => fail(400, 'The URL is not correctly percent-encoded');
    }
    const kind = rest[2]?.toLowerCase();
    if (verb === 'GET' && rest.length === 2)
      return () => this.withPreset(preset, () => ok({ Preset: this.presetDescription() }));
    if (rest.length !== 4 || label === undefined) return undefined;
    const name = label;
    if (kind === 'property' && verb === 'GET')
      return () => this.withPreset(preset, () => this.readPresetProperty(name));
    if (kind === 'property' && verb === 'PUT')
      return (body) => this.withPreset(preset, () => this.writePresetProperty(name, body));
    if (kind === 'function' && verb === 'PUT')
      return (body) => this.withPreset(preset, () => this.callPresetFunction(name, body));
    return undefined;
  }

  private info() {
    return {
      HttpRoutes: ROUTES.map((r) => ({ Path: r.path, Verb: r.verb, Description: r.description })),
      ActivePreset: this.presetSummary(),
    };
  }

  // ---- objects ----

  private resolveObject(body: unknown): { key: EngineObjectKey; path: string; body: Record<string, unknown> } {
    if (!isRecord(body)) throw new EngineError('The request body must be a JSON object');
    const path = field(body, 'objectPath');
    if (typeof path !== 'string' || path === '') throw new EngineError('Missing objectPath');
    const key = engineObjectAt(path);
    if (!key) throw new EngineError(`Object: ${path} could not be resolved`);
    return { key, path, body };
  }

  private async objectCall(raw: unknown): Promise<RemoteAnswer> {
    const { key, path, body } = this.resolveObject(raw);
    const name = field(body, 'functionName');
    if (typeof name !== 'string' || name === '') throw new EngineError('Missing functionName');
    const spec = findEngineFunction(key, name);
    if (!spec) throw new EngineError(`Function: ${name} does not exist on object: ${path}`);
    return ok(await this.invoke(spec, field(body, 'parameters')));
  }

  private async invoke(spec: EngineFunctionEntry, given: unknown): Promise<Record<string, unknown>> {
    const raw = given ?? {};
    if (!isRecord(raw)) throw new EngineError(`Function ${spec.name}: parameters must be a JSON object`);
    const parsed = safeParseEngineParams(spec.name, canonicalKeys(raw, spec.parameters));
    if (!parsed.success) throw new EngineError(`Function ${spec.name}: ${describeIssues(parsed.error)}`);
    return this.scene.call(spec.name, parsed.data);
  }

  private async objectProperty(raw: unknown): Promise<RemoteAnswer> {
    const { key, path, body } = this.resolveObject(raw);
    const access = field(body, 'access') ?? 'NO_ACCESS';
    if (typeof access !== 'string' || !(ACCESS_MODES as readonly string[]).includes(access.toUpperCase())) {
      throw new EngineError(`Invalid access mode ${JSON.stringify(access)}`);
    }
    const mode = access.toUpperCase();
    const propertyName = field(body, 'propertyName');
    const value = field(body, 'propertyValue');
    // Reference §A3: NO_ACCESS reads unless a value is given; the WRITE_* modes need one.
    const writing = mode.startsWith('WRITE') || (mode === 'NO_ACCESS' && value !== undefined);
    if (!writing) {
      if (propertyName === undefined || propertyName === '') {
        const all = ENGINE_PROPERTY_LIST.filter((p) => p.object === key);
        return ok(Object.fromEntries(all.map((p) => [p.name, this.scene.readProperty(p.name)])));
      }
      const spec = this.property(key, path, propertyName);
      return ok({ [spec.name]: this.scene.readProperty(spec.name) });
    }
    if (typeof propertyName !== 'string' || propertyName === '') throw new EngineError('Missing propertyName');
    const spec = this.property(key, path, propertyName);
    if (!isRecord(value))
      throw new EngineError(`Error while trying to modify property ${spec.name}: missing propertyValue`);
    const given = field(value, spec.name);
    await this.writeProperty(spec, given);
    return empty();
  }

  private property(key: EngineObjectKey, path: string, name: unknown): EnginePropertyEntry {
    if (typeof name !== 'string') throw new EngineError('propertyName must be a string');
    const spec = findEngineProperty(key, name);
    if (!spec) throw new EngineError(`Property: ${name} does not exist on object: ${path}`);
    return spec;
  }

  private async writeProperty(spec: EnginePropertyEntry, given: unknown): Promise<void> {
    if (spec.readOnly) throw new EngineError(`Error while trying to modify property ${spec.name}: it is read-only`);
    const parsed = safeParseEnginePropertyValue(spec.name, canonicalKeys(given, spec.schema));
    if (!parsed.success) {
      throw new EngineError(`Error while trying to modify property ${spec.name}: ${describeIssues(parsed.error)}`);
    }
    await this.scene.writeProperty(spec.name, parsed.data);
  }

  private describe(raw: unknown): RemoteAnswer {
    if (!isRecord(raw)) throw new EngineError('The request body must be a JSON object');
    const path = field(raw, 'objectPath');
    const key = typeof path === 'string' ? engineObjectAt(path) : undefined;
    if (!key) return fail(404, `Object: ${String(path)} could not be resolved`);
    const objectPath = ENGINE_OBJECT_PATHS[key];
    return ok({
      Name: objectPath.split('.').pop(),
      Class: ENGINE_OBJECT_CLASSES[key],
      Properties: ENGINE_PROPERTY_LIST.filter((p) => p.object === key).map(describeProperty),
      Functions: ENGINE_FUNCTION_LIST.filter((f) => f.object === key).map(describeFunction),
    });
  }

  // ---- the preset ----

  private withPreset(
    name: string,
    then: () => RemoteAnswer | Promise<RemoteAnswer>,
  ): RemoteAnswer | Promise<RemoteAnswer> {
    const wanted = name.toLowerCase();
    if (wanted !== ENGINE_PRESET.name.toLowerCase() && wanted !== PRESET_ID) {
      return fail(404, `Preset ${name} could not be found.`);
    }
    return then();
  }

  private presetSummary() {
    return { Name: ENGINE_PRESET.name, Path: ENGINE_PRESET.path, ID: PRESET_ID };
  }

  private presetDescription() {
    const groups = [...new Set([...ENGINE_PRESET.properties, ...ENGINE_PRESET.functions].map((e) => e.group))];
    return {
      ...this.presetSummary(),
      Groups: groups.map((group) => ({
        Name: group,
        ExposedProperties: ENGINE_PRESET.properties
          .filter((p) => p.group === group)
          .map((p) => ({
            DisplayName: p.label,
            OwnerObjects: [
              { Name: ENGINE_OBJECT_PATHS[p.object].split('.').pop(), Path: ENGINE_OBJECT_PATHS[p.object] },
            ],
            UnderlyingProperty: describeProperty(this.boundProperty(p.label)),
          })),
        ExposedFunctions: ENGINE_PRESET.functions
          .filter((f) => f.group === group)
          .map((f) => ({ DisplayName: f.label, UnderlyingFunction: describeFunction(this.boundFunction(f.label)) })),
      })),
    };
  }

  private boundProperty(label: string): EnginePropertyEntry {
    const wanted = label.toLowerCase();
    const exposed = ENGINE_PRESET.properties.find((p) => p.label.toLowerCase() === wanted);
    const spec = exposed && findEngineProperty(exposed.object, exposed.property);
    if (!spec) throw new EngineError(`Property ${label} could not be found on preset ${ENGINE_PRESET.name}.`, 404);
    return spec;
  }

  private boundFunction(label: string): EngineFunctionEntry {
    const wanted = label.toLowerCase();
    const exposed = ENGINE_PRESET.functions.find((f) => f.label.toLowerCase() === wanted);
    const spec = exposed && findEngineFunction(exposed.object, exposed.function);
    if (!spec) throw new EngineError(`Function ${label} could not be found on preset ${ENGINE_PRESET.name}.`, 404);
    return spec;
  }

  private readPresetProperty(label: string): RemoteAnswer {
    const spec = this.boundProperty(label);
    return ok({
      PropertyValues: [
        {
          ObjectPath: ENGINE_OBJECT_PATHS[spec.object],
          PropertyLabel: ENGINE_PRESET.properties.find((p) => p.property === spec.name)?.label ?? spec.name,
          PropertyValue: this.scene.readProperty(spec.name),
        },
      ],
    });
  }

  private async writePresetProperty(label: string, body: unknown): Promise<RemoteAnswer> {
    const spec = this.boundProperty(label);
    if (!isRecord(body)) throw new EngineError('The request body must be a JSON object');
    const value = field(body, 'PropertyValue');
    if (value === undefined)
      throw new EngineError(`Error while trying to modify property ${label}: missing PropertyValue`);
    await this.writeProperty(spec, value);
    return empty();
  }

  private async callPresetFunction(label: string, body: unknown): Promise<RemoteAnswer> {
    const spec = this.boundFunction(label);
    const parameters = isRecord(body) ? field(body, 'Parameters') : undefined;
    if (body !== undefined && body !== null && !isRecord(body))
      throw new EngineError('The request body must be a JSON object');
    // One entry per bound object; each exposed function here is bound to exactly one.
    return ok({ ReturnedValues: [await this.invoke(spec, parameters)] });
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

function describeProperty(spec: EnginePropertySpec) {
  return {
    Name: spec.name,
    Description: spec.description,
    Type: spec.type,
    ContainerType: '',
    KeyType: '',
    Metadata: spec.readOnly ? { BlueprintReadOnly: 'true' } : {},
  };
}

function describeFunction(spec: EngineFunctionSpec) {
  const argument = ([name, schema]: [string, z.ZodType], out: boolean) => ({
    Name: name,
    Description: '',
    Type: unrealType(schema),
    ContainerType: '',
    KeyType: '',
    Metadata: out ? { OutParm: 'true' } : {},
  });
  return {
    Name: spec.name,
    Description: spec.description,
    Arguments: [
      ...Object.entries(spec.parameters.shape).map((e) => argument(e as [string, z.ZodType], false)),
      ...Object.entries(spec.returns.shape).map((e) => argument(e as [string, z.ZodType], true)),
    ],
  };
}
