// The browser tests' server as a child process, without vitest's hooks: used by the harness (a
// server per file) and by the e2e project's global setup (the seeded template and the shared
// server, tests/setup/e2e-shared-server.ts), which runs in vitest's main process.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createScratchDatabase } from '../helpers/scratch-database.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Overridable only to test the harness itself against a stand-in server. */
const SERVER_ENTRY = process.env.E2E_SERVER_ENTRY ?? 'server/index.ts';
/** First start migrates and seeds PGlite on a shared 2-core machine: be patient. */
const SERVER_READY_TIMEOUT_MS = 120_000;
const SERVER_STOP_TIMEOUT_MS = 10_000;
/** Small catalogue: fast first start; tests needing more pass SEED_GOODS themselves. */
const DEFAULT_SEED_GOODS = '300';
const READY_LINE = /listening on (http:\/\/localhost:(\d+))/;

export interface StartServerOptions {
  /** Extra env for the server (SEED_GOODS, DATABASE_URL, …). DATABASE_URL is not inherited. */
  env?: Record<string, string>;
  /** Reuse a data dir (restart tests); default: a fresh temp dir, removed after the test file. */
  dataDir?: string;
  /** Reuse a port (restart tests: the browser's origin and service worker stay the same). */
  port?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Graceful stop (SIGTERM, then SIGKILL after 10 s). The data dir is kept. */
  stop(): Promise<void>;
  /** Hard crash (SIGKILL). The data dir is kept. */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  /** This run's bundled server (tests/setup/e2e-server-bundle.ts); null runs the sources with tsx. */
  bundle: string | null;
  /** Told of the child as soon as it exists (the harness kills what its file left running). */
  track?: (child: ChildProcess) => void;
  /** Where the start's phases are noted when measuring (E2E_TIMINGS). */
  note?: (line: string) => void;
}

/** E2E_TIMINGS=<file>: each server start's phases are appended there (measuring, issue 30 §3). */
export function timingsNote(label: () => string): (line: string) => void {
  const file = process.env.E2E_TIMINGS;
  if (!file) return () => undefined;
  return (line) => appendFileSync(file, `${new Date().toISOString()} ${label()} ${line}\n`);
}

export function assertBuilt(): void {
  if (!existsSync(path.join(REPO_ROOT, 'dist/index.html'))) {
    throw new Error(
      'dist/index.html is missing: browser tests run against the build. Run `npm run build` first (`npm test` does).',
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

const TEMPLATE_PREFIX = 'yaodian-e2e-template-';

/**
 * A data directory migrated and seeded with the defaults once per test run, copied by every later
 * server start that would seed the same: a fresh seed costs ~5 s of a 2-core machine per file.
 * Keyed by the vitest main process (`runPid`: the parent of every test-file worker, or the main
 * process itself in a global setup), so a run never sees another run's data or yesterday's dates;
 * templates of finished runs are removed here.
 */
export async function seededTemplate(runPid: number, spawnOptions: SpawnOptions): Promise<string> {
  const template = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${runPid}`);
  const lock = `${template}.lock`;
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS * 2;
  // Two browser workers may ask at once: the one that makes the lock directory seeds, the other
  // waits for its `.seeded` mark (or takes over if the seeding worker died and left its lock).
  while (!existsSync(path.join(template, '.seeded'))) {
    if (takeLock(lock)) {
      try {
        if (!existsSync(path.join(template, '.seeded'))) await buildTemplate(template, runPid, spawnOptions);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`the seeded template ${template} was not made in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return template;
}

/** Atomic (mkdir); a lock whose owner process is gone is taken over. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'owner'), String(process.pid));
    return true;
  } catch {
    let owner = 0;
    try {
      owner = Number(readFileSync(path.join(lock, 'owner'), 'utf8'));
    } catch {
      return false; // Just made, owner not written yet.
    }
    if (owner && !processAlive(owner)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

async function buildTemplate(template: string, runPid: number, spawnOptions: SpawnOptions): Promise<void> {
  for (const name of readdirSync(os.tmpdir())) {
    const pid = Number(name.slice(TEMPLATE_PREFIX.length).split('.')[0]);
    if (name.startsWith(TEMPLATE_PREFIX) && pid !== runPid && !processAlive(pid)) {
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
  const building = `${template}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building);
  const postgres = e2ePostgresUrl();
  if (postgres) {
    await dropDatabasesOfEndedRuns(postgres);
    // The seeding server migrates and seeds this database; later starts copy it.
    const database = await createScratchDatabase(postgres, `e2e_${runPid}`);
    writeFileSync(path.join(building, DATABASE_NOTE), database.url);
  }
  const seeding = await spawnOnFreePort({ dataDir: building }, building, spawnOptions);
  await seeding.stop();
  writeFileSync(path.join(building, '.seeded'), '');
  rmSync(template, { recursive: true, force: true });
  renameSync(building, template);
}

/** In a data dir: the PostgreSQL database its server runs on (absent: PGlite in the data dir). */
const DATABASE_NOTE = '.database-url';

/**
 * With TEST_DATABASE_URL (CI starts PostgreSQL) the servers of the default seed run on PostgreSQL
 * copies of the run's seeded template database: a copy is a `CREATE DATABASE … TEMPLATE` of a
 * fraction of a second, and the server neither loads PGlite's WebAssembly nor runs its queries on
 * its own event loop (docs/decisions/test-layers.md, session 25). E2E_DB_ENGINE=pglite keeps
 * PGlite; the files that seed otherwise (SEED_*, NODE_ENV) and the ones that start `dist-server`
 * themselves run on PGlite, as `npm start` does.
 */
export function e2ePostgresUrl(): string | undefined {
  if (process.env.E2E_DB_ENGINE === 'pglite') return undefined;
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * The template's files into `dataDir`, and, when the template is a PostgreSQL database, a copy of
 * that database of the data dir's own (named in it, so a restart on the same data dir finds it).
 */
export async function copyTemplate(template: string, dataDir: string): Promise<void> {
  cpSync(template, dataDir, { recursive: true });
  const note = path.join(template, DATABASE_NOTE);
  const postgres = e2ePostgresUrl();
  if (!postgres || !existsSync(note)) return;
  const templateName = databaseNamed(note);
  // Named after the run (`e2e_<run pid>_…`, as the template is), so a later run can drop it.
  const runPrefix = templateName.split('_').slice(0, 2).join('_');
  const copy = await createScratchDatabase(postgres, runPrefix, templateName);
  writeFileSync(path.join(dataDir, DATABASE_NOTE), copy.url);
}

/** Drops the database a data dir's server ran on, if any (the data dir itself is the caller's). */
export async function dropDataDirDatabase(dataDir: string): Promise<void> {
  const note = path.join(dataDir, DATABASE_NOTE);
  const postgres = e2ePostgresUrl();
  if (!postgres || !existsSync(note)) return;
  await adminQuery(postgres, `DROP DATABASE IF EXISTS ${databaseNamed(note)} WITH (FORCE)`);
}

/** The database a `.database-url` note names. */
function databaseNamed(note: string): string {
  return new URL(readFileSync(note, 'utf8')).pathname.slice(1);
}

/** The databases of runs whose process is gone (an aborted run drops nothing). */
async function dropDatabasesOfEndedRuns(baseUrl: string): Promise<void> {
  const names = await adminQuery(baseUrl, "SELECT datname FROM pg_database WHERE datname LIKE 'e2e\\_%'");
  for (const name of names) {
    if (!processAlive(Number(name.split('_')[1])))
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function adminQuery(baseUrl: string, sql: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const result = await client.query<{ datname: string }>(sql);
    return result.rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `spawnServer` on a free port. A free port is only free until someone binds it: with two browser
 * workers probing at once, the other file's server may take it first. That one start is tried again
 * on a new port.
 */
export async function spawnOnFreePort(
  options: StartServerOptions,
  dataDir: string,
  spawnOptions: SpawnOptions,
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await spawnServer(options, await freePort(), dataDir, spawnOptions);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error && /EADDRINUSE/.test(error.message))) throw error;
    }
  }
}

/**
 * Spawns the server (the run's bundle, else `node --import tsx server/index.ts`) and resolves once it printed
 * `listening on http://localhost:PORT` and GET /api/health answers 200.
 */
export async function spawnServer(
  options: StartServerOptions,
  port: number,
  dataDir: string,
  { bundle, track, note = () => undefined }: SpawnOptions,
): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Hermetic by default: a DATABASE_URL in the developer's shell must not point tests at a shared
  // database. NODE_ENV=test comes from vitest, not from a user: the server runs as `npm start` does.
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const databaseNote = path.join(dataDir, DATABASE_NOTE);
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_GOODS: DEFAULT_SEED_GOODS,
    // A data dir copied from a PostgreSQL template names its database (copyTemplate).
    // Its pool smaller than production's 20: PostgreSQL's 100 connections serve every server of the
    // run (two browser files', the shared one, the multi-process files' own) at once.
    ...(existsSync(databaseNote) ? { DATABASE_URL: readFileSync(databaseNote, 'utf8'), DATABASE_POOL_SIZE: '8' } : {}),
    ...options.env,
  });

  // E2E_SERVER_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (where the
  // browser files' server time goes: docs/decisions/test-layers.md, session 22).
  const profile = process.env.E2E_SERVER_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.E2E_SERVER_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, bundle ? [...profile, bundle] : [...profile, '--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track?.(child);
  const spawned = Date.now();
  let output = '';
  let announcedUrl: string | null = null;
  const collect = (chunk: Buffer) => {
    // Until it listens: when the database opened, whether it seeded (every request is logged after).
    if (announcedUrl === null)
      for (const line of chunk.toString('utf8').split('\n')) if (line) note(`+${Date.now() - spawned} ms ${line}`);
    output += chunk.toString('utf8');
    announcedUrl ??= READY_LINE.exec(output)?.[1] ?? null;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null)));
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const failStart = async (reason: string): Promise<never> => {
    if (!hasExited) {
      child.kill('SIGKILL');
      await exited;
    }
    throw new Error(`Server did not start (${reason}). Output:\n${output || '(none)'}`);
  };

  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  const url = `http://localhost:${port}`;
  for (;;) {
    if (hasExited) return failStart(`exited with code ${await exited}`);
    if (Date.now() > deadline) return failStart(`not ready within ${SERVER_READY_TIMEOUT_MS / 1000} s`);
    if (announcedUrl !== null) {
      if (announcedUrl !== url) return failStart(`announced ${announcedUrl}, expected ${url}`);
      if (await healthy(url)) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  note(`+${Date.now() - spawned} ms healthy`);

  const end = async (signal: NodeJS.Signals): Promise<void> => {
    if (hasExited) return;
    const stopping = Date.now();
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    note(`${signal} took ${Date.now() - stopping} ms`);
  };
  return {
    url,
    port,
    dataDir,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
