/** True when a write failed on a unique constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  // better-sqlite3 reports SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY; pg reports SQLSTATE 23505.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * PostgreSQL's and the network's ways of saying the database is not there just now: a restart or failover in
 * progress (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), a connection refused, reset or
 * dropped, or no connection within the pool's timeout. A request that meets one may succeed when tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? error.code : undefined;
  if (
    typeof code === 'string' &&
    ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)
  )
    return true;
  const message = error instanceof Error ? error.message : '';
  return /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(
    message,
  );
}
