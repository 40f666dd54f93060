// Recognising database errors the services turn into answers. Both drivers (pg, PGlite) report
// the SQLSTATE as `code`, sometimes on a wrapped cause (drizzle wraps query errors).

/** A unique constraint refused the write (SQLSTATE 23505): someone else got there first. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A foreign key refused the write (SQLSTATE 23503): another row still points at this one. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
