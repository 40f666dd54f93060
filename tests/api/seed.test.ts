// The demo-data generator (server/seed): counts, catalogue invariants, the demo accounts, and
// determinism (two databases seeded with the same options hold the same goods in the same order).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { openDatabase, type OpenedDatabase } from '../../server/db/client.ts';
import {
  articleCategories,
  categories,
  companies,
  contracts,
  goods,
  goodsLadderPrices,
  hotKeywords,
  navItems,
  pointsGoods,
  promotionGoods,
  promotions,
  users,
  walletLedger,
  wallets,
} from '../../server/db/schema.ts';
import { isSeeded, seedDemo, type SeedSummary } from '../../server/seed/index.ts';
import { slotItems } from '../../server/services/focus/slots.ts';
import { eanCheckDigit } from '../../server/seed/goods.ts';
import { hashPassword, verifyPassword } from '../../server/auth/password.ts';
import { ARTICLE_CATEGORY_ID } from '../../src/domain/constants.ts';
import { DEMO_CASHBACK_FEN } from '../../server/seed/wallet.ts';
import { atTheShopsPasswordCost } from '../helpers/password-cost.ts';

const NOW = new Date('2025-03-15T02:00:00Z');
const GOODS = 300;
const DAY_MS = 86_400_000;

let opened: OpenedDatabase;
let summary: SeedSummary;

beforeAll(async () => {
  opened = await openDatabase({});
  expect(await isSeeded(opened.db)).toBe(false);
  summary = await seedDemo(opened.db, { goods: GOODS, now: NOW });
});

afterAll(async () => {
  await opened?.close();
});

describe('seedDemo', () => {
  it('marks the database seeded and refuses to seed it again', async () => {
    expect(await isSeeded(opened.db)).toBe(true);
    await expect(seedDemo(opened.db, { goods: 10, now: NOW })).rejects.toThrow(/already seeded/);
    expect(summary.goods).toBe(GOODS);
  });

  it('writes the requested goods with search keys and sane prices', async () => {
    // The points mall's goods rows (off sale, unbuyable: docs/decisions/promotion-sets.md) are not catalogue goods.
    const pointsRows = new Set(
      (await opened.db.select({ id: pointsGoods.goodsId }).from(pointsGoods)).map((r) => r.id),
    );
    const all = await opened.db.select().from(goods).orderBy(asc(goods.id));
    for (const g of all.filter((x) => pointsRows.has(x.id))) expect(g.isOnSale || g.isBuy, g.name).toBe(false);
    const rows = all.filter((g) => !pointsRows.has(g.id));
    expect(rows.length).toBe(GOODS);
    for (const g of rows) {
      expect(g.pinyinFull, g.name).toMatch(/^[a-z0-9]+$/);
      expect(g.pinyinInitials, g.name).toMatch(/^[a-z0-9]+$/);
      expect(g.sccjPinyinInitials, g.sccj).toMatch(/^[a-z0-9]+$/);
      expect(g.basePrice).toBeGreaterThan(0);
      expect(g.retailPrice).toBeGreaterThan(g.basePrice);
      expect(g.image).toBe(`/media/goods/${g.id}.svg`);
      expect(g.barcode).toMatch(/^69\d{11}$/);
      expect(Number(g.barcode[12])).toBe(eanCheckDigit(g.barcode.slice(0, 12)));
      expect(g.jzl % g.zbz).toBe(0);
      if (g.midPackStrict) expect(g.minBuy).toBe(g.zbz);
      if (g.isEphedrine) expect(g.ephedrineLimit).toBeGreaterThanOrEqual(2);
      if (g.isEphedrine) expect(g.ephedrineLimit).toBeLessThanOrEqual(5);
      const daysLeft = (Date.parse(`${g.expiresOn}T00:00:00+08:00`) - NOW.getTime()) / DAY_MS;
      expect(daysLeft).toBeGreaterThan(0);
      expect(g.isJxq, `${g.name} expires ${g.expiresOn}`).toBe(daysLeft <= 183);
      expect(g.isZy && g.isQx).toBe(false);
      if (!g.isZy) expect(g.approvalNo).not.toBe('');
    }
    expect(rows[0].name).toBe('999感冒灵颗粒');
    const names = new Set(rows.map((g) => g.name));
    expect(names.size).toBeLessThan(rows.length); // the same product from several makers
    expect(rows.some((g) => g.isEphedrine)).toBe(true);
    expect(rows.some((g) => g.isJxq)).toBe(true);
    expect(rows.some((g) => g.stock === 0)).toBe(true);
  });

  it('builds a three-level tree and files every goods under a leaf with its ancestors', async () => {
    const cats = await opened.db.select().from(categories);
    const byId = new Map(cats.map((c) => [c.id, c]));
    expect(new Set(cats.map((c) => c.level))).toEqual(new Set([1, 2, 3]));
    expect(new Set(cats.filter((c) => c.level === 1).map((c) => c.zone))).toEqual(new Set(['standard', 'zy', 'qx']));
    for (const c of cats) {
      if (c.level === 1) expect(c.parentId).toBeNull();
      else expect(byId.get(c.parentId ?? -1)?.level).toBe(c.level - 1);
    }
    const mismatched = await opened.db.execute(sql`
      SELECT g.id FROM goods g
      JOIN categories l3 ON l3.id = g.category_id
      JOIN categories l2 ON l2.id = l3.parent_id
      WHERE l3.level <> 3 OR l2.id <> g.category_l2 OR l2.parent_id <> g.category_l1`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
    const zyRoot = cats.find((c) => c.level === 1 && c.zone === 'zy');
    const zyGoods = await opened.db
      .select()
      .from(goods)
      .where(eq(goods.categoryL1, zyRoot?.id ?? -1));
    expect(zyGoods.length).toBeGreaterThan(0);
    expect(zyGoods.every((g) => g.isZy && g.dosageForm === '饮片')).toBe(true);
  });

  it('gives ladder prices that fall as the quantity rises', async () => {
    const steps = await opened.db
      .select()
      .from(goodsLadderPrices)
      .orderBy(asc(goodsLadderPrices.goodsId), asc(goodsLadderPrices.minNumber));
    const rows = await opened.db.select().from(goods);
    const withLadder = rows.filter((g) => g.ladderPriceType === 1);
    expect(withLadder.length / rows.length).toBeGreaterThan(0.25);
    expect(withLadder.length / rows.length).toBeLessThan(0.55);
    const byGoods = new Map<number, (typeof steps)[number][]>();
    for (const s of steps) byGoods.set(s.goodsId, [...(byGoods.get(s.goodsId) ?? []), s]);
    for (const g of rows) {
      const list = byGoods.get(g.id) ?? [];
      expect(list.length > 0, g.name).toBe(g.ladderPriceType === 1);
      if (list.length === 0) continue;
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(3);
      let prev = g.basePrice;
      let prevNumber = 1;
      for (const s of list) {
        expect(s.price).toBeLessThan(prev);
        expect(s.minNumber).toBeGreaterThan(prevNumber);
        prev = s.price;
        prevNumber = s.minNumber;
      }
    }
  });

  it('creates the demo accounts and the chain stores', async () => {
    const rows = await opened.db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId));
    const by = new Map(rows.map((r) => [r.user.username, r]));
    for (const name of ['demo', 'pending', 'chain', 'chain-a', 'chain-b', 'nocontract', 'clinic', 'expired']) {
      const r = by.get(name);
      expect(r, name).toBeDefined();
      expect(r?.user.phone).toMatch(/^1[3-9]\d{9}$/);
      expect(await verifyPassword('demo1234', r?.user.passwordHash ?? '', r?.user.passwordSalt ?? '')).toBe(true);
    }
    expect(
      await verifyPassword(
        'demo12345',
        by.get('demo')?.user.passwordHash ?? '',
        by.get('demo')?.user.passwordSalt ?? '',
      ),
    ).toBe(false);

    const demo = by.get('demo')?.company;
    expect(demo?.reviewStatus).toBe('approved');
    expect(demo?.isCanChat).toBe(true);
    expect(demo?.isSpecial).toBe(true);
    expect(demo?.contractSignedAt).not.toBeNull();
    expect(demo?.accountManagerId).not.toBeNull();
    expect(demo?.salespersonId).not.toBeNull();
    expect(demo?.qualityInspectionUrl).not.toBe('');

    expect(by.get('pending')?.company.reviewStatus).toBe('pending');
    expect(by.get('pending')?.company.contractSignedAt).toBeNull();
    expect(by.get('nocontract')?.company.reviewStatus).toBe('approved');
    expect(by.get('nocontract')?.company.contractSignedAt).toBeNull();

    const chain = by.get('chain')?.company;
    expect(chain?.kind).toBe('chain');
    expect(by.get('chain-a')?.company.parentId).toBe(chain?.id);
    expect(by.get('chain-b')?.company.parentId).toBe(chain?.id);
    const signed = await opened.db.select().from(contracts);
    expect(signed.map((c) => c.companyId)).toContain(chain?.id);
  });

  it('explains the demo wallet with its ledger', async () => {
    const demo = (await opened.db.select().from(users).where(eq(users.username, 'demo')))[0];
    const companyId = demo.companyId ?? -1;
    const [wallet] = await opened.db.select().from(wallets).where(eq(wallets.companyId, companyId));
    expect(wallet.balance).toBe(5_000_000 + DEMO_CASHBACK_FEN);
    expect(wallet.points).toBe(12_800);
    const ledger = await opened.db.select().from(walletLedger).where(eq(walletLedger.companyId, companyId));
    const sum = (account: 'balance' | 'points') =>
      ledger.filter((l) => l.account === account).reduce((s, l) => s + l.amount, 0);
    expect(sum('balance')).toBe(wallet.balance);
    expect(sum('points')).toBe(wallet.points);
  });

  it('seeds promotions, content and the help tree under article category 3', async () => {
    const flash = (await opened.db.select().from(promotions).where(eq(promotions.kind, 'flash')))[0];
    const flashGoods = await opened.db.select().from(promotionGoods).where(eq(promotionGoods.promotionId, flash.id));
    expect(flashGoods.length).toBe(8);
    expect(flash.startsAt.getTime()).toBeLessThan(flash.endsAt.getTime());

    const help = await opened.db.select().from(articleCategories);
    const root = help.find((c) => c.id === ARTICLE_CATEGORY_ID);
    expect(root?.parentId).toBeNull();
    const groups = help.filter((c) => c.parentId === ARTICLE_CATEGORY_ID).map((c) => c.code);
    expect(groups).toEqual(expect.arrayContaining(['xrzn', 'fwbz', 'us', 'zfps', 'news']));

    expect((await opened.db.select().from(navItems)).length).toBeGreaterThanOrEqual(9);
    expect((await opened.db.select().from(hotKeywords)).length).toBeGreaterThanOrEqual(10);
    expect(summary.accounts).toEqual([
      'demo',
      'pending',
      'chain',
      'chain-a',
      'chain-b',
      'nocontract',
      'clinic',
      'expired',
    ]);
  });

  it('numbers the 控销 ads so /kxzq/goods/:url/:ads finds its banner (focus/kxzq_ad?ids=)', async () => {
    // What GET /api/focus/kxzq_ad?ids=1,2 answers (server/routes/focus.ts reads the same service).
    const picked = await slotItems(opened.db, 'kxzq_ad', NOW, [1, 2]);
    expect(picked.map((item) => item.title)).toEqual(['控销推荐', '控销推荐']);
    expect(picked.map((item) => item.image)).toEqual(['/media/banner/kxzq_ad-1.svg', '/media/banner/kxzq_ad-2.svg']);
    expect(await slotItems(opened.db, 'kxzq_ad', NOW, [3])).toHaveLength(1);
    expect(await slotItems(opened.db, 'kxzq_ad', NOW, [4])).toEqual([]);
  });

  it('is deterministic: the same options give the same goods in the same order', async () => {
    const other = await openDatabase({});
    try {
      const again = await seedDemo(other.db, { goods: GOODS, now: NOW });
      expect(again).toEqual(summary);
      const pick = (db: OpenedDatabase['db']) =>
        db
          .select({ id: goods.id, name: goods.name, sccj: goods.sccj, price: goods.basePrice, stock: goods.stock })
          .from(goods)
          .orderBy(asc(goods.id));
      expect(await pick(other.db)).toEqual(await pick(opened.db));
    } finally {
      await other.close();
    }
  }, 90_000);
});

describe('password hashing', () => {
  atTheShopsPasswordCost();

  it('hashes with a fresh salt each time and verifies only the right password', async () => {
    const a = await hashPassword('s3cret-密码');
    const b = await hashPassword('s3cret-密码');
    expect(a.hash).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$[0-9a-f]{128}$/);
    expect(a.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPassword('s3cret-密码', a.hash, a.salt)).toBe(true);
    expect(await verifyPassword('s3cret-密码', a.hash, b.salt)).toBe(false);
    expect(await verifyPassword('wrong', a.hash, a.salt)).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    const { salt } = await hashPassword('x');
    expect(await verifyPassword('x', 'abc', salt)).toBe(false);
    expect(await verifyPassword('x', '', '')).toBe(false);
  });
});
