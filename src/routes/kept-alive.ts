// Which pages stay mounted (SPEC §2 "Some routes are kept alive"): the manifest's keepAlive rows,
// one instance per row and path (a category list and another category are two instances; their
// filters and pages are the same instance's search), at most KEEP_ALIVE_LIMIT of them, the least
// recently shown dropped first (docs/decisions/kept-alive-routes.md).
import type { RouteDef } from './types';

/**
 * Five: a buyer's usual round (the list, a category, a search, another view) and one more,
 * without holding every list of a long visit (each a page of tiles and its answers) in memory.
 */
export const KEEP_ALIVE_LIMIT = 5;

interface MatchLike {
  pathname: string;
  staticData?: { def?: RouteDef };
}

/**
 * The kept instance the matched page belongs to, or null when its row is not kept alive. Read from
 * the matches, not the location: during a navigation the location already names the next page while
 * the matches (what is on screen) are still the last one's.
 */
export function keptAliveKey(matches: readonly MatchLike[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const def = matches[i].staticData?.def;
    if (def) return def.keepAlive ? `${def.name} ${matches[i].pathname}` : null;
  }
  return null;
}

/**
 * The kept instances after showing `key`, least recently shown first: `key` moves to the end (or is
 * added there) and the oldest go past the limit. The same array when `key` is null or already the
 * most recent, so a render that changes nothing keeps its state.
 */
export function showKept<T extends { key: string }>(
  kept: readonly T[],
  key: string | null,
  make: (key: string) => T,
  limit = KEEP_ALIVE_LIMIT,
): readonly T[] {
  if (key === null || kept.at(-1)?.key === key) return kept;
  const existing = kept.find((entry) => entry.key === key);
  const next = [...kept.filter((entry) => entry.key !== key), existing ?? make(key)];
  return next.slice(Math.max(0, next.length - limit));
}
