// `npm start` with WORKERS (server/start.ts, server/ops/workers.ts): the settings it refuses before
// building anything, and, where PostgreSQL is available (TEST_DATABASE_URL), n worker processes
// serving one port, seeding once, and all draining on one SIGTERM to the primary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from '../../server/ops/data-dir-lock.ts';
import { workerCount } from '../../server/ops/workers.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.ts';
import { runToExit, spawnServer } from '../helpers/server-process.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

describe('WORKERS', () => {
  it('is one process unless set; more than one needs DATABASE_URL', () => {
    expect(workerCount({})).toBe(1);
    expect(workerCount({ WORKERS: '3', DATABASE_URL: 'postgres://x/y' })).toBe(3);
    expect(() => workerCount({ WORKERS: '2' })).toThrow(/WORKERS=2 needs PostgreSQL/);
    expect(() => workerCount({ WORKERS: 'two' })).toThrow(
      'WORKERS=two is not a whole number of processes (1 or more).',
    );
    expect(() => workerCount({ WORKERS: '0' })).toThrow(/not a whole number/);
  });

  it('npm start refuses WORKERS=2 on the embedded database at once, with the reason', { timeout: 30_000 }, async () => {
    const { code, output } = await runToExit('server/start.ts', { WORKERS: '2' });
    expect(code).toBe(1);
    expect(output).toContain('refusing to start: WORKERS=2 needs PostgreSQL');
    expect(output).not.toContain('building the PWA');
  });
});

describe('the embedded database folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('belongs to one process: a second server on it is refused until the first lets go', () => {
    const first = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(`the data folder ${dataDir} is in use by process ${process.pid}.`);
    first.release();
    lockDataDir(dataDir).release();
  });
});

describe.skipIf(!baseUrl)('WORKERS=2 on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!, 'shop_workers');
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it(
    'runs two workers on one port, seeds once, replaces one that dies, and stops them all on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const primary = await spawnServer({ DATABASE_URL: scratch.url, WORKERS: '2' }, 'tests/fixtures/run-workers.ts');
      const listening = () => primary.output().match(/listening on http:\/\/localhost:\d+/g) ?? [];
      while (listening().length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(new Set(listening())).toEqual(new Set([`listening on http://localhost:${primary.port}`]));
      expect(primary.output().match(/seeding demo data/g)).toHaveLength(1);
      for (let i = 0; i < 4; i++) expect((await fetch(`${primary.url}/api/health`)).status).toBe(200);

      const [victim] = [...primary.output().matchAll(/worker (\d+) started/g)].map((m) => Number(m[1]));
      process.kill(victim, 'SIGKILL');
      while (listening().length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(primary.output()).toContain(`worker ${victim} exited (SIGKILL); starting another`);
      expect((await fetch(`${primary.url}/api/health`)).status).toBe(200);

      expect(await primary.stop('SIGTERM')).toBe(0);
      expect(primary.output()).toContain('SIGTERM: stopping 2 workers');
      expect(primary.output().match(/SIGTERM: shutting down/g)).toHaveLength(2);
    },
  );
});
