// The server's half of the first screen (issue 21 §1, docs/decisions/server-rendering.md): built by
// vite.ssr.config.ts into dist/.ssr/server-render.js and called by server/http/ssr.ts for a
// browser navigation to a row marked `ssr`. It runs the same router, loaders and React tree as the
// page, with one QueryClient per request whose API calls go straight into the server's own app
// (no socket) carrying the buyer's cookie, and answers the HTML of #root plus the query cache the
// page hydrates from. A route that is not marked, or that redirects or fails, answers null and the
// server sends the static shell as before.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, type AnyRoute } from '@tanstack/react-router';
import { configureHttp } from '../http/client';
import { userBaseQuery, userKeys } from '../api/user';
import { cartTotalQuery } from '../api/cart-summary';
import { chatUnreadQuery } from '../api/chat';
import type { UserBase } from '../domain/user';
import { commonDataQuery, focusSlotQuery, footerLinksQuery, shopModeQuery } from '../api/common';
import { documentTitle, leafDef } from '../routes/current-route';
import type { RouteDef } from '../routes/types';
import { App, createServerAppState } from './app';
import { SSR_STATE_VERSION, type SsrState } from './ssr-state';

export { encodeSsrState } from './ssr-state';

export type ApiFetch = (request: Request) => Promise<Response>;

export interface RenderRequest {
  /** Path and query of the navigation, e.g. `/list?category_id=3`. */
  url: string;
  /** Answers an API request in process (the server's own app), with the navigation's cookie added. */
  fetch: ApiFetch;
}

export interface RenderedPage {
  /** The inner HTML of #root. */
  html: string;
  state: SsrState;
  title: string;
  /** Source files (`src/features/…/x.tsx`) of the page modules drawn: the server links their CSS. */
  pageSources: string[];
}

const requests = new AsyncLocalStorage<RenderRequest>();
/** Never sent: the in-process fetch only reads the path and query. */
const API_ORIGIN = 'http://ssr.internal';

configureHttp({
  baseUrl: `${API_ORIGIN}/api`,
  // Requests of different buyers run at once: none may cancel another's newest request.
  supersede: false,
  fetch: (input, init) => {
    const current = requests.getStore();
    if (!current) return Promise.reject(new Error('server render: API call outside a request'));
    return current.fetch(new Request(input, init));
  },
});

/** Modules the SSR build registered (vite.ssr.config.ts `pageSources`): namespace → source path. */
function registeredSources(): Map<object, string> {
  const g = globalThis as { __ssrPageSources?: Map<object, string> };
  return g.__ssrPageSources ?? new Map();
}

async function pageSourceOf(def: RouteDef): Promise<string | null> {
  if (!def.page) return null;
  const component: unknown = (await def.page()).default;
  for (const [namespace, source] of registeredSources()) {
    if (Object.values(namespace).includes(component)) return source;
  }
  return null;
}

/** The matched row, when the server draws it (`ssr`). */
function serverDefFor(route: AnyRoute | undefined): RouteDef | null {
  const def = (route?.options.staticData as { def?: RouteDef } | undefined)?.def;
  return def?.ssr ? def : null;
}

/** Fizz's inline instructions ($RC …): a boundary written out of order, which the CSP refuses. */
const INLINE_SCRIPT = /<script\b/i;

/**
 * The page's HTML, or null when it would need an inline script to come together (the shell then
 * answers). `prerender` waits for every lazy part, so the whole page is written in one pass.
 */
async function renderToHtml(node: React.ReactNode): Promise<string | null> {
  let failure: unknown = null;
  const { prelude } = await prerender(node, {
    // Fizz moves a boundary larger than this out of order (after the shell, placed by an inline
    // script); the whole page is sent at once here, so every boundary stays in place.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      failure ??= error;
    },
  });
  const html = await new Response(prelude).text();
  // A boundary that failed on the server would be client-rendered with a console error: send the shell instead.
  if (failure !== null) throw failure;
  return INLINE_SCRIPT.test(html) ? null : html;
}

export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  return requests.run(request, async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
    const history = createMemoryHistory({ initialEntries: [request.url] });
    const state = createServerAppState(queryClient, history);
    const { router } = state;
    const [, , found] = router.getMatchedRoutes(router.latestLocation.pathname);
    const def = serverDefFor(found);
    if (!def) return null;

    // What the shell draws on every page: the member's name and prices, the categories and nav.
    const shellData = Promise.allSettled([
      // A member's badges (the cart's from /api/cart/total in the header and side bar, the chat's
      // unread count in the side bar): drawn from the answers here, they travel with the page
      // instead of being fetched in the hydration's commit.
      queryClient.prefetchQuery(userBaseQuery()).then(() => {
        const user = queryClient.getQueryData<UserBase>(userKeys.base());
        if (!user) return;
        return Promise.all([
          queryClient.prefetchQuery(cartTotalQuery()),
          def.shell.sideBar && user.is_can_chat === 1
            ? queryClient.prefetchQuery(chatUnreadQuery(user.username))
            : undefined,
        ]);
      }),
      queryClient.prefetchQuery(commonDataQuery()),
      // The footer's links, licences and QR; the top banner.
      queryClient.prefetchQuery(shopModeQuery()),
      def.shell.footer ? queryClient.prefetchQuery(footerLinksQuery()) : Promise.resolve(),
      def.shell.header ? queryClient.prefetchQuery(focusSlotQuery('top')) : Promise.resolve(),
    ]);
    await Promise.all([router.load(), shellData]);
    // A redirect (a visitor sent to the login page), a page not found or a failed load: the shell
    // handles it in the browser, as before.
    if (router.state.matches.some((match) => match.status !== 'success') || leafDef(router.state.matches) !== def)
      return null;

    const html = await renderToHtml(
      <StrictMode>
        <App state={state} />
      </StrictMode>,
    );
    if (html === null) return null;
    const pageSources: string[] = [];
    for (const match of router.state.matches) {
      const matchDef = (match.staticData as { def?: RouteDef } | undefined)?.def;
      const source = matchDef ? await pageSourceOf(matchDef) : null;
      if (source) pageSources.push(source);
    }
    return {
      html,
      // Refusals too (a visitor's 401 on the user base): the page was drawn with them.
      state: {
        version: SSR_STATE_VERSION,
        queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
      },
      title: documentTitle(leafDef(router.state.matches)),
      pageSources,
    };
  });
}
