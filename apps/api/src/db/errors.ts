/** PostgreSQL error codes the use cases answer rather than fail on (https://www.postgresql.org/docs/current/errcodes-appendix.html). */

/** Whether `error` (or the driver error drizzle wrapped in it) is a unique violation, SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
