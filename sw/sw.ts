/// <reference lib="webworker" />
// The service worker: routing and caching only (STYLE.md "The offline side"). Business rules
// stay in src/. Built by vite-plugin-pwa (injectManifest) into dist/sw.js; registered by
// src/app/pwa-update.tsx. Caches are listed below one by one; docs/offline.md is the overview.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

const DAY_S = 24 * 60 * 60;
const IMAGE_EXT = /\.(?:svg|png|jpe?g|webp|gif)$/i;

// --- precache (workbox-precache-v2-…): the app shell -------------------------------------------
// index.html, every JS/CSS chunk, icons and fonts, listed at build time (vite.config.ts
// globPatterns, ≤ 2 MiB). Hashed files are fetched once per content change; a new build ships a
// new sw.js, which installs beside the old one and waits (see "updates" below).
precacheAndRoute(self.__WB_MANIFEST);
// Drops precaches left by older Workbox versions' cache naming, not our own runtime caches.
cleanupOutdatedCaches();

// Every client route (/, /list, /wdqb_yhq, …) is the same single-page shell: answer
// navigations with the precached index.html so the app starts with the server down.
// /api and served files (goods images) are real server responses, never the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/img\//, /^\/media\//, /^\/sw\.js$/],
  }),
);

// --- images-v1: goods images --------------------------------------------------------------------
// Strategy: CacheFirst. A goods image URL does not change content (a new picture gets a new
// URL), so the network is only asked on a miss; list pages render images offline and without
// a round-trip on a slow 4G link.
// Limits: 500 entries (about a few list pages' worth of thumbnails plus details), 30 days,
// least-recently-used evicted first; dropped entirely if the browser reports storage pressure.
// Only complete same-origin 200 answers are stored (no opaque or error responses).
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/img/') || (url.pathname.startsWith('/media/') && IMAGE_EXT.test(url.pathname))),
  new CacheFirst({
    cacheName: 'images-v1',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
);

// --- categories-v1: GET /api/focus/common ---------------------------------------------------------
// The shell's data (category tree, nav, hot search terms, brands; SPEC §7). The same for every
// buyer and changes rarely, so StaleWhileRevalidate: the menu paints at once from the cache
// (also offline) and the answer is refreshed in the background for the next start.
// Limits: 4 entries (query-string variants), 7 days; after that the shell waits for the network.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname === '/api/focus/common',
  new StaleWhileRevalidate({
    cacheName: 'categories-v1',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 7 * DAY_S }),
    ],
  }),
);

// Every other /api request goes to the network untouched: cart, orders, wallet and user answers
// are per-buyer and must never be served to another account from a shared cache. Their offline
// story (catalogue snapshot, outbox) lives in src/local/ and is designed by the offline work.

// --- updates -----------------------------------------------------------------------------------
// A new worker waits until the buyer clicks 刷新 in the page's prompt (src/app/pwa-update.tsx,
// which posts SKIP_WAITING through workbox-window). Never skip waiting on our own: an open page
// would keep running old JS while lazy chunks come from the new precache (mixed assets).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
// Once active, take control of already open pages: on the very first visit this makes the
// page offline-capable without a reload; after an update, the prompt's reload follows.
clientsClaim();
