/**
 * How a store that cannot take a file is answered: full (ENOSPC, EDQUOT) is 507 Insufficient Storage; read-only or
 * refused (EROFS, EACCES, EPERM) is 503, since an operator can mend it. Either way nothing was kept: the local store
 * deletes its partial file and no row is written for a file that was not stored.
 */
export function storageFailure(error: unknown): { statusCode: 503 | 507; message: string } | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return {
      statusCode: 507,
      message: "The server's storage is full, so the file was not stored. Tell an administrator.",
    };
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    return {
      statusCode: 503,
      message: "The server's storage cannot be written just now, so the file was not stored. Tell an administrator.",
    };
  return undefined;
}
