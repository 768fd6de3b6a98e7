import type { z } from 'zod';
import { findNulCharacter, JSON_DEPTH_MESSAGE, NUL_CHARACTER_MESSAGE, parseShallowJson } from '@autostudio/protocol';
import { badRequest } from '../http/errors.js';

/** Validates the text fields of a multipart body, with a message that names each bad field. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues.map((issue) => `body.${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  // As plugins/app/nul-characters.ts does for JSON bodies, for the fields that a name's own rule lets through (a
  // description): PostgreSQL cannot store U+0000.
  const nul = findNulCharacter(parsed.data);
  if (nul !== undefined) throw badRequest(`body.${nul}: ${NUL_CHARACTER_MESSAGE}`);
  return parsed.data;
}

/** Parses a field that carries JSON, naming the field when it is not JSON or not the expected shape. */
export function parseJsonField<T extends z.ZodType>(schema: T, field: string, text: string): z.infer<T> {
  // The depth is checked before zod or JSON.stringify walk the value: a deep enough one would overflow the stack.
  const json = parseShallowJson(text);
  if (!json.ok) {
    throw badRequest(`body.${field}: ${json.reason === 'syntax' ? 'must be a JSON string' : JSON_DEPTH_MESSAGE}`);
  }
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    throw badRequest(
      parsed.error.issues.map((issue) => `body.${[field, ...issue.path].join('.')}: ${issue.message}`).join('; '),
    );
  }
  return parsed.data;
}
