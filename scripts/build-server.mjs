// The server's part of `npm run build` (issue 30 §1: production runs built JavaScript), into
// dist-server/ (outside dist/, which the PWA's build empties while a server may be running):
//   - the server: server/start.ts (`npm start`) and server/worker.ts (one server process, what each
//     WORKERS fork runs) bundled with everything of ours they import (server/, src/domain/, aliases
//     from tsconfig.json) into ES modules for Node; packages stay in node_modules;
//   - the chat frame's script (server/chat-frame/client/main.ts, for the browser) and stylesheet
//     (the shop's tokens, then server/chat-frame/frame.css), served at /kf/chat.js and /kf/chat.css.
//   node scripts/build-server.mjs
// scripts/start.mjs imports buildServer() to build a missing or stale server before it runs it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = path.join(root, 'dist-server');
/** The entries npm start runs; server/chat-frame/assets.ts reads the frame's files by these names too. */
export const SERVER_ENTRIES = ['start', 'worker'];
export const CHAT_FRAME_FILES = { js: 'chat-frame.js', css: 'chat-frame.css' };

export async function buildServer() {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(SERVER_ENTRIES.map((name) => [name, `server/${name}.ts`])),
    outdir: OUT_DIR,
    bundle: true,
    // start.ts imports index.ts on demand; modules both entries use are shared, not copied.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await build({
    absWorkingDir: root,
    entryPoints: ['server/chat-frame/client/main.ts'],
    outfile: path.join(OUT_DIR, CHAT_FRAME_FILES.js),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const css = ['src/ui/tokens.css', 'server/chat-frame/frame.css'].map((file) =>
    readFileSync(path.join(root, file), 'utf8'),
  );
  writeFileSync(path.join(OUT_DIR, CHAT_FRAME_FILES.css), css.join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildServer();
  console.log(`server built into ${path.relative(root, OUT_DIR)}/`);
}
