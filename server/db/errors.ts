// Recognising database errors the services turn into answers. Both drivers (pg, PGlite) report
// the SQLSTATE as `code`, sometimes on a wrapped cause (drizzle wraps query errors).

/** A unique constraint refused the write (SQLSTATE 23505): someone else got there first. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
