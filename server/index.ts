// Starts the server (DESIGN.md "Running"): opens the database (PGlite under DATA_DIR, or
// PostgreSQL with DATABASE_URL), runs migrations, seeds the demo data on first run, and serves the
// API and the built PWA on one port.
//
// Environment: PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL, NODE_ENV,
// SEED_GOODS (2000), SECURE_COOKIES (1/0; default 1 in production), ALLOWED_ORIGINS (comma
// separated), TRUST_PROXY (1 behind a reverse proxy), ORDER_PAYMENT_TTL_MINUTES (30),
// SHUTDOWN_TIMEOUT_MS (10000), ORDER_EXPIRY_SWEEP_MS (60000), PACK_WARM (1/0: catalogue packs
// built at boot; default 1 on PostgreSQL, 0 on PGlite); with NODE_ENV=production also the
// settings of server/ops/shop-settings.ts (Alipay, the 对公转账 account, CHAT_TOKEN_SECRET).
// docs/operations.md explains them; `npm start` (server/start.ts) adds WORKERS.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type App } from './app.ts';
import { projectRoot } from './project-root.ts';
import { openDatabase, type Db } from './db/client.ts';
import type { AppConfig } from './deps.ts';
import { isSeeded, seedDemo } from './seed/index.ts';
import { startOrderExpirySweeper } from './services/order-expiry.ts';
import { startGroupDeadlineSweeper } from './services/promotions/group-deadline.ts';
import { startReminderSweeper } from './services/messages/reminders.ts';
import { lockDataDir, type DataDirLock } from './ops/data-dir-lock.ts';
import { closeGracefully } from './ops/graceful-close.ts';
import { Refusal } from './ops/refusal.ts';
import { bootId } from './cluster/boot-id.ts';
import { registerStart, startHeartbeat, startPlace } from './cluster/server-starts.ts';
import { warmPacks } from './services/catalogue/pack-cache.ts';
import { recoverCatalogueImports } from './services/admin/catalogue-file/import-run.ts';
import { readShopSettings } from './ops/shop-settings.ts';
import { closeChatStreams } from './services/chat/hub.ts';
import { shopClock } from './ops/shop-clock.ts';

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  nodeEnv?: string;
  seedGoods?: number;
  /** The built PWA; default <project>/dist. */
  staticDir?: string;
  config?: Partial<AppConfig>;
  log?: (line: string) => void;
}

export interface RunningServer {
  app: App;
  db: Db;
  server: ServerType;
  port: number;
  url: string;
  /** How long close() lets requests in flight finish (SHUTDOWN_TIMEOUT_MS). */
  drainMs: number;
  close: () => Promise<void>;
}

/** After the drain, how long closing the database may take before the process just exits. */
const DB_CLOSE_GRACE_MS = 2_000;

const env = (name: string): string | undefined => process.env[name] || undefined;

/**
 * An idle keep-alive connection stays open 65 s, longer than nginx keeps its upstream connections
 * (60 s, deploy/nginx): with Node's default of 5 s the app could close a connection just as nginx
 * (or any pooled client) sends a POST on it, which is then reset, not retried. The headers' timeout
 * must exceed it, or Node cuts a connection that waits for its next request.
 */
function keepIdleConnectionsOpen(server: ServerType): void {
  if (!('keepAliveTimeout' in server)) return;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const nodeEnv = opts.nodeEnv ?? env('NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  const port = opts.port ?? Number(env('PORT') ?? 3000);
  const host = opts.host ?? env('HOST') ?? '0.0.0.0';
  const databaseUrl = opts.databaseUrl ?? env('DATABASE_URL');
  const dataDir = path.resolve(opts.dataDir ?? env('DATA_DIR') ?? path.join(projectRoot, 'data'));
  const seedGoods = opts.seedGoods ?? Number(env('SEED_GOODS') ?? 2000);
  // Before the database opens: a missing setting stops the start with nothing touched.
  const shop = readShopSettings(process.env, production);
  const now = shopClock(env('SHOP_CLOCK_START'), production);

  let dbDir: string | undefined;
  let dataDirLock: DataDirLock | undefined;
  if (!databaseUrl) {
    dbDir = path.join(dataDir, 'pglite');
    mkdirSync(dbDir, { recursive: true });
    dataDirLock = lockDataDir(dataDir);
  }
  // PostgreSQL connections of the pool (DATABASE_POOL_SIZE, default 20).
  const poolSize = env('DATABASE_POOL_SIZE') ? Number(env('DATABASE_POOL_SIZE')) : undefined;
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase({ databaseUrl, dataDir: dbDir, poolSize });
  } catch (err) {
    dataDirLock?.release();
    throw err;
  }
  log(`database: ${opened.kind}${dbDir ? ` at ${dbDir}` : ''}`);

  // Under the start-up lock: of several processes starting at once, exactly one seeds. Never in
  // production: the demo data has accounts with a published password and made-up licence numbers.
  if (production) {
    log('production: the demo data is not loaded (`npm run seed` loads it on purpose)');
  } else {
    await opened.exclusive(async () => {
      if (await isSeeded(opened.db)) return;
      log(`seeding demo data (${seedGoods} goods)…`);
      await seedDemo(opened.db, { goods: seedGoods, now: now() });
    });
  }

  const config: AppConfig = {
    staticDir: path.resolve(opts.staticDir ?? path.join(projectRoot, 'dist')),
    secureCookies: env('SECURE_COOKIES') ? env('SECURE_COOKIES') === '1' : production,
    devEndpoints: !production,
    ...shop,
    allowedOrigins: (env('ALLOWED_ORIGINS') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: env('TRUST_PROXY') === '1',
    adminHost: env('ADMIN_HOST')?.trim().toLowerCase(),
    orderPaymentTtlMinutes: env('ORDER_PAYMENT_TTL_MINUTES') ? Number(env('ORDER_PAYMENT_TTL_MINUTES')) : undefined,
    metricsToken: env('METRICS_TOKEN'),
    integrationBootstrapToken: env('INTEGRATION_BOOTSTRAP_TOKEN'),
    ...opts.config,
  };
  // Registered before listening: from its first request on, this start's Idempotency-Key claims
  // are known to be live, and those of the start it replaces are known to be abandoned.
  const start = { bootId: bootId(), place: startPlace(port, bootId()), exclusive: opened.kind === 'pglite' };
  await registerStart(opened.db, start, now());
  const heartbeat = startHeartbeat(opened.db, start, now);
  // A catalogue import a crash left half-written (its run still `applying`) is rolled back before
  // the shop answers; after registerStart, so the start that applied it is known to be gone.
  await opened.exclusive(async () => {
    await recoverCatalogueImports(opened.db, now(), log);
  });
  const deps = { db: opened.db, clock: now, config };
  const app = createApp(deps);
  // Unpaid orders past their payment window give their stock back even when nobody looks.
  const sweepMs = env('ORDER_EXPIRY_SWEEP_MS') ? Number(env('ORDER_EXPIRY_SWEEP_MS')) : undefined;
  const sweeper = startOrderExpirySweeper(opened.db, now, { intervalMs: sweepMs });
  // Group buys past their end time are decided (refunds, messages) once, by whichever worker comes first.
  const groupSweeper = startGroupDeadlineSweeper(opened.db, now);
  // Certificate and coupon reminders (我的消息): swept once before listening, then on a timer.
  const reminders = startReminderSweeper(opened.db, now);
  await reminders.first;
  const drainMs = Number(env('SHUTDOWN_TIMEOUT_MS') ?? 10_000);

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(s));
    keepIdleConnectionsOpen(s);
  });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://localhost:${actualPort}`;
  log(`listening on ${url}`);
  // The catalogue packs of the classes in use, built in the background so no buyer waits for one
  // (docs/decisions/catalogue-pack.md). A failure is logged; the first request builds instead.
  // On PGlite, off unless PACK_WARM=1: the embedded database answers one statement at a time, so
  // every request right after a start would wait behind the warming's page reads.
  if ((env('PACK_WARM') ?? (opened.kind === 'pglite' ? '0' : '1')) !== '0')
    void warmPacks(deps).then(
      (classes) => log(`catalogue packs built: ${classes.join(', ')}`),
      (err: unknown) => log(`catalogue packs not built: ${String(err)}`),
    );

  let closing: Promise<void> | null = null;
  // No new connections, in-flight requests finish (at most drainMs), then the database closes: a
  // request cut off there loses its open transaction, so an order is written whole or not at all.
  const close = () =>
    (closing ??= (async () => {
      // Live chat connections end first (their clients reconnect to another process), or they
      // would hold the drain open to its bound.
      closeChatStreams(opened.db);
      await Promise.all([
        sweeper.stop(),
        groupSweeper.stop(),
        heartbeat.stop(),
        reminders.stop(),
        closeGracefully(server, drainMs),
      ]);
      await opened.close();
      dataDirLock?.release();
    })());

  return { app, db: opened.db, server, port: actualPort, url, drainMs, close };
}

/**
 * Starts and stops cleanly on SIGTERM/SIGINT: the server first (requests drain), then the DB. A
 * signal that arrives while starting (a process manager giving up, or one right after the
 * "listening" line) is kept and acted on once started, never the default instant kill.
 */
export async function runMain(opts: StartOptions = {}): Promise<RunningServer> {
  let running: RunningServer | null = null;
  let pending: string | null = null;
  const stop = (server: RunningServer, signal: string) => {
    console.log(`${signal}: shutting down`);
    // A request cut off at the drain bound may still wait on a lock, and the pool waits for it:
    // exiting drops its connection, and PostgreSQL rolls its transaction back.
    const deadline = server.drainMs + DB_CLOSE_GRACE_MS;
    setTimeout(() => {
      console.error(`shutdown took longer than ${deadline} ms; exiting (unfinished transactions are rolled back)`);
      process.exit(1);
    }, deadline).unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('shutdown failed', err);
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: string) => (running ? stop(running, signal) : (pending ??= signal));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  running = await startServer(opts);
  if (pending) stop(running, pending);
  return running;
}

const executedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (executedDirectly) {
  runMain().catch((err: unknown) => {
    console.error(...(err instanceof Refusal ? [`refusing to start: ${err.message}`] : ['failed to start', err]));
    process.exit(1);
  });
}
