import { z } from 'zod';
import type { EngineObjectKey } from './objects.js';

/**
 * How the catalogue is written: each section (car, camera, …) defines its functions in one table keyed by the
 * function's exact Unreal name, so the name is a literal type and callers and handlers are checked against it.
 */

/** Void functions take and answer this. */
export const empty = z.object({});
/** Functions that take one `Value` (the shape Unreal gives single-parameter Blueprint functions). */
export const value = <T extends z.ZodType>(schema: T) => z.object({ Value: schema });
export const vector4 = z.object({ X: z.number(), Y: z.number(), Z: z.number(), W: z.number() });
export const linearColor = z.object({ R: z.number(), G: z.number(), B: z.number() });

type EmptyParameters = typeof empty;

/** One function as a section writes it; parameters and returns default to none. */
export interface EngineFunctionDefinition {
  object: EngineObjectKey;
  description: string;
  parameters?: z.ZodObject;
  /** Only the return value and out parameters. */
  returns?: z.ZodObject;
}

export interface EngineFunctionSpec<
  Name extends string = string,
  Parameters extends z.ZodObject = z.ZodObject,
  Returns extends z.ZodObject = z.ZodObject,
> {
  object: EngineObjectKey;
  /** Exact Unreal function name, spaces included. */
  name: Name;
  description: string;
  parameters: Parameters;
  returns: Returns;
}

type Defined<T extends Record<string, EngineFunctionDefinition>> = {
  [Name in keyof T & string]: EngineFunctionSpec<
    Name,
    T[Name]['parameters'] extends z.ZodObject ? T[Name]['parameters'] : EmptyParameters,
    T[Name]['returns'] extends z.ZodObject ? T[Name]['returns'] : EmptyParameters
  >;
};

export type EngineFunctionTable = Record<string, EngineFunctionSpec>;

export function defineFunctions<const T extends Record<string, EngineFunctionDefinition>>(definitions: T): Defined<T> {
  const entries = Object.entries(definitions).map(([name, d]) => [
    name,
    {
      object: d.object,
      name,
      description: d.description,
      parameters: d.parameters ?? empty,
      returns: d.returns ?? empty,
    },
  ]);
  // Object.fromEntries forgets the keys; the mapped type above is what each entry is.
  return Object.fromEntries(entries) as Defined<T>;
}

/** What a handler receives: the parameters after the catalogue's schema parsed them (defaults applied). */
export type EngineArgs<T extends EngineFunctionSpec> = z.output<T['parameters']>;
/** What a handler answers: nothing for a void function, else what the catalogue's return schema accepts. */
export type EngineAnswer<T extends EngineFunctionSpec> = keyof T['returns']['shape'] extends never
  ? // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- a void function's handler returns nothing
    void
  : z.input<T['returns']>;

/** One handler per function of a table: a missing handler or a wrong parameter type is a compile error. */
export type EngineHandlersOf<T extends EngineFunctionTable> = {
  [Name in keyof T]: (params: EngineArgs<T[Name]>) => EngineAnswer<T[Name]> | Promise<EngineAnswer<T[Name]>>;
};

export interface EnginePropertySpec<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  object: EngineObjectKey;
  name: Name;
  /** The Unreal type the property reports through /remote/object/describe. */
  type: string;
  schema: Schema;
  description: string;
  readOnly: boolean;
}

export interface EnginePropertyDefinition {
  object: EngineObjectKey;
  type: string;
  schema: z.ZodType;
  description: string;
  readOnly?: boolean;
}

type DefinedProperties<T extends Record<string, EnginePropertyDefinition>> = {
  [Name in keyof T & string]: EnginePropertySpec<Name, T[Name]['schema']>;
};

export function defineProperties<const T extends Record<string, EnginePropertyDefinition>>(
  definitions: T,
): DefinedProperties<T> {
  const entries = Object.entries(definitions).map(([name, d]) => [name, { ...d, name, readOnly: d.readOnly ?? false }]);
  return Object.fromEntries(entries) as DefinedProperties<T>;
}

/** A zod shape giving each of `keys` the same schema; the light and post-process fields are listed once. */
export function sameShape<const K extends string, S extends z.ZodType>(keys: readonly K[], schema: S): Record<K, S> {
  return Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>;
}
