// A page's typed search params. A route row's schema runs as the route's `validateSearch`
// (validateSearchWith below), so the router parses the search once per location and every reader
// (the page, the loader's deps) shares that value.
//
// The typed value travels in the match's search under a symbol key, not as the search's own keys:
// on every navigation the router merges validateSearch's output into the next URL, which would
// rewrite `?yx=1&tags=优,秒` as `?yx=true&tags=["优","秒"]&page=1&page_size=20…` (every default and
// every typed value in the address bar and in shared links). A symbol key never reaches the URL,
// so URLs stay what our href builders wrote.
//
// The router's generated types cannot carry the schema's type to the page (the tree is built from
// the manifest at run time, docs/decisions/route-loaders.md), so the one cast of a validated
// search is here, behind the check that it was this schema that produced it. Anywhere else (a test
// router, a route without the schema) the schema parses the search itself: the same value.
import { useMemo } from 'react';
import { useMatch } from '@tanstack/react-router';
import type { SearchSchema } from '../domain/params';

const TYPED = Symbol('typed search');

interface TypedSearch {
  schema: SearchSchema<unknown>;
  value: unknown;
}

type SearchWithTyped = { [TYPED]?: TypedSearch };

/**
 * The route's validateSearch for a schema. The last answer is kept per schema, so re-matching the
 * same URL hands the page the same object (effects keyed on it do not re-run).
 */
export function validateSearchWith(schema: SearchSchema<unknown>): (raw: Record<string, unknown>) => SearchWithTyped {
  let lastKey: string | undefined;
  let last: SearchWithTyped = {};
  return (raw) => {
    const key = JSON.stringify(raw);
    if (key !== lastKey) {
      lastKey = key;
      last = { [TYPED]: { schema, value: schema(raw) } };
    }
    return last;
  };
}

/** The search as `schema` types it: the router's value when this schema produced it, else parsed here. */
export function typedSearch<S>(search: unknown, schema: SearchSchema<S>): S {
  const entry = typeof search === 'object' && search !== null ? (search as SearchWithTyped)[TYPED] : undefined;
  return entry?.schema === schema ? (entry.value as S) : schema(search);
}

export function useRouteSearch<S>(schema: SearchSchema<S>): S {
  const search: unknown = useMatch({ strict: false, select: (match) => match.search });
  return useMemo(() => typedSearch(search, schema), [search, schema]);
}
