import fc from 'fast-check';

/** The subset of JSON Schema that the OpenAPI document of the server uses (generated from the zod schemas). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
}

export interface ArbitraryOptions {
  /** Resolves `#/components/schemas/Name`. */
  components?: Record<string, JsonSchema>;
  /** Strings that name real things (ids of existing rows), offered wherever a string is asked for. */
  knownStrings?: readonly string[];
}

/** Long enough to pass most limits and to hit them; the server's own limits are tested by bad-input/. */
const LONGEST_STRING = 300;
const MOST_ITEMS = 5;

/**
 * Values for a JSON Schema: mostly ones that conform, so that requests get past validation into the services and
 * repositories, and at every level now and then any JSON at all (wrong types, missing or extra fields), so that
 * validation and what lies just behind it are driven too.
 */
export function arbitraryFor(schema: JsonSchema, options: ArbitraryOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const conforming = conformingArbitrary(schema, options, depth);
  return fc.oneof({ weight: 24, arbitrary: conforming }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

function conformingArbitrary(schema: JsonSchema, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = options.components?.[name];
    return target ? conformingArbitrary(target, options, depth) : fc.jsonValue({ maxDepth: 2 });
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => arbitraryFor(alternative, options, depth)));
  if (schema.allOf?.[0]) return conformingArbitrary(schema.allOf[0], options, depth);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => conformingArbitrary({ ...schema, type }, options, depth)));
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, options);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(schema.items ?? {}, options, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? MOST_ITEMS, Math.max(schema.minItems ?? 0, MOST_ITEMS)),
      });
    case 'object':
      return objectArbitrary(schema, options, depth);
    default:
      // `{}`: anything goes.
      return fc.jsonValue({ maxDepth: depth > 3 ? 0 : 2 });
  }
}

function objectArbitrary(schema: JsonSchema, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  // Deep settings objects: past a few levels only what is required, so that bodies stay a reasonable size.
  const kept = Object.entries(properties).filter(([name]) => depth < 4 || required.has(name));
  const names = kept.map(([name]) => name);
  const shape = Object.fromEntries(kept.map(([name, property]) => [name, arbitraryFor(property, options, depth + 1)]));
  const known = fc.record(shape, { requiredKeys: names.filter((name) => required.has(name)) });
  if (schema.additionalProperties === false || schema.additionalProperties === undefined) return known;
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
  return fc.tuple(extra, known).map(([more, value]) => ({ ...more, ...(value as object) }));
}

function stringArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? LONGEST_STRING, LONGEST_STRING));
  const fits = (value: string) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  const sources: fc.Arbitrary<string>[] = [
    fc.string({ minLength, maxLength }),
    // Any code unit: lone surrogates, controls, bidirectional overrides.
    fc.string({ minLength, maxLength, unit: 'binary' }),
  ];
  if (schema.format === 'date-time') sources.push(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()));
  if (pattern) sources.push(fc.stringMatching(pattern).map((value) => value.slice(0, maxLength)));
  const known = (options.knownStrings ?? []).filter(fits);
  if (known.length > 0) sources.push(fc.constantFrom(...known), fc.constantFrom(...known));
  return fc.oneof(...sources).filter((value) => fits(value) && (!pattern || pattern.test(value)));
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(Math.ceil(schema.minimum ?? Number.MIN_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);
  const max = Math.min(Math.floor(schema.maximum ?? Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    fc.integer({ min, max }),
    // Edges and small values, where off-by-one mistakes live.
    fc.constantFrom(min, max, Math.min(Math.max(0, min), max), Math.min(Math.max(1, min), max)),
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum ?? schema.minimum ?? -1e9;
  const max = schema.exclusiveMaximum ?? schema.maximum ?? 1e9;
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .filter(
      (value) =>
        (schema.exclusiveMinimum === undefined || value > schema.exclusiveMinimum) &&
        (schema.exclusiveMaximum === undefined || value < schema.exclusiveMaximum),
    );
}
