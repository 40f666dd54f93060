// The TanStack Router built from the manifest: one route per path and per alias (aliases render
// the same page so URLs stay as typed), pathless layouts for SPEC's parents, redirect rows,
// the member-only guard, each row's search schema and first-screen loader, the document title and
// per-route scroll memory.
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { loginHref } from '../domain/safe-href';
import type { AuthContext } from './auth-context';
import { documentTitle, leafDef } from './current-route';
import { FIRST_SCREEN_WAIT_MS, loadFirstScreen } from './first-screen';
import { RootLayout, RouteError, RoutePending } from './layout';
import { routes as manifest } from './manifest';
import { fillPath, type PathParams } from './paths';
import type { PageModule, RouteDef } from './types';
import { typedSearch, validateSearchWith } from '../widgets/route-search';

export { useCurrentRouteDef, documentTitle, ROOT_DEF } from './current-route';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthContext;
}

export interface AppRouterOptions {
  /** Memory history in tests; the browser history by default. */
  history?: RouterHistory;
  /** Another table (tests); the app always uses the manifest. */
  routes?: readonly RouteDef[];
  /**
   * Off on the server: the router would write an inline restoring script into the page, which the
   * CSP refuses; the page's router restores scroll positions itself from the first navigation on.
   */
  scrollRestoration?: boolean;
}

/** Where a redirect row sends the visitor; string targets keep the query string. */
export function redirectHref(def: RouteDef, params: PathParams, searchStr = ''): string {
  if (typeof def.redirect === 'function') return def.redirect(params);
  if (typeof def.redirect === 'string') return fillPath(def.redirect, params) + searchStr;
  throw new Error(`路由 ${def.name} 不是跳转路由`);
}

type BeforeLoad = (opts: {
  context: RouterContext;
  location: { href: string; searchStr: string };
  params: PathParams;
}) => Promise<void> | void;

function beforeLoadFor(def: RouteDef): BeforeLoad | undefined {
  if (def.redirect) {
    return ({ params, location }) => {
      throw redirect({ href: redirectHref(def, params, location.searchStr), replace: true });
    };
  }
  if (def.auth) {
    return async ({ context, location }) => {
      if (await context.auth.isSignedIn()) return;
      throw redirect({ href: loginHref(location.href), replace: true });
    };
  }
  return undefined;
}

type Loader = (opts: {
  context: RouterContext;
  params: PathParams;
  location: { search: unknown };
  cause: 'enter' | 'stay' | 'preload';
}) => Promise<void>;

function loaderFor(def: RouteDef): Loader | undefined {
  const { loader } = def;
  if (!loader) return undefined;
  return ({ context, params, location, cause }) =>
    loadFirstScreen(
      () => loader(context.queryClient, { params, search: location.search }),
      // Within a page (another filter, another list page) the page keeps its previous answer on
      // screen while the next loads, as it always did: the router does not hold the URL for it.
      cause === 'stay' ? 0 : FIRST_SCREEN_WAIT_MS,
    );
}

/** The row's schema as validateSearch, and its typed search as the loader's deps, so a search change reloads. */
function searchOptionsFor(def: RouteDef) {
  const { search } = def;
  if (!search) return {};
  return {
    validateSearch: validateSearchWith(search),
    loaderDeps: ({ search: validated }: { search: unknown }) => typedSearch(validated, search),
  };
}

function lazyPage(page: () => Promise<PageModule>): RouteComponent {
  // lazyRouteComponent's conditional type cannot see through `ComponentType` (a class/function
  // union); the component it returns accepts no props, which is what PageModule promises.
  return lazyRouteComponent(page) as unknown as RouteComponent;
}

export function buildRouteTree(defs: readonly RouteDef[] = manifest): AnyRoute {
  const root = createRootRouteWithContext<RouterContext>()({
    component: RootLayout,
    errorComponent: RouteError,
    notFoundComponent: lazyPage(() => import('./not-found-page')),
  });

  // One lazy component per row, shared by its aliases so the chunk is requested once.
  const components = new Map<string, RouteComponent>();
  const componentOf = (def: RouteDef): RouteComponent | undefined => {
    if (!def.page) return undefined;
    let component = components.get(def.name);
    if (!component) {
      component = lazyPage(def.page);
      components.set(def.name, component);
    }
    return component;
  };

  const layouts = new Map<string, { route: AnyRoute; children: AnyRoute[] }>();
  for (const def of defs) {
    if (!def.layout) continue;
    const route = createRoute({
      getParentRoute: () => root,
      // Pathless: SPEC's children keep their absolute URLs (`/basic`, not `/zhzx/basic`).
      id: `layout_${def.name}`,
      component: componentOf(def),
      staticData: { def },
    });
    layouts.set(def.name, { route: route as unknown as AnyRoute, children: [] });
  }

  const topLevel: AnyRoute[] = [];
  for (const def of defs) {
    if (def.layout) continue;
    const layout = def.parent ? layouts.get(def.parent) : undefined;
    if (def.parent && !layout) throw new Error(`路由 ${def.name} 的上级 ${def.parent} 不存在`);
    const parent: AnyRoute = layout ? layout.route : (root as unknown as AnyRoute);
    for (const path of [def.path, ...(def.aliases ?? [])]) {
      const route = createRoute({
        getParentRoute: () => parent,
        path,
        component: componentOf(def),
        staticData: { def },
        // The route is built from data, so its params/context types are the loose ones.
        beforeLoad: beforeLoadFor(def) as never,
        loader: loaderFor(def) as never,
        ...(searchOptionsFor(def) as object),
      });
      (layout ? layout.children : topLevel).push(route as unknown as AnyRoute);
    }
  }

  const layoutRoutes = [...layouts.values()].map(({ route, children }) => route.addChildren(children));
  return root.addChildren([...topLevel, ...layoutRoutes]) as unknown as AnyRoute;
}

/**
 * The manifest's tree, built once: the server makes a router per request, and the tree's lazy page
 * components keep their loaded modules across them (as a route tree module does in TanStack's own
 * server rendering), so a page drawn once never suspends again.
 */
let manifestTree: AnyRoute | null = null;

function routeTreeFor(routes: readonly RouteDef[] | undefined): AnyRoute {
  if (routes) return buildRouteTree(routes);
  manifestTree ??= buildRouteTree();
  return manifestTree;
}

/**
 * Builds the manifest's tree now, so that a page starting in steps (src/main.tsx) does it in a
 * task of its own rather than in the one that creates the router (issue 36: together ≈ 75–130 ms
 * at 4× CPU, one long task).
 */
export function prepareRouteTree(): void {
  routeTreeFor(undefined);
}

export function createAppRouter(context: RouterContext, options: AppRouterOptions = {}) {
  const router = createRouter({
    routeTree: routeTreeFor(options.routes),
    context,
    history: options.history,
    defaultPreload: 'intent',
    defaultPendingComponent: RoutePending,
    scrollRestoration: options.scrollRestoration ?? true,
    // SPEC §2: scroll position is remembered per route, not per query string.
    getScrollRestorationKey: (location) => location.pathname,
  });
  router.subscribe('onResolved', () => {
    if (typeof document === 'undefined') return;
    document.title = documentTitle(leafDef(router.state.matches));
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
