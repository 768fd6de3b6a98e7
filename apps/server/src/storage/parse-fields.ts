import type { z } from 'zod';
import { badRequest } from '../plugins/app/http-errors.js';

/** Validates the text fields of a multipart body, with a message that names each bad field. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues.map((issue) => `body.${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  return parsed.data;
}

/** Parses a field that carries JSON, naming the field when it is not JSON or not the expected shape. */
export function parseJsonField<T extends z.ZodType>(schema: T, field: string, text: string): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(`body.${field}: must be a JSON string`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw badRequest(
      parsed.error.issues.map((issue) => `body.${[field, ...issue.path].join('.')}: ${issue.message}`).join('; '),
    );
  }
  return parsed.data;
}
