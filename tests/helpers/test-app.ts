// The API test harness (STYLE.md "An app factory, not a singleton"): createTestApp() builds the
// real app (createApp) over a fresh in-memory PGlite with a steppable clock, and drives it with
// app.request() — no port, nothing shared between test files.
//
// Speed: migrating a new PGlite takes seconds, so the migrated data directory is dumped once to a
// tarball in os.tmpdir(), keyed by a hash of the migration files, and every test file starts
// its database from that tarball (PGlite `loadDataDir`, ~0.7 s). With TEST_DATABASE_URL (CI) a
// test that does not name its engine runs on a PostgreSQL copy of a template database instead
// (~0.1 s, and its queries off the test's event loop); TEST_DB_ENGINE=pglite keeps PGlite.
//
//   const t = await createTestApp();                 // afterAll(() => t.close())
//   await createMember(t.db, { username: 'buyer1' });  // tests/helpers/accounts.ts
//   const cookie = await t.signIn('buyer1', 'demo1234');
//   const res = await t.call('POST', '/api/cart', { body: { params: [{ goods_id: 1, number: 2 }] }, cookie });
//   expect(res.status).toBe(200); expect(res.body.code).toBe(10000);
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Hono, MiddlewareHandler } from 'hono';
import { createApp, type App } from '../../server/app.ts';
import { currentPasswordCost } from '../../server/auth/password.ts';
import type { Db } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema.ts';
import type { AppConfig, Deps } from '../../server/deps.ts';
import type { AppEnv } from '../../server/env.ts';
import { toFormBody, type FormObject } from '../../src/http/form-body.ts';
import type { Envelope } from '../../src/domain/envelope.ts';
import { createScratchDatabase, templateDatabase } from './scratch-database.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrationsFolder = path.join(projectRoot, 'server/db/migrations');

/** Default test time: a fixed weekday morning in Shanghai (02:00 UTC = 10:00 CST). */
export const TEST_NOW = new Date('2025-06-02T02:00:00.000Z');

export interface TestClock {
  now(): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function createClock(start: Date = TEST_NOW): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Database from the migrated template
// ---------------------------------------------------------------------------------------------

/** A hash of every file under the folders, names and contents. */
async function filesHash(folders: string[]): Promise<string> {
  const h = createHash('sha256');
  const walk = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else h.update(path.relative(projectRoot, full)).update(await readFile(full));
    }
  };
  for (const folder of folders) await walk(folder);
  return h.digest('hex').slice(0, 16);
}

const migrationsHash = () => filesHash([migrationsFolder]);

let templatePromise: Promise<Blob> | null = null;

async function buildTemplate(): Promise<Blob> {
  const dir = path.join(os.tmpdir(), 'yaodian-test-templates');
  const file = path.join(dir, `pglite-${await migrationsHash()}.tgz`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  await migrate(drizzle({ client, schema }), { migrationsFolder });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const bytes = new Uint8Array(await dump.arrayBuffer());
  await mkdir(dir, { recursive: true });
  // Several test files may build it at once: write aside, then rename (atomic on one filesystem).
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
  return new Blob([bytes]);
}

/**
 * A real PostgreSQL database (TEST_DATABASE_URL): a scratch database of its own next to that one,
 * copied from the migrated (or seeded) template database and dropped on close — test files run in
 * parallel, so two of them must never share a schema.
 */
export async function createPgTestDb(
  databaseUrl: string,
  seeded?: { goods: number; now: Date },
): Promise<{ db: Db; close: () => Promise<void> }> {
  const template = await postgresTemplate(databaseUrl, seeded);
  const scratch = await createScratchDatabase(databaseUrl, 'api_test', template);
  const { db, close } = await openPostgres(scratch.url);
  return {
    // The server's Db type is PGlite's drizzle; the node-postgres one answers the same calls.
    db: db as unknown as Db,
    close: async () => {
      await close();
      await scratch.drop();
    },
  };
}

async function openPostgres(url: string) {
  const { default: pg } = await import('pg');
  const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // pool.end() resolves once it has asked its connections to close, not once they have: the drop's
  // FORCE may end one still closing (57P01), which its client emits with no listener left — an
  // unhandled error that failed a run. Expected then; any other error still surfaces.
  let closing = false;
  const unlessClosing = (error: Error) => {
    if (!closing) throw error;
  };
  pool.on('connect', (client) => client.on('error', unlessClosing));
  // An idle client's error reaches the pool too (its own listener re-emits it there), and a pool
  // 'error' with no listener is thrown: the same 57P01 failed a run that way (session 22).
  pool.on('error', unlessClosing);
  return {
    db: drizzlePg({ client: pool, schema }),
    close: async () => {
      closing = true;
      await pool.end();
    },
  };
}

let sourcesHashPromise: Promise<string> | null = null;

/** Every source the demo seed runs (the server's and the shared domain's files, migrations included). */
function seedSourcesHash(): Promise<string> {
  sourcesHashPromise ??= filesHash([path.join(projectRoot, 'server'), path.join(projectRoot, 'src/domain')]);
  return sourcesHashPromise;
}

/** The migrated (and, when asked, seeded) template database, made once per set of sources. */
async function postgresTemplate(baseUrl: string, seeded?: { goods: number; now: Date }): Promise<string> {
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  const migrations = await migrationsHash();
  const migrated = await templateDatabase(
    baseUrl,
    { family: 'tpl_migrated_', key: migrations, keep: migrations },
    async (url) => {
      const { db, close } = await openPostgres(url);
      try {
        await migratePg(db, { migrationsFolder });
      } finally {
        await close();
      }
    },
  );
  if (!seeded) return migrated;
  const sources = (await seedSourcesHash()).slice(0, 12);
  const { logN, r, p } = currentPasswordCost();
  const inputs = createHash('sha256')
    .update(`${seeded.goods}-${seeded.now.getTime()}-ln${logN}r${r}p${p}`)
    .digest('hex')
    .slice(0, 12);
  return templateDatabase(
    baseUrl,
    { family: 'tpl_seeded_', key: `${sources}_${inputs}`, keep: `${sources}_` },
    async (url) => {
      const { db, close } = await openPostgres(url);
      try {
        const { seedDemo } = await import('../../server/seed/index.ts');
        await seedDemo(db as unknown as Db, seeded);
      } finally {
        await close();
      }
    },
    migrated,
  );
}

/**
 * The engine an API test runs on unless it names one: with TEST_DATABASE_URL (CI starts
 * PostgreSQL) the tests run on PostgreSQL copies of a template database, far cheaper than a PGlite
 * loaded from a tarball; TEST_DB_ENGINE=pglite keeps PGlite.
 */
function defaultPostgresUrl(): string | undefined {
  if (process.env.TEST_DB_ENGINE === 'pglite') return undefined;
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * The migrated template with the demo seed of `goods` goods dated `now`, dumped once and reused
 * like the migrated one: seeding costs 5–20 s of a 2-core machine, and a dozen files ask for the
 * same seed. Keyed by the seed's inputs and every source it runs (the server's and the shared
 * domain's files, migrations included), so a change to the seed or a service it calls makes a new one.
 */
async function seededTemplate(goods: number, now: Date): Promise<Blob> {
  const dir = path.join(os.tmpdir(), 'yaodian-test-templates');
  const sources = await seedSourcesHash();
  // The demo accounts' hashes are made at the cost of the moment (tests/setup/password-cost.ts).
  const { logN, r, p } = currentPasswordCost();
  const file = path.join(dir, `pglite-seeded-${sources}-${goods}-${now.getTime()}-ln${logN}r${r}p${p}.tar`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  templatePromise ??= buildTemplate();
  const client = await PGlite.create({ loadDataDir: await templatePromise, extensions: { pg_trgm } });
  const { seedDemo } = await import('../../server/seed/index.ts');
  await seedDemo(drizzle({ client, schema }) as unknown as Db, { goods, now });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const bytes = new Uint8Array(await dump.arrayBuffer());
  await mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
  return new Blob([bytes]);
}

/** A fresh, migrated in-memory database, seeded when asked (`seeded`: the demo seed's inputs). */
export async function createTestDb(seeded?: {
  goods: number;
  now: Date;
}): Promise<{ db: Db; close: () => Promise<void> }> {
  const pgUrl = defaultPostgresUrl();
  return pgUrl ? createPgTestDb(pgUrl, seeded) : createPgliteTestDb(seeded);
}

async function createPgliteTestDb(seeded?: {
  goods: number;
  now: Date;
}): Promise<{ db: Db; close: () => Promise<void> }> {
  templatePromise ??= buildTemplate();
  const dataDir = seeded ? await seededTemplate(seeded.goods, seeded.now) : await templatePromise;
  const client = await PGlite.create({ loadDataDir: dataDir, extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  // A no-op when the template is current; a safety net if the tarball is somehow stale.
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, close: () => client.close() };
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export interface CallOptions {
  /** Form-encoded with bracket notation, as the PWA sends it (src/api/form-body.ts). */
  body?: FormObject;
  /** Sent as JSON instead. */
  json?: unknown;
  /** Sent as multipart/form-data (uploads). */
  form?: FormData;
  /** `sid=…` as returned by signIn() or CallResult.cookie. */
  cookie?: string | null;
  headers?: Record<string, string>;
}

// API answers are read by tests field by field; `any` keeps those reads short. Pass a type to
// call<T>() where the shape matters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface CallResult<T = any> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
  /** The session cookie this answer set (`sid=…`), '' when it cleared it, null when untouched. */
  cookie: string | null;
}

/** Anything that answers requests like app.request(): the app itself, or a real server over HTTP. */
export interface Requester {
  request: (urlPath: string, init: RequestInit) => Response | Promise<Response>;
}

/** Requests to a listening server at `baseUrl` (tests/helpers/server-process.ts). */
export const overHttp = (baseUrl: string): Requester => ({
  request: (urlPath, init) => fetch(`${baseUrl}${urlPath}`, init),
});

type AnyApp = Hono<AppEnv> | App | Requester;

function sessionCookie(res: Response): string | null {
  for (const line of res.headers.getSetCookie()) {
    const m = /^sid=([^;]*)/.exec(line);
    if (m) return m[1] && !/max-age=0/i.test(line) ? `sid=${m[1]}` : '';
  }
  return null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see CallResult
export async function call<T = any>(
  app: AnyApp,
  method: string,
  urlPath: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = toFormBody(opts.body).toString();
  }
  const res = await app.request(urlPath, { method, headers, body });
  const text = await res.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} ${urlPath} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed, headers: res.headers, cookie: sessionCookie(res) };
}

/** Logs in through POST /api/user/login and returns the `sid=…` cookie; throws if refused. */
export async function signIn(app: AnyApp, username: string, password: string): Promise<string> {
  const res = await call(app, 'POST', '/api/user/login', { body: { username, password } });
  if (res.status !== 200 || !res.cookie) throw new Error(`signIn(${username}) failed: ${res.status} ${res.body.msg}`);
  return res.cookie;
}

// ---------------------------------------------------------------------------------------------
// The app
// ---------------------------------------------------------------------------------------------

export interface TestAppOptions {
  /** Load the demo data (server/seed); a number is the goods count (default 200). */
  seed?: boolean | number;
  config?: Partial<AppConfig>;
  start?: Date;
  /** Extra routes behind the real middleware (see createApp's `extend`). */
  extend?: (api: Hono<AppEnv>) => void;
  /** Sees each request's parsed input before the handler (see createApp's `observeInput`). */
  observeInput?: MiddlewareHandler<AppEnv>;
  /** postgres://… : run on that (reset) PostgreSQL database instead of PGlite. */
  databaseUrl?: string;
  /** Where the app's structured log lines go; default nowhere (a test that reads them passes its own). */
  log?: Deps['log'];
}

export interface TestApp {
  app: App;
  db: Db;
  deps: Deps;
  clock: TestClock;
  close: () => Promise<void>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see CallResult
  call: <T = any>(method: string, urlPath: string, opts?: CallOptions) => Promise<CallResult<T>>;
  signIn: (username: string, password: string) => Promise<string>;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const clock = createClock(opts.start);
  const goods = typeof opts.seed === 'number' ? opts.seed : 200;
  const seeded = opts.seed ? { goods, now: clock.now() } : undefined;
  // A test that names its engine (`databaseUrl`, even undefined for PGlite) gets that one.
  const { db, close } =
    'databaseUrl' in opts
      ? opts.databaseUrl
        ? await createPgTestDb(opts.databaseUrl, seeded)
        : await createPgliteTestDb(seeded)
      : await createTestDb(seeded);
  const deps: Deps = {
    db,
    clock: () => clock.now(),
    // sessionMemo off unless asked for: many tests change accounts straight in the database and read
    // the change at once (docs/decisions/session-memo.md); tests/api/session-memo.test.ts turns it on.
    config: {
      secureCookies: false,
      devEndpoints: true,
      demo: true,
      allowedOrigins: [],
      sessionMemo: false,
      ...opts.config,
    },
    log: opts.log ?? (() => {}),
  };
  const app = createApp(deps, { extend: opts.extend, observeInput: opts.observeInput });
  return {
    app,
    db,
    deps,
    clock,
    close,
    call: (method, urlPath, callOpts) => call(app, method, urlPath, callOpts),
    signIn: (username, password) => signIn(app, username, password),
  };
}
