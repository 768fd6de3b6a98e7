import type { z } from 'zod';
import { REMOTE_CONTROL } from '../constants.js';
import { CAMERA_FUNCTIONS, CAMERA_PROPERTIES } from './camera.js';
import { CAR_FUNCTIONS } from './car.js';
import { CONFIG_FUNCTIONS } from './config-settings.js';
import type { EngineFunctionSpec, EngineHandlersOf, EnginePropertySpec } from './define.js';
import { ENVIRONMENT_FUNCTIONS, ENVIRONMENT_PROPERTIES } from './environment.js';
import { LIGHT_FUNCTIONS } from './lights.js';
import { ENGINE_PRESET_PATH, type EngineObjectKey } from './objects.js';
import { POST_PROCESS_FUNCTIONS } from './post-process.js';
import { RENDER_QUEUE_FUNCTIONS } from './render-queue.js';
import { SEQUENCE_FUNCTIONS } from './sequences.js';

/**
 * The engine function catalogue: every function of spec §7 "Engine function names and parameters" with its exact
 * name, parameters and return shape, the properties the objects expose and the preset `NewRemoteControlPreset` that
 * publishes some of them. One source of truth: the reference engine serves exactly this, and clients build calls
 * from it. Names are the spec's, spelling included (`CameraRigCraneControll`, `curentIndex`, `Get Time Of the Day
 * Options`); function names are unique across objects, so a name alone picks a function.
 */
export const ENGINE_FUNCTIONS = {
  ...CAR_FUNCTIONS,
  ...CAMERA_FUNCTIONS,
  ...ENVIRONMENT_FUNCTIONS,
  ...CONFIG_FUNCTIONS,
  ...SEQUENCE_FUNCTIONS,
  ...POST_PROCESS_FUNCTIONS,
  ...LIGHT_FUNCTIONS,
  ...RENDER_QUEUE_FUNCTIONS,
};
export type EngineFunctions = typeof ENGINE_FUNCTIONS;
export type EngineFunctionName = keyof EngineFunctions;
/** The parameters a caller passes (before defaults). */
export type EngineParams<Name extends EngineFunctionName> = z.input<EngineFunctions[Name]['parameters']>;
/** What the function answers, after the catalogue's schema checked it. */
export type EngineResult<Name extends EngineFunctionName> = z.output<EngineFunctions[Name]['returns']>;
/** The whole engine: one handler per catalogue function. */
export type EngineHandlers = EngineHandlersOf<EngineFunctions>;

export type EngineFunctionEntry = EngineFunctionSpec<EngineFunctionName>;
/** Every function in catalogue order (car, camera, environment, configuration, sequences, post-process, lights). */
export const ENGINE_FUNCTION_LIST: readonly EngineFunctionEntry[] = Object.values(ENGINE_FUNCTIONS);

export const ENGINE_PROPERTIES = { ...CAMERA_PROPERTIES, ...ENVIRONMENT_PROPERTIES };
export type EnginePropertyName = keyof typeof ENGINE_PROPERTIES;
export type EnginePropertyEntry = EnginePropertySpec<EnginePropertyName>;
export const ENGINE_PROPERTY_LIST: readonly EnginePropertyEntry[] = Object.values(ENGINE_PROPERTIES);

export const ENGINE_PRESET = {
  name: REMOTE_CONTROL.defaultPresetName,
  path: ENGINE_PRESET_PATH,
  /** Preset property label → the object property it binds. */
  properties: [
    { group: 'Camera', label: 'CameraExteriorYaw', object: 'camera', property: 'CameraExteriorYaw' },
    { group: 'Camera', label: 'CameraExteriorPitch', object: 'camera', property: 'CameraExteriorPitch' },
    { group: 'Camera', label: 'CameraExteriorDistance', object: 'camera', property: 'CameraExteriorDistance' },
    { group: 'Camera', label: 'FocusSettings', object: 'camera', property: 'FocusSettings' },
    { group: 'Backdrop', label: 'HdrIntensity', object: 'car', property: 'HdrIntensity' },
    { group: 'Backdrop', label: 'HdrSize', object: 'car', property: 'HdrSize' },
    { group: 'Backdrop', label: 'HdrYaw', object: 'car', property: 'HdrYaw' },
    { group: 'Backdrop', label: 'HdrGroundSize', object: 'car', property: 'HdrGroundSize' },
    { group: 'Backdrop', label: 'HdrResolution', object: 'car', property: 'HdrResolution' },
    { group: 'Backdrop', label: 'HdrLightIntensity', object: 'car', property: 'HdrLightIntensity' },
    { group: 'Backdrop', label: 'HdrLightColor', object: 'car', property: 'HdrLightColor' },
  ],
  /** Preset function label → the object function it calls. */
  functions: [
    { group: 'Camera', label: 'CameraInteriorYaw', object: 'camera', function: 'CameraInteriorYaw' },
    { group: 'Camera', label: 'CameraInteriorPitch', object: 'camera', function: 'CameraInteriorPitch' },
    { group: 'Camera', label: 'CameraInteriorX', object: 'camera', function: 'CameraInteriorX' },
    { group: 'Camera', label: 'CameraInteriorY', object: 'camera', function: 'CameraInteriorY' },
    { group: 'Camera', label: 'CameraInteriorZ', object: 'camera', function: 'CameraInteriorZ' },
  ],
} as const satisfies {
  name: string;
  path: string;
  properties: readonly { group: string; label: string; object: EngineObjectKey; property: EnginePropertyName }[];
  functions: readonly { group: string; label: string; object: EngineObjectKey; function: EngineFunctionName }[];
};

/** Unreal resolves functions by FName, which ignores case. */
export function findEngineFunction(object: EngineObjectKey, name: string): EngineFunctionEntry | undefined {
  const wanted = name.toLowerCase();
  return ENGINE_FUNCTION_LIST.find((f) => f.object === object && f.name.toLowerCase() === wanted);
}

export function findEngineProperty(object: EngineObjectKey, name: string): EnginePropertyEntry | undefined {
  const wanted = name.toLowerCase();
  return ENGINE_PROPERTY_LIST.find((p) => p.object === object && p.name.toLowerCase() === wanted);
}

/** What a function's handler receives: its parameters after the catalogue's schema parsed them. */
export type EngineArgsOf<Name extends EngineFunctionName> = z.output<EngineFunctions[Name]['parameters']>;

/**
 * Checks a function's parameters with its catalogue schema. The one place a generic name meets its schema: the
 * compiler cannot follow `ENGINE_FUNCTIONS[name]` back to `name` through `.safeParse`, so the result is asserted here.
 */
export function safeParseEngineParams<Name extends EngineFunctionName>(
  name: Name,
  params: unknown,
): z.ZodSafeParseResult<EngineArgsOf<Name>> {
  return ENGINE_FUNCTIONS[name].parameters.safeParse(params) as z.ZodSafeParseResult<EngineArgsOf<Name>>;
}

/** Checks what a function answered against its catalogue return schema (asserted for the reason above). */
export function parseEngineResult<Name extends EngineFunctionName>(name: Name, answer: unknown): EngineResult<Name> {
  return ENGINE_FUNCTIONS[name].returns.parse(answer) as EngineResult<Name>;
}

/** A property's value as its catalogue schema parses it. */
export type EnginePropertyValue<Name extends EnginePropertyName> = z.output<(typeof ENGINE_PROPERTIES)[Name]['schema']>;

/** Checks a value with its property's catalogue schema (asserted for the reason above). */
export function safeParseEnginePropertyValue<Name extends EnginePropertyName>(
  name: Name,
  value: unknown,
): z.ZodSafeParseResult<EnginePropertyValue<Name>> {
  return ENGINE_PROPERTIES[name].schema.safeParse(value) as z.ZodSafeParseResult<EnginePropertyValue<Name>>;
}

/** As safeParseEngineParams, throwing the ZodError. */
export function parseEngineParams<Name extends EngineFunctionName>(name: Name, params: unknown): EngineArgsOf<Name> {
  const parsed = safeParseEngineParams(name, params);
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

export type PresetPropertyLabel = (typeof ENGINE_PRESET.properties)[number]['label'];
export type PresetFunctionLabel = (typeof ENGINE_PRESET.functions)[number]['label'];
