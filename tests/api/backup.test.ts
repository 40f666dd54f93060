// `npm run backup` / `npm run restore FILE` (server/ops/backup.ts): a shop with an order paid
// partly from the balance (a ledger row), a cart and an uploaded photo is backed up, wiped and
// restored, and all of it is there again — on the embedded database, and on PostgreSQL where
// TEST_DATABASE_URL is set. Also what both commands refuse.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startServer, type RunningServer } from '../../server/index.ts';
import { cartLines, orderLines, orders, uploads, walletLedger } from '../../server/db/schema.ts';
import type { Db } from '../../server/db/client.ts';
import { createShop } from '../fixtures/checkout.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.ts';
import { runToExit } from '../helpers/server-process.ts';
import { call, createClock } from '../helpers/test-app.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 9, 8, 7]);
const baseUrl = process.env.TEST_DATABASE_URL;
const tempDirs: string[] = [];
const scratches: ScratchDatabase[] = [];
afterAll(async () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  for (const s of scratches) await s.drop();
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};

const start = (dataDir: string, databaseUrl?: string) =>
  startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    seedGoods: 30,
    nodeEnv: 'test',
    staticDir: dataDir,
    log: () => {},
  });

/** An order (balance used, so a ledger row), a cart line left over, and an after-sale photo. */
async function fillShop(server: RunningServer): Promise<void> {
  const shop = await createShop({
    db: server.db,
    clock: createClock(new Date()),
    call: (m, u, o) => call(server.app, m, u, o),
  });
  const buyer = await shop.buyer({ balance: 500 });
  const g = await shop.goods({ name: '备份测试药', basePrice: 1_000, stock: 20 });
  const ids = await shop.fill(buyer, [[g, 3]]);
  const placed = await shop.order(buyer, ids, { use_balance: 1 });
  expect(placed.status).toBe(200);
  await shop.fill(buyer, [[g, 1]]);
  const orderId: number = placed.body.data.order_id;
  await server.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, orderId));
  const [line] = await server.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
  const form = new FormData();
  form.append('kind', 'return');
  form.append('reason', '破损');
  form.append('lines[0][order_line_id]', String(line.id));
  form.append('lines[0][number]', '1');
  form.append('photos[]', new Blob([PNG]), 'p.png');
  const applied = await call(server.app, 'POST', `/api/order/${orderId}/after_sale`, { form, cookie: buyer.cookie });
  expect(applied.status).toBe(200);
}

/** What must survive: the rows of orders, carts, the ledger and the uploads. */
async function snapshot(db: Db) {
  const state = {
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    cart: await db.select().from(cartLines).orderBy(asc(cartLines.id)),
    ledger: await db.select().from(walletLedger).orderBy(asc(walletLedger.id)),
    uploads: await db.select().from(uploads).orderBy(asc(uploads.id)),
  };
  expect(state.orders.length).toBeGreaterThan(0);
  expect(state.cart.length).toBeGreaterThan(0);
  expect(state.ledger.length).toBeGreaterThan(0);
  expect(state.uploads.map((u) => new Uint8Array(u.content))).toContainEqual(PNG);
  return state;
}

describe('backup and restore of the embedded database', () => {
  it('brings back the order, the cart, the ledger and the uploads', { timeout: 120_000 }, async () => {
    const dataDir = tempDir('backup-test-data-');
    const backupDir = tempDir('backup-test-out-');
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir };
    const first = await start(dataDir);
    let before;
    try {
      await fillShop(first);
      before = await snapshot(first.db);
      const refused = await runToExit('server/ops/backup-cli.ts', env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(
        `refusing to back up: the data folder ${dataDir} is in use by process ${process.pid}.`,
      );
    } finally {
      await first.close();
    }

    const made = await runToExit('server/ops/backup-cli.ts', env);
    expect(made.code).toBe(0);
    const file = /backup written: (.+)/.exec(made.output)![1];
    expect(path.dirname(file)).toBe(backupDir);
    expect(path.basename(file)).toMatch(/^shop-\d{8}T\d{6}Z\.pglite\.tar\.gz$/);

    expect((await runToExit('server/ops/restore-cli.ts', env)).output).toContain('usage: npm run restore FILE');
    const notEmpty = await runToExit('server/ops/restore-cli.ts', env, [file]);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.output).toContain('is not empty: a restore goes into an empty data folder');

    rmSync(path.join(dataDir, 'pglite'), { recursive: true });
    const restored = await runToExit('server/ops/restore-cli.ts', env, [file]);
    expect(restored.output).toContain(`restored ${file}`);
    expect(restored.code).toBe(0);

    const again = await start(dataDir);
    try {
      expect(await snapshot(again.db)).toEqual(before);
    } finally {
      await again.close();
    }
  });
});

describe.skipIf(!baseUrl)('backup and restore of PostgreSQL', () => {
  it('dumps with pg_dump and restores into an empty database only', { timeout: 120_000 }, async () => {
    const source = await createScratchDatabase(baseUrl!, 'shop_backup_src');
    const target = await createScratchDatabase(baseUrl!, 'shop_backup_dst');
    scratches.push(source, target);
    const dataDir = tempDir('backup-test-pgdata-');
    const backupDir = tempDir('backup-test-pgout-');
    const first = await start(dataDir, source.url);
    let before;
    let file = '';
    try {
      await fillShop(first);
      before = await snapshot(first.db);
      // pg_dump reads one snapshot, so the shop may keep running.
      const made = await runToExit('server/ops/backup-cli.ts', { DATABASE_URL: source.url, BACKUP_DIR: backupDir });
      expect(made.code).toBe(0);
      file = /backup written: (.+)/.exec(made.output)![1];
    } finally {
      await first.close();
    }
    expect(path.basename(file)).toMatch(/^shop-\d{8}T\d{6}Z\.pgdump$/);
    expect(existsSync(file)).toBe(true);

    const notEmpty = await runToExit('server/ops/restore-cli.ts', { DATABASE_URL: source.url }, [file]);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.output).toContain('the database of DATABASE_URL is not empty');

    const restored = await runToExit('server/ops/restore-cli.ts', { DATABASE_URL: target.url }, [file]);
    expect(restored.code).toBe(0);
    const again = await start(dataDir, target.url);
    try {
      expect(await snapshot(again.db)).toEqual(before);
    } finally {
      await again.close();
    }
  });
});
