import {
  ENGINE_FUNCTION_LIST,
  ENGINE_OBJECT_PATHS,
  ENGINE_PRESET,
  ENGINE_PROPERTY_LIST,
  REMOTE_CONFIG_DEFAULTS,
  type EngineObjectKey,
} from '@autostudio/protocol';
import type { z } from 'zod';

/**
 * The README's object, function, property and preset tables, written from the catalogue so they cannot drift from
 * what the engine serves (a test compares them with the README).
 */
export const CATALOGUE_START = '<!-- catalogue:start (generated from packages/protocol/src/engine) -->';
export const CATALOGUE_END = '<!-- catalogue:end -->';

const OBJECT_TITLES: Record<EngineObjectKey, { title: string; config: string }> = {
  car: { title: 'Car (and its world)', config: 'objectPath' },
  carStateManager: { title: 'Car state manager', config: 'carStateManagerPath' },
  camera: { title: 'Camera', config: 'cameraPath' },
  postProcess: { title: 'Post-process', config: 'postProcessingPath' },
  light: { title: 'Lights', config: 'lightPath' },
};

/** A compact, TypeScript-like rendering of a zod shape. */
export function shapeText(schema: z.ZodType): string {
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'optional':
      return shapeText(def.innerType as z.ZodType);
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'unknown':
      return 'unknown';
    case 'literal':
      return (def.values as unknown[]).map((v) => JSON.stringify(v)).join(' \\| ');
    case 'enum':
      return Object.values(def.entries as Record<string, string>)
        .map((v) => `'${v}'`)
        .join(' \\| ');
    case 'array':
      return `${shapeText(def.element as z.ZodType)}[]`;
    case 'record':
      return `{ [${shapeText(def.keyType as z.ZodType)}]: ${shapeText(def.valueType as z.ZodType)} }`;
    case 'object': {
      const shape = (schema as z.ZodObject).shape;
      const fields = Object.entries(shape).map(([name, inner]) => {
        const optional = (inner as z.ZodType).def.type === 'optional' ? '?' : '';
        const key = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name}'`;
        return `${key}${optional}: ${shapeText(inner as z.ZodType)}`;
      });
      return fields.length === 0 ? '{}' : `{ ${fields.join('; ')} }`;
    }
    default:
      return def.type;
  }
}

export function renderCatalogue(): string {
  const lines: string[] = [CATALOGUE_START, '', '### Objects', ''];
  lines.push('| Object | Remote config key | Path |', '| --- | --- | --- |');
  for (const key of Object.keys(ENGINE_OBJECT_PATHS) as EngineObjectKey[]) {
    const { title, config } = OBJECT_TITLES[key];
    lines.push(`| ${title} | \`${config}\` | \`${ENGINE_OBJECT_PATHS[key]}\` |`);
  }
  lines.push('', 'Remote config defaults (`REMOTE_CONFIG_DEFAULTS`):', '');
  for (const [key, value] of Object.entries(REMOTE_CONFIG_DEFAULTS)) lines.push(`- \`${key}\`: \`${value}\``);

  for (const key of Object.keys(ENGINE_OBJECT_PATHS) as EngineObjectKey[]) {
    lines.push('', `### ${OBJECT_TITLES[key].title}: functions`, '');
    lines.push('| Function | Parameters | Returns | What it does |', '| --- | --- | --- | --- |');
    for (const spec of ENGINE_FUNCTION_LIST.filter((f) => f.object === key)) {
      lines.push(
        `| \`${spec.name}\` | \`${shapeText(spec.parameters)}\` | \`${shapeText(spec.returns)}\` | ${spec.description} |`,
      );
    }
    const properties = ENGINE_PROPERTY_LIST.filter((p) => p.object === key);
    if (properties.length > 0) {
      lines.push('', `### ${OBJECT_TITLES[key].title}: properties`, '');
      lines.push('| Property | Type | Value | What it is |', '| --- | --- | --- | --- |');
      for (const p of properties) {
        lines.push(`| \`${p.name}\` | ${p.type} | \`${shapeText(p.schema)}\` | ${p.description} |`);
      }
    }
  }

  lines.push('', `### Preset \`${ENGINE_PRESET.name}\``, '', `Path \`${ENGINE_PRESET.path}\`.`, '');
  lines.push('| Group | Label | Kind | Bound to |', '| --- | --- | --- | --- |');
  for (const p of ENGINE_PRESET.properties) {
    lines.push(`| ${p.group} | \`${p.label}\` | property | \`${p.property}\` on ${OBJECT_TITLES[p.object].title} |`);
  }
  for (const f of ENGINE_PRESET.functions) {
    lines.push(`| ${f.group} | \`${f.label}\` | function | \`${f.function}\` on ${OBJECT_TITLES[f.object].title} |`);
  }
  lines.push('', CATALOGUE_END);
  return lines.join('\n');
}
