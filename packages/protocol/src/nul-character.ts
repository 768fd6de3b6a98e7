/**
 * U+0000 in text. PostgreSQL cannot store it in a text column (the insert fails), SQLite stores it and C code that
 * reads the value back stops there: no name, id or description means anything with it. It is refused wherever text
 * comes in, on both databases alike, with a message that names the field.
 */
export const NUL_CHARACTER_MESSAGE = 'must not contain a NUL character';

/**
 * The path (`name`, `items.2.label`; `''` for the value itself) of the first string or object key in a parsed value
 * that contains U+0000, or undefined when there is none. Walks with a stack of its own, not by recursion.
 */
export function findNulCharacter(value: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return next.path;
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    for (const [key, child] of Object.entries(next.value)) {
      if (key.includes('\u0000')) return join(next.path, key);
      pending.push({ value: child, path: join(next.path, key) });
    }
  }
  return undefined;
}
