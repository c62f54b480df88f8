/** True for PostgreSQL's unique_violation (23505), as either driver reports it (directly or as the cause). */
export function isUniqueViolation(err: unknown): boolean {
  // The cause's too when the error itself carries another code (a wrapper's own).
  return pgErrorCode(err) === '23505' || pgErrorCode((err as { cause?: unknown } | null)?.cause) === '23505';
}

/** PostgreSQL's error code (SQLSTATE), as either driver reports it (directly or as the cause); none for other errors. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  if (typeof e?.code === 'string') return e.code;
  return typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
}
