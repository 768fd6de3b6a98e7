/**
 * How deep JSON we accept, from a client or an engine. JSON.parse reads any depth, but JSON.stringify, zod and most
 * code that walks a value recurse, and V8 runs out of stack near 5,000 levels: a settings body nested that deep
 * would crash the handler. Saved studio state nests a dozen levels at most, so 100 leaves room for any client.
 */
export const MAX_JSON_DEPTH = 100;

export const JSON_DEPTH_MESSAGE = `must not nest deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * Whether a parsed JSON value has arrays or objects nested more than `maxDepth` levels deep. Walks with a stack of
 * its own, not by recursion, so a hostile value cannot overflow the call stack while it is being checked.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number = MAX_JSON_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth });
    }
  }
  return false;
}

/** JSON.parse that also refuses values nested deeper than MAX_JSON_DEPTH: the reason, or the value. */
export function parseShallowJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; reason: 'syntax' | 'depth' } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'syntax' };
  }
  return nestsDeeperThan(value) ? { ok: false, reason: 'depth' } : { ok: true, value };
}
