// A PostgreSQL database of its own for one test file, made next to TEST_DATABASE_URL's and dropped
// afterwards: test files run in parallel, and the concurrency tests reset TEST_DATABASE_URL's
// schema while they run. Needs a role that may CREATE DATABASE (CI's shopci is a superuser).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** `template`: a database to copy (no one may be connected to it), e.g. from templateDatabase(). */
export async function createScratchDatabase(
  baseUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        // FORCE: a server process killed mid-test may leave a connection behind.
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A database named `family` + `key` next to baseUrl's, made once by `fill` (from `parent` when
 * given) and kept for later runs: tests copy it with createScratchDatabase(…, template). Test files
 * in several workers may ask at once: one makes it under an advisory lock, aside, and renames it
 * when filled, so no one ever copies a half-filled one. Making one drops the family's databases
 * whose key does not start with `keep` (yesterday's sources), so a developer's server does not
 * collect them; a run of other sources on the same server at that moment makes its own again.
 */
export async function templateDatabase(
  baseUrl: string,
  { family, key, keep }: { family: string; key: string; keep: string },
  fill: (url: string) => Promise<void>,
  parent?: string,
): Promise<string> {
  const name = `${family}${key}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists()) return name;
      const stale = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND NOT starts_with(datname, $2)',
        [family, `${family}${keep}`],
      );
      for (const { datname } of stale.rows) {
        // Not FORCE: one being copied right now stays.
        await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
      }
      const aside = `${name}_filling`;
      await admin.query(`DROP DATABASE IF EXISTS ${aside} WITH (FORCE)`);
      await admin.query(parent ? `CREATE DATABASE ${aside} TEMPLATE ${parent}` : `CREATE DATABASE ${aside}`);
      const url = new URL(baseUrl);
      url.pathname = `/${aside}`;
      await fill(url.toString());
      await admin.query(`ALTER DATABASE ${aside} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await admin.end();
  }
}
