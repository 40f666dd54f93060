// The shape of one row of the route manifest (SPEC §2). The router, the shell and the tests read it.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { SearchSchema } from '../domain/params';

export interface ShellFlags {
  /** Full shop header (logo, search box, cart button). */
  header: boolean;
  /** Slim login-style header (registration, login). */
  loginHeader: boolean;
  footer: boolean;
  sideBar: boolean;
  categoryMenu: boolean;
  nav: boolean;
  topRightAd: boolean;
}

export type PageModule = { default: ComponentType };

/** Where a route matched: its path params and its search (typed once the row's schema read it). */
export interface RouteLocation<S = unknown> {
  params: Readonly<Record<string, string | undefined>>;
  search: S;
}

/**
 * Ensures the queries of a page's first screen, with the same query options the page reads.
 * Runs without a browser (no window, IndexedDB or local store: the page reads those); the router
 * runs it through `loadFirstScreen` (first-screen.ts), which bounds the wait and swallows failures.
 */
export type RouteLoader = (queryClient: QueryClient, at: RouteLocation) => Promise<unknown>;

export interface RouteDef {
  /** Unique route name (SPEC §2 names where given, e.g. `list_index`, `user_hyzx`). */
  name: string;
  /** Canonical path, TanStack syntax: `$id` for params, `{-$name}` for optional params. */
  path: string;
  /** Other paths that show the same page (SPEC §2 aliases). */
  aliases?: string[];
  /** Page title; the document title is `${title} - ${SITE_TITLE}`. */
  title: string;
  /** Parent route name for nested layouts (e.g. wallet pages under `wdqb`). */
  parent?: string;
  shell: ShellFlags;
  keepAlive?: boolean;
  /**
   * The server renders this page's first screen into the HTML it sends (src/app/server-render.tsx):
   * public pages buyers land on, whose loader fetches what the first screen shows.
   */
  ssr?: boolean;
  /** Cart step banner: 1-4 (cart_hm shows step 3). */
  step?: 1 | 2 | 3 | 4;
  /**
   * A route that only redirects. A string is a TanStack path whose `$param`/`{-$param}` segments
   * are filled from the source params (the query string is carried over); a function receives the
   * source params and returns the whole target href (used where params become a query string).
   */
  redirect?: string | ((params: Readonly<Record<string, string | undefined>>) => string);
  /** Needs a signed-in member; visitors go to /login?redirect=... */
  auth?: boolean;
  /** Lazy page module; absent for redirect-only routes. */
  page?: () => Promise<PageModule>;
  /** The page's search params schema, wired to the route's `validateSearch`; pages read it with `useRouteSearch`. */
  search?: SearchSchema<unknown>;
  /**
   * Loads the page's first screen when the route matches (and on link hover), in parallel with the
   * page's code instead of after it. Member-only rows run it only after the `auth` guard let the
   * buyer in.
   */
  loader?: RouteLoader;
  /**
   * A pathless layout that wraps the rows naming it as `parent` (account-centre menu, help tree…).
   * Its `path` records the SPEC parent path for readers; the URL itself is served by a child
   * (the default child lists it as an alias), so a layout row never matches a URL on its own.
   * Its `page` renders an `<Outlet />`.
   */
  layout?: boolean;
}
