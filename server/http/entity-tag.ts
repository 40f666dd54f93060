// Conditional GETs for answers whose content the server can name before making them (RFC 9110
// §8.8.3, §13.1.2): a weak tag from the content's inputs, and If-None-Match compared weakly, as a
// GET's condition is. A tag lets a device that already holds the answer get a 304 instead of the
// bytes — and the server skip making them (the e-contract PDF, drawn anew on every request).
import { createHash } from 'node:crypto';

/** A weak entity tag naming these inputs (any JSON-serialisable value). */
export function weakTagOf(inputs: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names this tag (or is `*`): the client's copy is current. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}
