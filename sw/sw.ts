/// <reference lib="webworker" />
// The service worker: routing and caching only (STYLE.md "The offline side"). Business rules
// stay in src/. Built by vite-plugin-pwa (injectManifest) into dist/sw.js; registered by
// src/app/pwa-update.tsx. docs/offline.md "Service worker" is the overview; the caches are
// described one by one in sw/caches.ts, the route table is sw/routes.ts, the page contract
// (names, headers, messages) is src/domain/cache-names.ts.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { OUTBOX_SYNC_TAG, isPageToWorkerMessage } from '../src/domain/cache-names';
import { createRuntimeCaches, deleteRetiredCaches } from './caches';
import { fromServer, navigationHandler } from './navigation';
import { installPrecache, precache } from './precache';
import { broadcast, reportToPage } from './page-messages';
import { NAVIGATION_DENYLIST, runtimeCacheFor, sessionEventFor } from './routes';
import { ScopeStore } from './scope';
import { learnScope, loadScope, observeSession, saveScope } from './scope-io';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync (not in TypeScript's webworker lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// --- precache (workbox-precache-v2-…): the app shell -------------------------------------------
// index.html, every JS/CSS chunk (all lazy route chunks included), icons and fonts, listed at
// build time (vite.config.ts globPatterns, ≤ 2 MiB). A first visit stores them from the build's
// pack, one request; an update fetches the few files whose content changed (sw/precache.ts). A new
// build ships a new sw.js, which installs beside the old one and waits (below).
precache.addToCacheList(self.__WB_MANIFEST);
registerRoute(new PrecacheRoute(precache));
self.addEventListener('install', (event) => event.waitUntil(installPrecache()));
// Drops precaches left by older Workbox versions' cache naming, not our own runtime caches.
cleanupOutdatedCaches();

// Navigations go to the network first (the server renders the first screen of the catalogue pages
// into the HTML) and fall back to the precached index.html, which renders from the local store,
// when the server refuses, fails or is slower than a short timeout (sw/navigation.ts). Navigation
// preload starts that request while the worker itself starts. /api and served files (goods
// images) are real server responses, never the shell.
enableNavigationPreload();
registerRoute(new NavigationRoute(navigationHandler('index.html'), { denylist: NAVIGATION_DENYLIST }));
// The navigations left to the server (WeChat's callback to /api/wechat/callback, pictures, the chat
// frame) are answered too, with navigation preload's response (sw/navigation.ts fromServer).
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    NAVIGATION_DENYLIST.some((pattern) => pattern.test(url.pathname)),
  fromServer,
);

// --- runtime caches (sw/caches.ts) ---------------------------------------------------------------
const scope = new ScopeStore({
  load: loadScope,
  save: saveScope,
  clear: () => runtime.clearUserScoped(),
  learn: learnScope,
});
const runtime = createRuntimeCaches(scope, reportToPage);

for (const [cacheName, strategy] of Object.entries(runtime.strategies)) {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && runtimeCacheFor(request.method, url.pathname) === cacheName,
    strategy,
  );
}

// Sign-in and sign-out pass through the worker (never cached) so the catalogue scope switches
// before the page reloads with the new session (sw/scope-io.ts). Every other per-user request
// (cart, orders, user, favourites, addresses, invoices) goes to the network untouched.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && sessionEventFor(request.method, url.pathname) === 'login',
  ({ request }) => observeSession('login', request, scope),
  'POST',
);
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && sessionEventFor(request.method, url.pathname) === 'logout',
  ({ request }) => observeSession('logout', request, scope),
  'DELETE',
);

// --- messages from the page ----------------------------------------------------------------------
// SET_SCOPE: src/app/cache-scope.ts after the user base settles (confirms or corrects the scope,
// e.g. a sign-in that happened before this worker controlled the page).
// CLEAR_USER_CACHES: src/app/cache-scope.ts clearUserCaches() on logout.
// SKIP_WAITING: the update prompt (below).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (!isPageToWorkerMessage(data)) return;
  const reply = () => event.ports[0]?.postMessage({ ok: true });
  switch (data.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      return;
    case 'SET_SCOPE':
      event.waitUntil(scope.set(data.scope).then(reply));
      return;
    case 'CLEAR_USER_CACHES':
      event.waitUntil(scope.reset().then(reply));
      return;
  }
});

// --- Background Sync ------------------------------------------------------------------------------
// The page's sync engine (src/local/) registers OUTBOX_SYNC_TAG when a mutation is queued offline;
// the browser fires it once connectivity returns, even with the tab in the background. The outbox
// lives in the page's IndexedDB and its rules in src/, so the worker only wakes the open pages.
// With no page open it resolves anyway: the engine drains the outbox on the next start.
self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(broadcast({ type: 'SYNC_OUTBOX' }).then(() => undefined));
});

// --- updates -----------------------------------------------------------------------------------
// A new worker waits until the buyer clicks 刷新 in the page's prompt (src/app/pwa-update.tsx,
// which posts SKIP_WAITING through workbox-window). Never skip waiting on our own: an open page
// would keep running old JS while lazy chunks come from the new precache (mixed assets).
self.addEventListener('activate', (event) => {
  // Retired precache files (Workbox's clean-up), then retired runtime caches.
  void precache.activate(event);
  event.waitUntil(deleteRetiredCaches());
});
// Once active, take control of already open pages: on the very first visit this makes the
// page offline-capable without a reload; after an update, the prompt's reload follows.
clientsClaim();
