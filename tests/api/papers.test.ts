// Papers kept offline (issue 35 §2): GET /api/user/papers lists, for the company the session acts
// for, the e-contract, the 药检报告 of every batch delivered to it in the last 12 months and the
// 随货同行单 of its orders shipped in that time; each listed address answers the buyer (so the device
// can keep it) and no other company; an order shipped 13 months ago is no longer listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { PapersManifest } from '../../src/domain/papers.ts';

let t: TestApp;
let demo: string;
let clinic: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 300 });
  demo = await t.signIn('demo', 'demo1234');
  clinic = await t.signIn('clinic', 'demo1234');
});
afterAll(() => t.close());

const papers = async (cookie: string) => {
  const res = await t.call<PapersManifest>('GET', '/api/user/papers', { cookie });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const get = (cookie: string, href: string) => t.app.request(href, { headers: { cookie } });

describe('GET /api/user/papers', () => {
  it('needs a signed-in company', async () => {
    expect((await t.call('GET', '/api/user/papers')).status).toBe(401);
  });

  it('lists the e-contract, the reports of batches delivered in the last 12 months and the delivery notes; each opens for the buyer', async () => {
    const p = await papers(demo);
    expect(p.contract.view).toBe('/api/user/contract');
    expect(p.keep[0]).toBe('/api/user/contract');
    expect(p.delivery_notes.length).toBeGreaterThan(0);
    const shipped = rowsOf<{ id: number }>(
      await t.db.execute(sql`SELECT o.id FROM orders o JOIN users u ON u.company_id = o.company_id
                             WHERE u.username = 'demo' AND o.shipped_at >= ${new Date(t.clock.now().getTime() - 365 * 86_400_000).toISOString()}
                               AND EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id)`),
    ).map((r) => r.id);
    expect(p.delivery_notes.map((n) => n.order_id).sort((a, b) => a - b)).toEqual([...shipped].sort((a, b) => a - b));
    // Every batch listed was on a shipped order line of demo's, and has a report.
    const delivered = new Set(
      rowsOf<{ k: string }>(
        await t.db
          .execute(sql`SELECT ol.goods_id || ':' || ol.batch_no AS k FROM order_lines ol JOIN orders o ON o.id = ol.order_id
                               JOIN users u ON u.company_id = o.company_id WHERE u.username = 'demo' AND o.shipped_at IS NOT NULL`),
      ).map((r) => r.k),
    );
    expect(p.batches.length).toBeGreaterThan(0);
    for (const b of p.batches) {
      expect(delivered.has(`${b.goods_id}:${b.batch_no}`), `${b.goods_name} ${b.batch_no}`).toBe(true);
      expect(b.reports.length).toBeGreaterThan(0);
    }
    // Every address listed answers (the device keeps what it lists; a 409 would be kept as nothing).
    for (const href of p.keep) {
      const res = await get(demo, href);
      expect(res.status, href).toBe(200);
    }
    const note = await get(demo, p.delivery_notes[0]!.href);
    expect(note.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await note.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(p.keep).toEqual(expect.arrayContaining([p.batches[0]!.reports[0]!.file_url, p.delivery_notes[0]!.href]));
  });

  it('a batch whose goods went off sale is no longer listed (its report is refused online too)', async () => {
    const before = await papers(demo);
    const gone = before.batches[0]!;
    await t.db.execute(sql`UPDATE goods SET is_on_sale = false WHERE id = ${gone.goods_id}`);
    try {
      const after = await papers(demo);
      expect(after.batches.map((b) => b.goods_id)).not.toContain(gone.goods_id);
      expect(after.batches.length).toBeLessThan(before.batches.length);
    } finally {
      await t.db.execute(sql`UPDATE goods SET is_on_sale = true WHERE id = ${gone.goods_id}`);
    }
  });

  it('another company gets none of them: its own list, and 404 for demo’s delivery note', async () => {
    const mine = await papers(demo);
    const theirs = await papers(clinic);
    expect(theirs.delivery_notes.map((n) => n.order_id)).not.toContain(mine.delivery_notes[0]!.order_id);
    const res = await get(clinic, mine.delivery_notes[0]!.href);
    expect(res.status).toBe(404);
  });

  it('an order shipped 13 months ago is no longer kept; an unshipped order has no delivery note', async () => {
    const first = (await papers(demo)).delivery_notes[0]!;
    const old = new Date(t.clock.now().getTime() - 400 * 86_400_000).toISOString();
    await t.db.execute(sql`UPDATE orders SET shipped_at = ${old} WHERE id = ${first.order_id}`);
    expect((await papers(demo)).delivery_notes.map((n) => n.order_id)).not.toContain(first.order_id);
    const [unshipped] = rowsOf<{ id: number }>(
      await t.db.execute(sql`SELECT o.id FROM orders o JOIN users u ON u.company_id = o.company_id
                             WHERE u.username = 'demo' AND o.shipped_at IS NULL AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id) LIMIT 1`),
    );
    const res = await t.call('GET', `/api/order/${unshipped!.id}/delivery-note`, { cookie: demo });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('订单尚未发货，没有随货同行单');
  });
});
