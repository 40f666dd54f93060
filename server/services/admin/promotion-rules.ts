// 每日特价, 全场94折, 满减/满折, 满额返现, 组合套餐, 满赠 and activity pages in the operator console
// (issue 20, role 运营): list, create, edit, stop. The console writes exactly the rows the seed
// writes (promotions.kind/rules + promotion_goods) and the shop's pricing reads (cart facts,
// cashback, gifts, welfare, daily specials, activity pages), so there is no second model. Each
// change writes its audit row (before/after) in the same transaction. Stopping sets is_active =
// false: every reader filters on it per request, so the next cart read and checkout re-price.
import { and, count, desc, eq, gt, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { goods, promotionGoods, promotions } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../http/envelope.ts';
import type { Paged } from '@domain/admin.ts';
import type { ActivityPageCode } from '@domain/activity-pages.ts';
import { DEFAULT_PREVIEW_HOUR } from '@domain/daily-special.ts';
import {
  RULE_PROMOTION_KINDS,
  STORED_KIND,
  type RulePromotionInput,
  type RulePromotionKind,
  type RulePromotionRow,
  type RuleTier,
} from '@domain/admin-promotion-rules.ts';
import { writeAudit, type Actor } from './audit.ts';

export const RULE_PROMOTION_NOT_FOUND = '活动不存在';

type PromotionRow = typeof promotions.$inferSelect;
const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);
const isWelfare = sql`coalesce(${promotions.rules}->>'zone', '') = 'welfare'`;

/** Rows of one console kind: welfare and 满折 share kind 'discount', told apart by rules.zone. */
function kindWhere(kind: RulePromotionKind): SQL {
  const stored = eq(promotions.kind, STORED_KIND[kind]);
  if (kind === 'welfare') return and(stored, isWelfare)!;
  if (kind === 'discount') return and(stored, sql`not (${isWelfare})`)!;
  return stored;
}

/** The console kind of a stored row, or null for a kind this screen does not manage. */
function consoleKindOf(row: Pick<PromotionRow, 'kind' | 'rules'>): RulePromotionKind | null {
  if (row.kind === 'discount')
    return (row.rules as { zone?: unknown } | null)?.zone === 'welfare' ? 'welfare' : 'discount';
  if (row.kind === 'showcase') return 'activity';
  return (RULE_PROMOTION_KINDS as readonly string[]).includes(row.kind) &&
    row.kind !== 'welfare' &&
    row.kind !== 'activity'
    ? (row.kind as RulePromotionKind)
    : null;
}

function tiersOf(rules: unknown): RuleTier[] {
  const tiers = (rules as { tiers?: unknown } | null)?.tiers;
  return Array.isArray(tiers) ? (tiers as RuleTier[]) : [];
}

/** promotions.rules for a kind, in the shapes the shop's readers parse (docs/decisions/*). */
function rulesFor(input: RulePromotionInput): Record<string, unknown> {
  const pick = (keys: (keyof RuleTier)[]) => input.tiers.map((t) => Object.fromEntries(keys.map((k) => [k, t[k]])));
  switch (input.kind) {
    case 'everyday':
      return { daily: true, preview_hour: input.preview_hour ?? DEFAULT_PREVIEW_HOUR };
    case 'welfare':
      return { zone: 'welfare', tiers: pick(['amount', 'percent']) };
    case 'manjian':
      return { tiers: pick(['amount', 'reduce']) };
    case 'discount':
      return { tiers: pick(['amount', 'percent']) };
    case 'cashback':
      return { tiers: pick(['amount', 'back']) };
    case 'gift':
      return { tiers: pick(['amount', 'goods_id', 'number']) };
    default:
      return {};
  }
}

/** promotion_goods values of one input line: only the kinds with a promotion price keep one. */
function memberValues(kind: RulePromotionKind, g: RulePromotionInput['goods'][number]) {
  const priced = kind === 'everyday' || kind === 'combination';
  return {
    price: priced ? (g.price ?? null) : null,
    quantity: kind === 'combination' ? (g.quantity ?? 1) : 1,
    stockLimit: kind === 'everyday' ? (g.stock_limit ?? 0) : 0,
    perCompanyLimit: kind === 'everyday' ? (g.per_company_limit ?? 0) : 0,
  };
}

export async function listRulePromotions(
  db: Db,
  kind: RulePromotionKind,
  page: number,
  size: number,
): Promise<Paged<RulePromotionRow>> {
  const where = kindWhere(kind);
  const [{ total }] = await db.select({ total: count() }).from(promotions).where(where);
  // Newest first, except daily specials: latest day first, so the planned week is on page 1.
  const order = kind === 'everyday' ? [desc(promotions.startsAt), desc(promotions.id)] : [desc(promotions.id)];
  const rows = await db
    .select()
    .from(promotions)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size);
  return { list: await toRows(db, rows), total, page, size };
}

async function toRows(db: Db, rows: PromotionRow[]): Promise<RulePromotionRow[]> {
  const ids = rows.map((r) => r.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({ pg: promotionGoods, name: goods.name, stock: goods.stock })
          .from(promotionGoods)
          .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
          .where(inArray(promotionGoods.promotionId, ids))
          .orderBy(promotionGoods.goodsId);
  const giftIds = [
    ...new Set(rows.flatMap((r) => (r.kind === 'gift' ? tiersOf(r.rules).map((t) => t.goods_id ?? 0) : []))),
  ].filter((id) => id > 0);
  const gifts =
    giftIds.length === 0
      ? []
      : await db
          .select({ goods_id: goods.id, name: goods.name, stock: goods.stock })
          .from(goods)
          .where(inArray(goods.id, giftIds));
  return rows.map((r) => {
    const kind = consoleKindOf(r) ?? 'activity';
    const tiers = tiersOf(r.rules);
    const preview = (r.rules as { preview_hour?: unknown } | null)?.preview_hour;
    return {
      id: r.id,
      kind,
      name: r.name,
      description: r.description,
      image: r.image,
      page: (r.page as ActivityPageCode | null) ?? null,
      sort: r.sort,
      starts_at: seconds(r.startsAt),
      ends_at: seconds(r.endsAt),
      is_active: r.isActive,
      all_goods: r.allGoods,
      preview_hour: kind === 'everyday' ? (typeof preview === 'number' ? preview : DEFAULT_PREVIEW_HOUR) : null,
      tiers,
      goods: members
        .filter((m) => m.pg.promotionId === r.id)
        .map((m) => ({
          goods_id: m.pg.goodsId,
          name: m.name,
          stock: m.stock,
          price: m.pg.price,
          quantity: m.pg.quantity,
          stock_limit: m.pg.stockLimit,
          sold: m.pg.sold,
          per_company_limit: m.pg.perCompanyLimit,
        })),
      gifts: kind === 'gift' ? gifts.filter((g) => tiers.some((t) => t.goods_id === g.goods_id)) : [],
    };
  });
}

/** What an audit row records of a promotion: its header, rules and goods terms. */
async function snapshot(db: Db, id: number) {
  const [p] = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  const members = await db
    .select()
    .from(promotionGoods)
    .where(eq(promotionGoods.promotionId, id))
    .orderBy(promotionGoods.goodsId);
  return {
    kind: p.kind,
    name: p.name,
    description: p.description,
    image: p.image,
    page: p.page,
    sort: p.sort,
    starts_at: seconds(p.startsAt),
    ends_at: seconds(p.endsAt),
    is_active: p.isActive,
    all_goods: p.allGoods,
    rules: p.rules,
    goods: members.map((m) => ({
      goods_id: m.goodsId,
      price: m.price,
      quantity: m.quantity,
      stock_limit: m.stockLimit,
      per_company_limit: m.perCompanyLimit,
      sold: m.sold,
    })),
  };
}

/** Goods (members and gifts) must exist; one day has one 每日特价 and one welfare zone runs at a time. */
async function checkAgainstDb(db: Db, input: RulePromotionInput, selfId: number | null): Promise<void> {
  const ids = [
    ...new Set([
      ...input.goods.map((g) => g.goods_id),
      ...input.tiers.map((t) => t.goods_id ?? 0).filter((id) => id > 0),
    ]),
  ];
  const found =
    ids.length === 0
      ? []
      : await db.select({ id: goods.id, onSale: goods.isOnSale }).from(goods).where(inArray(goods.id, ids));
  const known = new Set(found.map((g) => g.id));
  // A member must be one buyers can see (a points goods' catalogue twin is off sale); a gift need
  // only exist: it is given, never listed.
  const onSale = new Set(found.filter((g) => g.onSale).map((g) => g.id));
  const errors: Record<string, string[]> = {};
  input.goods.forEach((g, i) => {
    if (!known.has(g.goods_id)) errors[`goods.${i}.goods_id`] = ['商品不存在'];
    else if (!onSale.has(g.goods_id)) errors[`goods.${i}.goods_id`] = ['商品已下架'];
  });
  input.tiers.forEach((t, i) => {
    if (t.goods_id !== undefined && !known.has(t.goods_id)) errors[`tiers.${i}.goods_id`] = ['赠品商品不存在'];
  });
  if (input.kind === 'everyday' || input.kind === 'welfare') {
    const [clash] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(
        and(
          kindWhere(input.kind),
          eq(promotions.isActive, true),
          lt(promotions.startsAt, new Date(input.ends_at * 1000)),
          gt(promotions.endsAt, new Date(input.starts_at * 1000)),
          selfId === null ? undefined : ne(promotions.id, selfId),
        ),
      )
      .limit(1);
    if (clash)
      errors.starts_at = [
        input.kind === 'everyday' ? `该日已有每日特价（#${clash.id}）` : `该时段已有全场94折专场（#${clash.id}）`,
      ];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

function headerValues(input: RulePromotionInput) {
  return {
    kind: STORED_KIND[input.kind],
    name: input.name,
    description: input.description,
    image: input.image,
    page: input.page ?? null,
    sort: input.sort ?? 0,
    allGoods: input.all_goods,
    startsAt: new Date(input.starts_at * 1000),
    endsAt: new Date(input.ends_at * 1000),
    rules: rulesFor(input),
  };
}

export async function createRulePromotion(
  db: Db,
  actor: Actor,
  input: RulePromotionInput,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    await checkAgainstDb(tx, input, null);
    const [row] = await tx
      .insert(promotions)
      .values({ ...headerValues(input), createdAt: now })
      .returning({ id: promotions.id });
    if (input.goods.length > 0) {
      await tx
        .insert(promotionGoods)
        .values(input.goods.map((g) => ({ promotionId: row.id, goodsId: g.goods_id, ...memberValues(input.kind, g) })));
    }
    await writeAudit(
      tx,
      actor,
      { action: 'promotion.create', targetType: 'promotion', targetId: row.id, after: await snapshot(tx, row.id) },
      now,
    );
    return { id: row.id };
  });
}

/** The promotion locked for a change, with its console kind; 404 for a kind this screen does not manage. */
async function lockOwn(tx: Db, id: number): Promise<{ row: PromotionRow; kind: RulePromotionKind }> {
  const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).limit(1).for('update');
  const kind = row ? consoleKindOf(row) : null;
  if (!row || !kind) throw notFound(RULE_PROMOTION_NOT_FOUND);
  return { row, kind };
}

export async function updateRulePromotion(
  db: Db,
  actor: Actor,
  id: number,
  input: RulePromotionInput,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const { row, kind } = await lockOwn(tx, id);
    if (kind !== input.kind) throw validationError({ kind: ['活动类型不可修改'] });
    if (!row.isActive) throw new AppError(409, 409, '活动已停止，不能修改');
    await checkAgainstDb(tx, input, id);
    const before = await snapshot(tx, id);
    await tx.update(promotions).set(headerValues(input)).where(eq(promotions.id, id));
    // Goods that stay keep their sold count (the stock cap counts it); removed goods leave.
    const keep = input.goods.map((g) => g.goods_id);
    await tx
      .delete(promotionGoods)
      .where(
        and(eq(promotionGoods.promotionId, id), keep.length > 0 ? notInArray(promotionGoods.goodsId, keep) : undefined),
      );
    for (const g of input.goods) {
      const values = memberValues(input.kind, g);
      await tx
        .insert(promotionGoods)
        .values({ promotionId: id, goodsId: g.goods_id, ...values })
        .onConflictDoUpdate({ target: [promotionGoods.promotionId, promotionGoods.goodsId], set: values });
    }
    await writeAudit(
      tx,
      actor,
      { action: 'promotion.update', targetType: 'promotion', targetId: id, before, after: await snapshot(tx, id) },
      now,
    );
    return { id };
  });
}

export async function stopRulePromotion(db: Db, actor: Actor, id: number, now: Date): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const { row } = await lockOwn(tx, id);
    if (!row.isActive) throw new AppError(409, 409, '活动已停止');
    const before = await snapshot(tx, id);
    await tx.update(promotions).set({ isActive: false }).where(eq(promotions.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'promotion.stop',
        targetType: 'promotion',
        targetId: id,
        before,
        after: { ...before, is_active: false },
      },
      now,
    );
    return { id };
  });
}
