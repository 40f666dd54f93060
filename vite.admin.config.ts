// The operator console (issue 18; docs/decisions/operator-console.md): its own Vite build, from
// admin/ into dist/admin/, served under /admin. Built after the PWA (`npm run build`), so the
// shop's service worker precache and its home route never see a byte of it.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: path.join(here, 'admin'),
  base: '/admin/',
  plugins: [react()],
  // The shop's shared layers by name (@domain/…, @ui/…): the paths of tsconfig.json, the one place
  // they are defined (docs/decisions/layers.md "Path aliases").
  resolve: { tsconfigPaths: true },
  // The shop's public/ (icons, the PWA manifest) is not the console's.
  publicDir: false,
  build: {
    outDir: path.join(here, 'dist/admin'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
