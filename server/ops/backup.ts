// Backups (docs/operations.md "Backups"): one timestamped file per backup, holding the whole
// database — uploads (after-sale photos, qualification documents) included, as they are stored
// in it (docs/decisions/operations.md).
// - Embedded PGlite: a gzip tarball of its data folder (PGlite dumpDataDir). PGlite has no second
//   connection to take a snapshot through, so the server must be stopped: the data-folder lock
//   refuses a backup while it runs, and the copy is consistent because nothing writes meanwhile.
// - PostgreSQL (DATABASE_URL): pg_dump's custom format, which reads one snapshot while the shop runs.
// Restoring goes into an empty data folder or an empty database only: a restore never merges.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { Refusal } from './refusal.ts';

export interface BackupTarget {
  /** DATA_DIR; the embedded database lives in its pglite/ folder. */
  dataDir: string;
  /** When set, PostgreSQL is backed up (or restored into) instead. */
  databaseUrl?: string;
}

const PGLITE_SUFFIX = '.pglite.tar.gz';
const POSTGRES_SUFFIX = '.pgdump';

/** shop-20261125T150430Z.pglite.tar.gz: sorts by time, and the suffix says how to restore it. */
export function backupFileName(kind: 'pglite' | 'postgres', now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `shop-${stamp}${kind === 'pglite' ? PGLITE_SUFFIX : POSTGRES_SUFFIX}`;
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Refusal(`${command} is not installed (Debian: apt-get install postgresql-client)`)
          : err,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Writes a backup into `outDir` and returns its path; the file appears whole or not at all. */
export async function backup(target: BackupTarget, outDir: string, now = new Date()): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, backupFileName(target.databaseUrl ? 'postgres' : 'pglite', now));
  const partial = `${file}.partial`;
  try {
    if (target.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, target.databaseUrl]);
    } else {
      if (!existsSync(pgliteDir(target.dataDir)))
        throw new Refusal(`no embedded database at ${pgliteDir(target.dataDir)} (check DATA_DIR)`);
      const lock = lockDataDir(target.dataDir);
      try {
        const client = await PGlite.create(pgliteDir(target.dataDir), { extensions: { pg_trgm } });
        try {
          const dump = await client.dumpDataDir('gzip');
          await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
        } finally {
          await client.close();
        }
      } finally {
        lock.release();
      }
    }
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return file;
}

async function kindOf(file: string): Promise<'pglite' | 'postgres'> {
  const head = Buffer.alloc(5);
  const handle = await open(file, 'r');
  try {
    await handle.read(head, 0, 5, 0);
  } finally {
    await handle.close();
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new Refusal(`${file} is not a backup of this shop (neither ${PGLITE_SUFFIX} nor ${POSTGRES_SUFFIX})`);
}

/** Restores `file` into the empty target (the kind of backup must match DATABASE_URL being set). */
export async function restore(file: string, target: BackupTarget): Promise<void> {
  if (!existsSync(file)) throw new Refusal(`no such backup file: ${file}`);
  const kind = await kindOf(file);
  if (kind === 'postgres') {
    if (!target.databaseUrl)
      throw new Refusal(`${file} is a PostgreSQL backup: set DATABASE_URL to the empty database to restore it into`);
    await assertEmptyPostgres(target.databaseUrl);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.databaseUrl}`, file]);
    return;
  }
  if (target.databaseUrl)
    throw new Refusal(
      `${file} is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it`,
    );
  const dir = pgliteDir(target.dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Refusal(`${dir} is not empty: a restore goes into an empty data folder (move the old one away first)`);
  }
  mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(target.dataDir);
  try {
    const client = await PGlite.create(dir, { loadDataDir: new Blob([await readFile(file)]), extensions: { pg_trgm } });
    await client.close();
  } finally {
    lock.release();
  }
}

async function assertEmptyPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    if (rows[0].n > 0)
      throw new Refusal(
        'the database of DATABASE_URL is not empty: a restore goes into an empty database (createdb a new one)',
      );
  } finally {
    await client.end();
  }
}
