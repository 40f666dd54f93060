// The server-rendering build (issue 21 §1, docs/decisions/server-rendering.md): the PWA's own
// router, pages and React tree as one Node module, dist/.ssr/server-render.js, which
// server/http/ssr.ts loads. Runs after the client build (which empties dist/); dist/.ssr is a dot
// directory, so the static server never serves it and the service worker never precaches it.
// CSS modules get the same class names as in the client build (same files, same naming), and the
// CSS itself comes from the client build: server/http/ssr.ts links the files the page's chunks use.
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(new URL(import.meta.url).pathname);

/**
 * Registers every page module's namespace under its source path, so the renderer can tell which
 * modules drew the matched route (a manifest row's `page` may pick one export of a module) and the
 * server can link the CSS the client build put beside those modules.
 */
function pageSources(): Plugin {
  return {
    name: 'shop-page-sources',
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0];
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (!/^src\/(features|routes)\/.*\.tsx$/.test(rel)) return null;
      return {
        code: `${code}\nimport * as __ssrSelf from ${JSON.stringify(file)};\n(globalThis.__ssrPageSources ??= new Map()).set(__ssrSelf, ${JSON.stringify(rel)});\n`,
        map: null,
      };
    },
  };
}

export default defineConfig({
  plugins: [react(), pageSources()],
  publicDir: false,
  // React and everything rendering with it go into the bundle, built for production: left
  // external they would follow the server's NODE_ENV, and the demo server (not 'production')
  // rendered with React's development build, several times slower. One copy of React for all.
  // The article sanitiser (jsdom underneath) stays external: it renders nothing and reads its
  // own files at run time.
  ssr: { noExternal: true, external: ['isomorphic-dompurify'] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/app/server-render.tsx',
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
  },
});
