// The demo account's self-service pages have real rows after the seed: requests in each status
// (the listed one with its goods), feedback with a reply, and alerts that the server fires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TEST_PASSWORD } from '../helpers/accounts.ts';
import { changeGoods } from '../../server/services/catalogue/change-goods.ts';
import { goodsAlerts } from '../../server/db/schema.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  cookie = await t.signIn('demo', TEST_PASSWORD);
});
afterAll(() => t.close());

describe('seeded self-service rows for demo', () => {
  it('lists requests in every status; the listed one shows its goods', async () => {
    const page = (await t.call('GET', '/api/user/buy', { cookie })).body.data;
    expect(page.list.map((r: { status: string }) => r.status).sort()).toEqual([
      'listed',
      'pending',
      'pending',
      'replied',
    ]);
    const listed = page.list.find((r: { status: string }) => r.status === 'listed');
    const detail = (await t.call('GET', `/api/user/buy/${listed.id}`, { cookie })).body.data;
    expect(detail.goods).toMatchObject({ id: listed.goods_id });
  });

  it('lists feedback with a reply and alerts waiting and sent; the waiting restock fires on restock', async () => {
    const fb = (await t.call('GET', '/api/user/feedback', { cookie })).body.data;
    expect(fb.total).toBe(2);
    expect(fb.list.some((f: { reply: string }) => f.reply !== '')).toBe(true);
    const alerts = (await t.call('GET', '/api/user/alerts', { cookie })).body.data.list;
    expect(
      alerts.map((a: { kind: string; notified_at: number | null }) => [a.kind, a.notified_at === null]).sort(),
    ).toEqual([
      ['price_drop', true],
      ['restock', false],
      ['restock', true],
    ]);
    const waiting = alerts.find(
      (a: { kind: string; notified_at: number | null }) => a.kind === 'restock' && a.notified_at === null,
    );
    expect(waiting.goods.number).toBe(0);
    // A restock (the console's goods editor runs the same check in its change's transaction).
    expect(await changeGoods(t.db, waiting.goods.id, { stock: 50 }, t.clock.now())).toBe(1);
    const [row] = await t.db.select().from(goodsAlerts).where(eq(goodsAlerts.id, waiting.id));
    expect(row.notifiedAt).not.toBeNull();
  });
});
