import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { writePrecachePack } from './scripts/precache-pack';

/** DESIGN.md budget: the service worker precache stays at or under 2 MiB. */
const PRECACHE_MAX_FILE_BYTES = 2 * 1024 * 1024;
/**
 * The goods tile and what it draws with (price, add-to-cart, stepper, the cart's calls and rules),
 * named one by one: the group also takes every module these import, so a wider pattern pulled the
 * dialogs and zod in with the goods alerts.
 */
const GOODS_KIT =
  /[\\/]src[\\/](?:widgets[\\/]goods[\\/](?:goods-tile|add-to-cart|quantity-stepper|use-viewer|price-tag)|ui[\\/]goods[\\/](?:goods-image|goods-facts|tag-badges)|ui[\\/](?:goods-text|highlight)|api[\\/]cart|domain[\\/](?:cart|pricing|quantity|promotion-goods))\.(?:tsx?|module\.css)$/;

export default defineConfig({
  plugins: [
    react(),
    // Service worker: source in sw/sw.ts (routing and caching only), built by the plugin into
    // dist/sw.js with the precache manifest injected at self.__WB_MANIFEST. See docs/offline.md.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/app/pwa-update.tsx registers /sw.js with workbox-window after first paint, so the
      // update prompt (skip waiting on the buyer's click) lives in our code, not a plugin script.
      injectRegister: false,
      // The dev server serves no service worker: stale caches make dev confusing. Test the SW
      // against `npm run build` (the e2e tests do).
      devOptions: { enabled: false },
      // Icons are precached through globPatterns below (png); listing them again here would
      // add duplicate precache entries.
      includeManifestIcons: false,
      manifest: {
        name: '康源医药网 · 医药批发采购',
        short_name: '康源医药',
        description: '面向药店与诊所的医药批发采购平台：西药、中成药、中药饮片、医疗器械、保健食品。',
        lang: 'zh-CN',
        dir: 'ltr',
        theme_color: '#0b8a5f',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // A classic script, as workbox-window registers it (no `type: 'module'`); also avoids
        // the ES build path that trips a rolldown deprecation warning under vite 8.
        rollupFormat: 'iife',
        // The app shell and every route chunk with its CSS (each lazy `page: () => import(…)` of
        // the route manifest is a file under assets/), so any page opens offline after one
        // visit; checked: every built file except sw.js, robots.txt and the build report is
        // listed (about 100 entries, under 1 MiB; bench/bundle-size.ts enforces ≤ 2 MiB).
        // Not json (dist/.vite/manifest.json is a build report) and not the goods images
        // (served by the API server, cached at runtime by images-v1). manifest.webmanifest is
        // added by the plugin itself.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webp,woff2}'],
        // A single file above the whole budget is a mistake, not something to precache.
        maximumFileSizeToCacheInBytes: PRECACHE_MAX_FILE_BYTES,
        // The same files in one pack beside them (dist/precache-pack.txt), which the worker's install
        // fetches instead of each file (docs/decisions/precache-pack.md).
        manifestTransforms: [writePrecachePack('dist')],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // dist/.vite/manifest.json: bench/bundle-size.ts reads it to find what loads before first paint.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically runs before first paint anyway, so it goes
          // in one chunk. Left to automatic splitting, the modules a lazy chunk also imports (the
          // local store's entry, query and router helpers …) became ~18 small shared chunks: one
          // request each, and gzip compresses them separately (+8 KiB gzip before first paint,
          // docs/decisions/route-loaders.md). Lazy-only code is untouched: '$initial' does not
          // capture it.
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            // The goods kit every list, search, detail and the home's lower half draws its goods with
            // (tile, price, add-to-cart, stepper, the cart's calls and rules): one file instead of
            // fourteen, so a lazy part that needs it adds two preload links, not some twenty — Vite's
            // loader appends them in one task, 60–140 ms at 4× CPU on the home page (issue 36).
            { name: 'goods-kit', test: GOODS_KIT, priority: 1 },
            // The tile's link is every page's link: kept out of the kit, or the help pages and the
            // account pages would load the whole kit for it.
            { name: 'spa-link', test: /[\\/]src[\\/]ui[\\/]spa-link\.tsx$/, priority: 2 },
          ],
        },
      },
    },
  },
  // `npm run dev` (scripts/dev.mjs): the API server's paths go to it on port 3000 — the API, the
  // goods pictures and quality reports (/media) and the chat frame (/kf). The Host header is kept,
  // so the server's origin check sees the page's own origin.
  server: {
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/kf': 'http://localhost:3000' },
  },
});
