// The integration API's concurrency on real PostgreSQL (TEST_DATABASE_URL; skipped without it),
// where requests truly run in parallel: one nonce passes once, and concurrent stock batches over
// the same goods — listed in opposite orders — neither deadlock nor let an older change win.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { integrationClient, type MadeClient } from '../helpers/integration.ts';
import { goods } from '../../server/db/schema.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const code = (id: number) => `KY${String(id).padStart(6, '0')}`;

describe.skipIf(!databaseUrl)('integration API on PostgreSQL', () => {
  let t: TestApp;
  let erp: MadeClient;

  beforeAll(async () => {
    t = await createTestApp({ databaseUrl, seed: 20 });
    erp = await integrationClient(t, ['stock:write']);
  }, 120_000);
  afterAll(() => t?.close());

  it('of twenty parallel requests with one nonce exactly one passes', async () => {
    const at = String(Math.floor(t.clock.now().getTime() / 1000));
    const all = await Promise.all(
      Array.from({ length: 20 }, () => erp.erp.get('/me', { nonce: 'postgres-shared-nonce-01', timestamp: at })),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => (r.body.data as { reason?: string }).reason === 'nonce_reused')).toHaveLength(19);
  });

  it('parallel batches over the same goods in opposite orders all answer, and each goods ends at its highest sequence', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    const batches = Array.from({ length: 10 }, (_, b) => {
      const order = b % 2 === 0 ? ids : [...ids].reverse();
      return { items: order.map((id) => ({ external_code: code(id), seq: 100 + b, stock: 1000 * id + b })) };
    });
    const answers = await Promise.all(batches.map((batch) => erp.erp.post<{ failed: number }>('/stock', batch)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.body.data.failed === 0)).toBe(true);
    const rows = await t.db.select({ id: goods.id, stock: goods.stock }).from(goods).where(inArray(goods.id, ids));
    expect(rows.sort((a, b) => a.id - b.id).map((r) => r.stock)).toEqual(ids.map((id) => 1000 * id + 9));
  });
});
