// 品种求购 and 意见反馈 written offline reach the real server exactly once: the outbox keeps the
// form while the server is down, sends it when it is back, and a lost answer is replayed by the
// server's Idempotency-Key store instead of storing a second row. A refusal becomes a conflict
// row with the server's message.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LocalDb } from '../../src/local/db';
import { enqueue } from '../../src/local/outbox-queue';
import { createSyncEngine } from '../../src/local/sync-engine';
import { httpTransport } from '../../src/local/transport';
import { feedback, productRequests } from '../../server/db/schema';
import { openDb } from '../helpers/local-store';
import { startRealShop, uniqueName, type Member, type RealShop } from './real-shop';

let shop: RealShop;
beforeAll(async () => {
  shop = await startRealShop();
});
afterAll(() => shop.close());

const open: LocalDb[] = [];
beforeEach(() => shop.browser.reset());
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function setup() {
  const member = await shop.member(uniqueName());
  shop.browser.signInAs(member);
  const db = await openDb(member.account);
  open.push(db);
  const engine = createSyncEngine({
    db,
    account: member.account,
    transport: httpTransport,
    locks: null,
    random: () => 0.5,
    reconcileOnStart: false,
  });
  return { member, db, engine, browser: shop.browser };
}

const requestsOf = (m: Member) =>
  shop.t.db.select().from(productRequests).where(eq(productRequests.companyId, m.companyId));
const feedbackOf = (m: Member) => shop.t.db.select().from(feedback).where(eq(feedback.companyId, m.companyId));

const FORM = {
  name: '氨溴索口服溶液',
  sccj: '勃林格殷格翰',
  ypgg: '100ml',
  approval_no: '',
  quantity: '60',
  expected_price: '28.509',
  remark: '',
};

describe('offline product requests and feedback against the real server', () => {
  it('a request made with the server down is kept, then stored once when it is back', async () => {
    const { member, db, engine, browser } = await setup();
    browser.down = true;
    await enqueue(db, 'request.create', FORM);
    await engine.trigger('enqueue');
    expect(await db.outbox.count()).toBe(1);
    expect(await requestsOf(member)).toEqual([]);

    browser.down = false;
    await engine.trigger('online');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.conflicts.count()).toBe(0);
    const rows = await requestsOf(member);
    expect(rows.map((r) => [r.name, r.quantity, r.expectedPrice, r.status])).toEqual([
      ['氨溴索口服溶液', 60, 2850, 'pending'],
    ]);
    // Later runs find nothing left to send.
    await engine.trigger('manual');
    expect(await requestsOf(member)).toHaveLength(1);
  });

  it('an answer lost after the server stored it: the retry is replayed, not stored again', async () => {
    const { member, db, engine, browser } = await setup();
    await enqueue(db, 'request.create', FORM);
    await enqueue(db, 'feedback.create', { category: 'delivery', content: '希望提前告知物流', contact: '' });
    browser.faults = [{ type: 'lose-answer' }, { type: 'lose-answer' }];
    await engine.trigger('enqueue');
    expect(await db.outbox.count()).toBeGreaterThan(0);
    await engine.trigger('manual');
    await engine.trigger('manual');
    expect(await db.outbox.count()).toBe(0);
    expect(browser.writes().filter((w) => w.replayed).length).toBeGreaterThan(0);
    expect(await requestsOf(member)).toHaveLength(1);
    expect((await feedbackOf(member)).map((f) => [f.kind, f.content])).toEqual([['delivery', '希望提前告知物流']]);
  });

  it('a form the server refuses becomes a conflict with its message, and nothing is stored', async () => {
    const { member, db, engine } = await setup();
    await enqueue(db, 'request.create', { ...FORM, quantity: '0' });
    await engine.trigger('enqueue');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.conflicts.toArray())[0]).toMatchObject({
      kind: 'request.create',
      status: 422,
      msg: '月需求量须为1-1000000的整数',
    });
    expect(await requestsOf(member)).toEqual([]);
  });
});
