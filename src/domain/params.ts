// URL parameters as numbers: the router hands over strings (path params) or JSON-parsed values
// (search params: `page=2` arrives as 2), and a hand-edited link must never throw.

/** A positive integer up to `max` from a URL parameter, or null for anything else. */
export function positiveIntParam(raw: unknown, max = 2_147_483_647): number | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}

/**
 * A page's search params: the router's parsed query object in, the page's typed search out. Pure
 * and total: it never throws, a bad value falls back to its default. The route runs it as its
 * `validateSearch` and its loader; pages read the result with `useRouteSearch`.
 */
export type SearchSchema<S> = (raw: unknown) => S;

/** The router's search object as a record; anything else (tests, hand-built calls) reads as empty. */
export function searchRecord(raw: unknown): Readonly<Record<string, unknown>> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : NO_SEARCH;
}

// One shared empty value, so a selector reading a missing search returns the same object each time.
const NO_SEARCH: Readonly<Record<string, unknown>> = Object.freeze({});
