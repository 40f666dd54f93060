// npm run seed -- [--goods N] [--reset] [--seed S] [--now ISO]
// Opens the database the way the server does (server/index.ts: DATABASE_URL → PostgreSQL, else
// PGlite in <DATA_DIR>/pglite, DATA_DIR defaulting to <project>/data), migrates, and writes the demo
// data. A seeded database is left alone
// unless --reset, which empties every table (TRUNCATE … RESTART IDENTITY CASCADE) first.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../db/client.ts';
import { DEFAULT_GOODS, isSeeded, readSeedMarker, seedDemo } from './index.ts';
import { rowsOf } from './db-util.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: npm run seed -- [--goods N] [--reset] [--seed S] [--now 2025-01-01T08:00:00+08:00]';

async function resetAll(db: Db): Promise<number> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
  ).map((r) => r.tablename);
  if (tables.length > 0) {
    const list = tables.map((t) => `"public"."${t.replace(/"/g, '""')}"`).join(', ');
    await db.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
  }
  return tables.length;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      goods: { type: 'string' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const goods = values.goods === undefined ? DEFAULT_GOODS : Number(values.goods);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (
    !Number.isInteger(goods) ||
    goods < 1 ||
    (seed !== undefined && !Number.isInteger(seed)) ||
    Number.isNaN(now.getTime())
  ) {
    console.error(USAGE);
    return 2;
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  // Keep in step with startServer() in server/index.ts, or the server would not see this seed.
  const dataDir = databaseUrl
    ? undefined
    : path.join(path.resolve(process.env.DATA_DIR || path.join(projectRoot, 'data')), 'pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const opened = await openDatabase({ databaseUrl, dataDir });
  const openedMs = performance.now() - started;
  console.log(
    `database: ${opened.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${dataDir}`} — opened and migrated in ${(openedMs / 1000).toFixed(1)} s`,
  );
  try {
    if (await isSeeded(opened.db)) {
      if (!values.reset) {
        const marker = await readSeedMarker(opened.db);
        console.log(
          `already seeded (${marker?.goods ?? '?'} goods, seeded for ${marker?.now ?? '?'}); pass --reset to rebuild`,
        );
        return 0;
      }
    }
    if (values.reset) {
      const t = performance.now();
      const n = await resetAll(opened.db);
      console.log(`reset: emptied ${n} tables in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const t = performance.now();
    const summary = await seedDemo(opened.db, {
      goods,
      now,
      seed,
      onPhase: (name, ms) => console.log(`  ${name}: ${(ms / 1000).toFixed(1)} s`),
    });
    const seedMs = performance.now() - t;
    console.log(JSON.stringify(summary, null, 2));
    console.log(
      `seeded ${summary.goods} goods in ${(seedMs / 1000).toFixed(1)} s (${Math.round(summary.goods / (seedMs / 1000))} goods/s); ` +
        `total ${((performance.now() - started) / 1000).toFixed(1)} s. Demo password: demo1234`,
    );
    return 0;
  } finally {
    // Closing PGlite flushes it to disk; the timing above excludes it.
    const t = performance.now();
    await opened.close();
    console.log(`closed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
