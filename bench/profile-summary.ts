// Summarises V8 CPU profiles (`node --cpu-prof`, e.g. from `bench/load.ts --cpu-prof DIR`): self
// time by where it is spent (the embedded database's WebAssembly, drizzle, the HTTP stack, JSON,
// compression, garbage collection, idle…) and the hottest functions.
//
//   npx tsx bench/profile-summary.ts DIR_OR_FILE… [--top 15] [--last SECONDS]
//
// --last keeps only the profile's final SECONDS: the server's start (module loading, migrations,
// opening the database) is left out when the load ran until the server stopped (bench/load.ts
// stops it right after the last shape, so `--last 20` is the search and list shapes of 10 s each).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's time goes, by its script (first match wins). */
const AREAS: [string, (url: string, fn: string) => boolean][] = [
  ['idle (waiting for I/O)', (_u, fn) => fn === '(idle)'],
  ['garbage collection', (_u, fn) => fn === '(garbage collector)'],
  ['embedded database (PGlite wasm + its JS)', (u) => u.startsWith('wasm://') || u.includes('@electric-sql/pglite')],
  ['PostgreSQL driver (pg)', (u) => /node_modules\/(pg|pg-protocol|pg-types|pgpass)\//.test(u)],
  ['drizzle (query building, row mapping)', (u) => u.includes('drizzle-orm')],
  ['Hono + node-server (routing, Request/Response)', (u) => u.includes('/hono/') || u.includes('@hono/')],
  [
    'undici / web streams (Response bodies)',
    (u) => u.includes('undici') || u.includes('internal/webstreams') || u.includes('internal/deps/undici'),
  ],
  ['compression (zlib)', (u, fn) => u.includes('zlib') || /brotli|gzip|deflate/i.test(fn)],
  ['sessions (server/auth)', (u) => u.includes('/server/auth/')],
  [
    'catalogue services (server/services/goods, visibility)',
    (u) => u.includes('/server/services/goods/') || u.includes('price-visibility') || u.includes('entitlement'),
  ],
  ['other server code', (u) => u.includes('/server/') || u.includes('/src/domain/')],
  [
    'socket / net / http (node internals)',
    (u) => /node:(net|_http|http|stream|internal\/(stream|net|http))|internal\/streams|_http_|net\.js/.test(u),
  ],
  [
    'native I/O calls (socket writev, PGlite file fstat/read/write)',
    (u, fn) =>
      u === '' &&
      /^(writev|writeBuffer|writeUtf8String|fstat|read|write|open|close|fsync|fdatasync|ftruncate|lstat|stat)$/.test(
        fn,
      ),
  ],
  ['JSON, regexps, builtins (no script)', (u, fn) => u === '' && !fn.startsWith('(')],
  ['(program): native code outside JS', (_u, fn) => fn === '(program)'],
  ['other node internals', (u) => u.startsWith('node:') || u.startsWith('internal/')],
  ['other dependencies', () => true],
];

function filesOf(inputs: string[]): string[] {
  return inputs.flatMap((p) =>
    statSync(p).isDirectory()
      ? readdirSync(p)
          // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the event loop (the
          // others are helpers such as tsx's, idle nearly all the time).
          .filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))
          .map((f) => path.join(p, f))
      : [p],
  );
}

export function summarise(files: string[], top: number, lastSeconds?: number): string {
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const span = profile.timeDeltas.reduce((a, b) => a + b, 0);
    const from = lastSeconds === undefined ? -Infinity : span - lastSeconds * 1e6;
    let at = 0;
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      at += dt;
      if (at < from) return;
      const node = nodes.get(id);
      if (!node || dt <= 0) return;
      const { url, functionName, lineNumber } = node.callFrame;
      const area = AREAS.find(([, test]) => test(url, functionName))![0];
      byArea.set(area, (byArea.get(area) ?? 0) + dt);
      const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|src|bench)\//, '$1/')}:${lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + dt);
      total += dt;
    });
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  const lines = [`${files.length} profile(s), ${(total / 1e6).toFixed(1)} s sampled`, '', 'self time by area:'];
  for (const [area, us] of [...byArea].sort((a, b) => b[1] - a[1])) lines.push(`  ${pct(us)}  ${area}`);
  lines.push('', `top ${top} functions (self time):`);
  for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${fn}`);
  return lines.join('\n');
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '15' }, last: { type: 'string' } },
});
if (positionals.length === 0) {
  console.error('npx tsx bench/profile-summary.ts DIR_OR_FILE… [--top 15] [--last SECONDS]');
  process.exit(2);
}
console.log(
  summarise(filesOf(positionals), Number(values.top), values.last === undefined ? undefined : Number(values.last)),
);
