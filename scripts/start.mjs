// `npm start`: runs the server as `npm run build` compiled it (dist-server/start.js), building it
// first when it is missing or older than what it is built from; the compiled start then builds the
// PWA and the console the same way (server/start.ts) and serves. A fresh clone therefore needs
// only `npm install && npm start`. Plain JavaScript: it runs before anything is compiled.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the server's build reads (scripts/build-server.mjs). */
const SERVER_INPUTS = [
  'server',
  'src/domain',
  'src/ui/tokens.css',
  'scripts/build-server.mjs',
  'package.json',
  'tsconfig.json',
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

// Errors name the TypeScript source's lines (the build writes source maps).
process.setSourceMapsEnabled(true);
const entry = path.join(root, 'dist-server', 'start.js');
const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
if (SERVER_INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt)) {
  console.log('building the server (dist-server/ is missing or older than its sources)…');
  // Only then: the running shop loads no bundler.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
await import(pathToFileURL(entry).href);
