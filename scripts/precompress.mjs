// The last step of `npm run build` (and of `npm start`'s own build, server/start.ts): every text file
// of the built shop and console compressed once, at the highest levels, beside itself
// (index-3f2a.js.br, index-3f2a.js.gz). The app (server/http/static.ts) and nginx (`brotli_static`,
// `gzip_static`, deploy/nginx/kangyuan.conf) send those as they are. Before, each server process
// compressed each file at its first request, on the event loop (a 1 MB shell: ~3 s of CPU at
// brotli 9, every start), and nginx per request at level 5 (docs/decisions/precompressed-assets.md).
//   node scripts/precompress.mjs [dir]   (default: dist)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What server/http/static.ts compresses (its COMPRESSIBLE); hidden folders (.ssr, .vite) are never served. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

async function textFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await textFiles(full)));
    else if (COMPRESSIBLE.test(entry.name)) found.push(full);
  }
  return found;
}

async function compressBeside(file) {
  const raw = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    gz(raw, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  return { raw: raw.length, br: br.length };
}

async function precompress(dir) {
  const queue = await textFiles(dir);
  const count = queue.length;
  const started = Date.now();
  let raw = 0;
  let br = 0;
  // zlib's thread pool does the work; a few files at a time keep every core busy.
  const lanes = Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const sizes = await compressBeside(file);
      raw += sizes.raw;
      br += sizes.br;
    }
  });
  await Promise.all(lanes);
  console.log(
    `precompressed ${count} files in ${path.relative(root, dir) || '.'}: ${(raw / 1024).toFixed(0)} KiB → ` +
      `${(br / 1024).toFixed(0)} KiB brotli, ${Date.now() - started} ms`,
  );
}

const dir = path.resolve(root, process.argv[2] ?? 'dist');
if (!(await stat(dir).catch(() => null))?.isDirectory()) {
  console.error(`precompress: ${dir} is not a folder (run the vite builds first)`);
  process.exit(1);
}
await precompress(dir);
