import type { z } from 'zod';

/**
 * Names and labels are shown in lists, menus, logs and file names. Control characters in them (C0, DEL, C1: NUL,
 * escape sequences, line breaks inside a name) and bidirectional controls (which make "gpj.exe" read as "exe.jpg")
 * mean nothing to a person and only serve to confuse or to inject; they are refused, not stripped, so what is stored
 * is what was sent.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what this expression is for
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$/;

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

/** A name-like string schema (already trimmed and bounded) that also refuses control characters. */
export function plainText(schema: z.ZodString): z.ZodString {
  return schema.regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);
}
