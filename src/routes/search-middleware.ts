// Keeps a route's URL as the link wrote it. On every navigation the router merges the route's
// validateSearch output into the next URL (`{ ...written, ...validated }`), which would rewrite
// `?yx=1&tags=优,秒` as `?yx=true&tags=["优","秒"]&page=1&page_size=20…`: every default and every
// typed value would land in the address bar and in shared links. Our schemas only type the search
// for readers; the URL stays what our href builders wrote (short, defaults left out).
import type { SearchMiddleware } from '@tanstack/react-router';

type Search = Record<string, unknown>;

/** What the router reports about a navigation's search (the part of its unexported SearchMiddlewareMeta we read). */
interface SearchMeta {
  /** The search the link or navigate call gave, literal or computed. */
  explicit?: unknown;
  /** Keys validateSearch added that the written search did not have. */
  defaulted?: Map<string, unknown>;
}

/** The router's `next` also takes a flag that collects that report (its own retainSearchParams uses it). */
type NextWithMeta = (search: Search, collectMeta: true) => { search: Search; meta: SearchMeta };

export const keepSearchAsWritten: SearchMiddleware<Search> = ({ search, next }) => {
  const { search: validated, meta } = (next as unknown as NextWithMeta)(search, true);
  // A literal or functional search (every href and `search={…}` link): exactly what was written.
  if (meta.explicit !== undefined) return meta.explicit as Search;
  // `search: true` kept the current search and no `search` means none: drop what validateSearch added.
  const kept: Search = {};
  for (const key of Object.keys(validated)) if (!meta.defaulted?.has(key) && key in search) kept[key] = search[key];
  return kept;
};
