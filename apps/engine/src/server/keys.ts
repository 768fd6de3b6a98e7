import type { z } from 'zod';

/**
 * Unreal maps JSON keys onto struct fields by FName, which ignores case: `objectPath` and `ObjectPath` are the same
 * key (reference §A2). These helpers give the engine the same leniency.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value under `key`, whatever its case. */
export function field(body: Record<string, unknown>, key: string): unknown {
  if (key in body) return body[key];
  const wanted = key.toLowerCase();
  const found = Object.keys(body).find((k) => k.toLowerCase() === wanted);
  return found === undefined ? undefined : body[found];
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current.def.type === 'optional' || current.def.type === 'nullable' || current.def.type === 'default') {
    current = (current.def as unknown as { innerType: z.ZodType }).innerType;
  }
  return current;
}

/**
 * Renames the keys of `value` to the spelling of `schema`'s fields, ignoring case, into nested objects, records and
 * arrays too, so the catalogue's zod schemas can parse what a client sent in any case.
 */
export function canonicalKeys(value: unknown, schema: z.ZodType): unknown {
  const target = unwrap(schema);
  if (target.def.type === 'array' && Array.isArray(value)) {
    const element = (target.def as unknown as { element: z.ZodType }).element;
    return value.map((item) => canonicalKeys(item, element));
  }
  // A record's keys are data (a lamp, a door), left as sent; its values may be structs with fields of their own.
  if (target.def.type === 'record' && isRecord(value)) {
    const valueType = (target.def as unknown as { valueType: z.ZodType }).valueType;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, canonicalKeys(inner, valueType)]));
  }
  if (target.def.type !== 'object' || !isRecord(value)) return value;
  const shape: Record<string, z.ZodType | undefined> = (target as z.ZodObject).shape;
  const names = Object.keys(shape);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = names.find((n) => n.toLowerCase() === key.toLowerCase()) ?? key;
    const fieldSchema = shape[name];
    out[name] = fieldSchema ? canonicalKeys(inner, fieldSchema) : inner;
  }
  return out;
}

/** An Unreal-style type name for describe and preset answers. */
export function unrealType(schema: z.ZodType): string {
  const target = unwrap(schema);
  switch (target.def.type) {
    case 'number':
      return 'double';
    case 'boolean':
      return 'bool';
    case 'string':
    case 'enum':
      return 'FString';
    case 'array':
      return 'TArray';
    case 'record':
      return 'TMap';
    case 'object':
      return 'struct';
    default:
      return 'FString';
  }
}
