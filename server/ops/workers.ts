// `npm start` with WORKERS=n: n app processes (node:cluster) sharing one port and one PostgreSQL.
// Everything the processes must agree on (sessions, rate limits, Idempotency-Keys, stock, uploads)
// lives in the database, so any process may answer any request (docs/operations.md).
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { Refusal } from './refusal.ts';
import { BOOT_ID_ENV, bootId } from '../cluster/boot-id.ts';
import { relayCatalogueNews } from '../cluster/catalogue-news.ts';
import { relaySessionNews } from '../cluster/session-news.ts';

/** WORKERS from the environment: 1 when unset; refuses nonsense and PGlite with more than one. */
export function workerCount(env: NodeJS.ProcessEnv): number {
  const raw = env.WORKERS?.trim();
  if (!raw) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Refusal(`WORKERS=${raw} is not a whole number of processes (1 or more).`);
  if (n > 1 && !env.DATABASE_URL) {
    throw new Refusal(
      `WORKERS=${n} needs PostgreSQL: the embedded database (no DATABASE_URL) can be used by one process only. ` +
        'Set DATABASE_URL=postgres://… or start with WORKERS=1.',
    );
  }
  return n;
}

// From source this is server/ops/workers.ts beside server/worker.ts; built (`npm run build`), it is
// bundled into a file of dist-server/, beside dist-server/worker.js.
const workerEntry = fileURLToPath(
  import.meta.url.endsWith('.ts') ? new URL('../worker.ts', import.meta.url) : new URL('./worker.js', import.meta.url),
);

/**
 * The primary: forks n workers (each runs server/worker.ts), replaces one that dies while the
 * shop runs, and on SIGTERM/SIGINT passes the signal on and exits once every worker has drained.
 */
export function runWorkers(n: number, log: (line: string) => void = console.log): void {
  // The workers inherit process.execArgv: from source, tsx's loader, so they can run TypeScript too.
  cluster.setupPrimary({ exec: workerEntry });
  let stopping = false;
  const listening = new WeakSet<Worker>();
  const fork = () => {
    // One start, one boot id for all of its workers (and for a worker that replaces a dead one).
    const w = cluster.fork({ [BOOT_ID_ENV]: bootId() });
    log(`worker ${w.process.pid} started`);
    w.once('listening', () => listening.add(w));
  };
  // A console write in one worker empties the catalogue caches of the others too.
  cluster.on('message', (from, message) => relayCatalogueNews(from, message, Object.values(cluster.workers ?? {})));
  // A sign-out or password change in one worker is forgotten by the others' session memos too.
  cluster.on('message', (from, message) => relaySessionNews(from, message, Object.values(cluster.workers ?? {})));
  cluster.on('exit', (w, code, signal) => {
    if (stopping) {
      // exitCode stays 1 when a failed start caused the stop.
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    // A worker that never got to listen would fail again (bad config, database down): stop.
    if (!listening.has(w)) {
      log(`worker ${w.process.pid} failed to start (${signal ?? code}); stopping`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    log(`worker ${w.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${n} workers`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  log(`starting ${n} workers`);
  for (let i = 0; i < n; i++) fork();
}
