// A form's check with the same zod schema the server parses: the first message of each field,
// keyed by the field's top-level name (SPEC §5 "show the first message of the first field").
import type { z } from 'zod';

export type FieldErrors = Readonly<Record<string, string>>;

export function checkFields<S extends z.ZodType>(
  schema: S,
  fields: unknown,
): { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
