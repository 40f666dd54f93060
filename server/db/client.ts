// Opens the database: embedded PGlite (on disk under DATA_DIR, or in memory for tests) by default,
// real PostgreSQL when DATABASE_URL is set. Both speak the same dialect and run the same migrations.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { projectRoot } from '../project-root.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` while no other process sharing this database runs its own (migrations, first-start
   * seeding): several app processes, on one machine or many, may start at once on PostgreSQL.
   */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

/** Key of the PostgreSQL advisory lock taken around start-up work (any constant, app-wide). */
const STARTUP_LOCK_KEY = 7_240_316;

const migrationsFolder = path.join(projectRoot, 'server/db/migrations');

export interface OpenOptions {
  /** postgres://… ; when set, PostgreSQL is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; omit for an in-memory database. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<OpenedDatabase> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // An idle connection that PostgreSQL ends (a restart, a failover, an administrator) is
    // re-emitted on the pool; unheard, it would crash the process. The pool replaces it.
    pool.on('error', (err) => console.warn(`[db] an idle PostgreSQL connection was closed: ${err.message}`));
    const db = drizzlePg({ client: pool, schema });
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      // A session-level lock lives on one connection: hold that connection for the whole run.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await lockClient.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        lockClient.release();
      }
    };
    await exclusive(() => migratePg(db, { migrationsFolder }));
    return { db, kind: 'postgres', exclusive, close: () => pool.end() };
  }
  const client = await PGlite.create(opts.dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  // PGlite lives in this one process (server/ops/data-dir-lock.ts keeps others out).
  return { db, kind: 'pglite', exclusive: (fn) => fn(), close: () => client.close() };
}
