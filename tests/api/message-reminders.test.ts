// The reminder sweep (server/services/messages/reminders.ts): an approved certificate expiring
// within 30 days, then within 7 days, and a coupon expiring within 3 days each get one message,
// however often (and however concurrently) the sweep runs.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, type Buyer } from '../fixtures/catalogue.ts';
import { companyCoupons, couponTemplates, messages, qualificationFiles } from '../../server/db/schema.ts';
import { sweepReminders } from '../../server/services/messages/reminders.ts';
import { formatDate } from '../../src/domain/time.ts';

const DAY = 86_400_000;
let t: TestApp;
let buyer: Buyer;
let templateId: number;

const day = (offset: number) => formatDate(t.clock.now().getTime() + offset * DAY);
const inbox = (b: Buyer) =>
  t.db.select().from(messages).where(eq(messages.companyId, b.companyId)).orderBy(messages.id);

async function certificate(
  b: Buyer,
  expiresInDays: number,
  opts: { kind?: string; status?: 'approved' | 'pending' } = {},
): Promise<number> {
  const [row] = await t.db
    .insert(qualificationFiles)
    .values({
      companyId: b.companyId,
      kind: opts.kind ?? 'drug_license',
      fileName: 'x.pdf',
      mime: 'application/pdf',
      size: 1,
      content: new Uint8Array([1]),
      expiresOn: day(expiresInDays),
      status: opts.status ?? 'approved',
    })
    .returning({ id: qualificationFiles.id });
  return row.id;
}

async function coupon(b: Buyer, expiresInMs: number, status = 0): Promise<number> {
  const [row] = await t.db
    .insert(companyCoupons)
    .values({ companyId: b.companyId, templateId, status, expiresAt: new Date(t.clock.now().getTime() + expiresInMs) })
    .returning({ id: companyCoupons.id });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const [tpl] = await t.db
    .insert(couponTemplates)
    .values({
      kind: 'coupon',
      name: '满1000减50',
      threshold: 100_000,
      amount: 5_000,
      startsAt: t.clock.now(),
      endsAt: new Date(t.clock.now().getTime() + 90 * DAY),
    })
    .returning({ id: couponTemplates.id });
  templateId = tpl.id;
});
afterAll(() => t.close());

beforeEach(async () => {
  // Each test starts at the same instant with a fresh company, and earlier tests' rows far away.
  t.clock.set(new Date('2025-06-02T02:00:00.000Z'));
  await t.db.delete(qualificationFiles);
  await t.db.delete(companyCoupons);
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
});

describe('certificate reminders', () => {
  it('writes the 30-day reminder once, then the 7-day one once', async () => {
    const id = await certificate(buyer, 20);
    expect(await sweepReminders(t.db, t.clock.now())).toEqual({ certificates: 1, coupons: 0 });
    expect(await sweepReminders(t.db, t.clock.now())).toEqual({ certificates: 0, coupons: 0 });
    const [first] = await inbox(buyer);
    expect(first).toMatchObject({
      kind: 'system',
      title: '资质证件即将过期（30天内）',
      body: `您的药品经营许可证将于${day(20)}到期（20天后）。证件过期后将无法下单，请尽快上传新证件。`,
      link: '/zzzj',
      dedupeKey: `cert30:${id}`,
      readAt: null,
    });

    // 13 days later it is 7 days out: the second reminder, once.
    t.clock.advance(13 * DAY);
    expect((await sweepReminders(t.db, t.clock.now())).certificates).toBe(1);
    expect((await sweepReminders(t.db, t.clock.now())).certificates).toBe(0);
    t.clock.advance(6 * DAY);
    expect((await sweepReminders(t.db, t.clock.now())).certificates).toBe(0);
    expect((await inbox(buyer)).map((m) => m.title)).toEqual([
      '资质证件即将过期（30天内）',
      '资质证件即将过期（7天内）',
    ]);
  });

  it('a certificate first seen inside 7 days gets only the 7-day reminder', async () => {
    await certificate(buyer, 3);
    await sweepReminders(t.db, t.clock.now());
    await sweepReminders(t.db, t.clock.now());
    const rows = await inbox(buyer);
    expect(rows.map((m) => m.title)).toEqual(['资质证件即将过期（7天内）']);
    expect(rows[0].body).toContain('（3天后）');
  });

  it('two sweeps at once still write one reminder', async () => {
    await certificate(buyer, 25);
    await coupon(buyer, 2 * DAY);
    const results = await Promise.all([sweepReminders(t.db, t.clock.now()), sweepReminders(t.db, t.clock.now())]);
    expect(results.reduce((n, r) => n + r.certificates + r.coupons, 0)).toBe(2);
    expect(await inbox(buyer)).toHaveLength(2);
  });

  it('skips pending, expired, far-off and renewed certificates', async () => {
    await certificate(buyer, 10, { status: 'pending' });
    await certificate(buyer, -1);
    await certificate(buyer, 31);
    // A renewal of the same kind, already approved and valid longer, replaces the old one.
    await certificate(buyer, 15, { kind: 'business_license' });
    await certificate(buyer, 400, { kind: 'business_license' });
    expect((await sweepReminders(t.db, t.clock.now())).certificates).toBe(0);
    expect(await inbox(buyer)).toEqual([]);
  });
});

describe('coupon reminders', () => {
  it('writes one promotion message per unused coupon expiring within 3 days', async () => {
    const soon = await coupon(buyer, 2 * DAY);
    await coupon(buyer, 4 * DAY);
    await coupon(buyer, DAY, 1);
    await coupon(buyer, -DAY);
    expect(await sweepReminders(t.db, t.clock.now())).toEqual({ certificates: 0, coupons: 1 });
    expect(await sweepReminders(t.db, t.clock.now())).toEqual({ certificates: 0, coupons: 0 });
    const rows = await inbox(buyer);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'promotion',
      title: '优惠券即将过期',
      body: `您的优惠券“满1000减50”将于${day(2)}到期，请尽快使用。`,
      link: '/yhq',
      dedupeKey: `coupon:${soon}`,
    });
    // A day later the 4-day one is inside the window: its own reminder, the first not again.
    t.clock.advance(DAY + 60_000);
    expect((await sweepReminders(t.db, t.clock.now())).coupons).toBe(1);
    expect(await inbox(buyer)).toHaveLength(2);
  });

  it('is per company: the same coupon template for two companies writes two messages', async () => {
    const second = await insertBuyer(t.db, 'approved', t.clock.now());
    await coupon(buyer, DAY);
    await coupon(second, DAY);
    expect((await sweepReminders(t.db, t.clock.now())).coupons).toBe(2);
    const rows = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, second.companyId), eq(messages.kind, 'promotion')));
    expect(rows).toHaveLength(1);
  });
});
