// How a route loads its page's first screen (RouteDef.loader): the router awaits the loader so the
// page usually renders complete, but a loader never costs the buyer more than a page rendering its
// own skeleton did: it never throws (a failed query is the page's to show, as its own failure
// state or its offline state), it starts nothing while offline (the page then reads its cached
// answers and the local store itself, as it always did), and it waits at most
// FIRST_SCREEN_WAIT_MS, so a dead link never holds a navigation for the request timeout.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { SearchSchema } from '../domain/params';
import type { RouteLoader, RouteLocation } from './types';

/**
 * Below the router's pending delay (defaultPendingMs, 1 s): a slow answer shows the page with its
 * own skeleton, as before loaders, never the router's spinner in its place.
 */
export const FIRST_SCREEN_WAIT_MS = 800;

export async function loadFirstScreen(load: () => Promise<unknown>, waitMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  if (!onlineManager.isOnline()) return;
  let answered: Promise<unknown>;
  try {
    answered = load().catch(() => undefined);
  } catch {
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([answered, budget]);
  clearTimeout(timer);
}

/**
 * A row's search schema and the loader that reads it. The router hands a loader the URL's search
 * untyped (its `location.search`), so the schema types it here, the same way validateSearch did
 * for the page, instead of a cast.
 */
export function withSearch<S>(
  schema: SearchSchema<S>,
  load: (queryClient: QueryClient, at: RouteLocation<S>) => Promise<unknown>,
): { search: SearchSchema<S>; loader: RouteLoader } {
  return {
    search: schema,
    loader: (queryClient, at) => load(queryClient, { params: at.params, search: schema(at.search) }),
  };
}

/**
 * A loader whose module loads on its first call, so the first paint does not carry it: the import
 * starts when the route matches, in parallel with the page's own chunk. A failed import is a failed
 * loader, which `loadFirstScreen` swallows like any other (the page then loads its data itself).
 */
export function lazyLoader(load: () => Promise<RouteLoader>): RouteLoader {
  return (queryClient, at) => load().then((loader) => loader(queryClient, at));
}

/** Every promise settled, failures included: one failing query must not hide the others' answers. */
export function settled(promises: ReadonlyArray<Promise<unknown>>): Promise<unknown> {
  return Promise.allSettled(promises);
}
