// 换购 promotions in the operator console (role 运营): list, create with member goods and tiers,
// edit the tiers, stop. Each change writes its audit row in its transaction. Tier goods must
// exist; a changed price or limit applies to choices at the buyer's next read or checkout (they
// are re-checked there, src/domain/exchange.ts), so an edit never leaves a stale price charged.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { goods, orderLines, promotionGoods, promotions } from '../../db/schema.ts';
import { notFound, validationError } from '../../http/envelope.ts';
import type { Paged } from '@domain/admin.ts';
import type { ConsoleExchangePromotion, ExchangePromotionInput, ExchangeTiersInput } from '@domain/admin-exchange.ts';
import { EXCHANGE_LINE_TYPE } from '@domain/exchange.ts';
import { EXCHANGE_KIND, exchangeRulesSchema } from '../exchange/rules.ts';
import { writeAudit, type Actor } from './audit.ts';
import { promotionPage } from './promotion-page.ts';
import { stopLockedPromotion } from './promotion-stop.ts';

export const EXCHANGE_NOT_FOUND = '换购活动不存在';

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export async function listExchangePromotions(
  db: Db,
  page: number,
  size: number,
): Promise<Paged<ConsoleExchangePromotion>> {
  const { rows, total } = await promotionPage(db, EXCHANGE_KIND, page, size);
  const ids = rows.map((r) => r.id);
  const members = ids.length
    ? await db
        .select({ promotionId: promotionGoods.promotionId, goodsId: promotionGoods.goodsId, name: goods.name })
        .from(promotionGoods)
        .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
        .where(inArray(promotionGoods.promotionId, ids))
        .orderBy(promotionGoods.goodsId)
    : [];
  const exchanged = ids.length
    ? await db
        .select({
          promotionId: orderLines.promotionId,
          units: sql<number>`COALESCE(SUM(${orderLines.number}), 0)::int`,
        })
        .from(orderLines)
        .where(and(eq(orderLines.type, EXCHANGE_LINE_TYPE), inArray(orderLines.promotionId, ids)))
        .groupBy(orderLines.promotionId)
    : [];
  const tierGoodsIds = rows.flatMap((r) => {
    const parsed = exchangeRulesSchema.safeParse(r.rules);
    return parsed.success ? parsed.data.tiers.flatMap((t) => t.goods.map((g) => g.goods_id)) : [];
  });
  const names = tierGoodsIds.length
    ? new Map(
        (
          await db
            .select({ id: goods.id, name: goods.name })
            .from(goods)
            .where(inArray(goods.id, [...new Set(tierGoodsIds)]))
        ).map((g) => [g.id, g.name]),
      )
    : new Map<number, string>();
  return {
    list: rows.map((r) => {
      const parsed = exchangeRulesSchema.safeParse(r.rules);
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        starts_at: seconds(r.startsAt),
        ends_at: seconds(r.endsAt),
        is_active: r.isActive,
        members: members.filter((m) => m.promotionId === r.id).map((m) => ({ goods_id: m.goodsId, name: m.name })),
        tiers: parsed.success
          ? parsed.data.tiers.map((t) => ({
              amount: t.amount,
              goods: t.goods.map((g) => ({ ...g, name: names.get(g.goods_id) ?? '' })),
            }))
          : [],
        exchanged: exchanged.find((e) => e.promotionId === r.id)?.units ?? 0,
      };
    }),
    total,
    page,
    size,
  };
}

/** 422 at the first goods id that does not exist, under `field`. */
async function assertGoodsExist(tx: Db, ids: readonly number[], fieldOf: (index: number) => string): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(
    (
      await tx
        .select({ id: goods.id })
        .from(goods)
        .where(inArray(goods.id, [...new Set(ids)]))
    ).map((g) => g.id),
  );
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw validationError({ [fieldOf(missing)]: ['商品不存在'] });
}

async function assertTierGoods(tx: Db, tiers: ExchangeTiersInput): Promise<void> {
  const flat = tiers.flatMap((t, i) =>
    t.goods.map((g, j) => ({ id: g.goods_id, field: `tiers.${i}.goods.${j}.goods_id` })),
  );
  await assertGoodsExist(
    tx,
    flat.map((f) => f.id),
    (k) => flat[k].field,
  );
}

export async function createExchangePromotion(
  db: Db,
  actor: Actor,
  input: ExchangePromotionInput,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const memberIds = [...new Set(input.member_ids)];
    await assertGoodsExist(tx, memberIds, (i) => `member_ids.${i}`);
    await assertTierGoods(tx, input.tiers);
    const [row] = await tx
      .insert(promotions)
      .values({
        kind: EXCHANGE_KIND,
        name: input.name,
        description: input.description,
        startsAt: new Date(input.starts_at * 1000),
        endsAt: new Date(input.ends_at * 1000),
        rules: { tiers: input.tiers },
        createdAt: now,
      })
      .returning({ id: promotions.id });
    await tx.insert(promotionGoods).values(memberIds.map((goodsId) => ({ promotionId: row.id, goodsId })));
    await writeAudit(
      tx,
      actor,
      { action: 'exchange.create', targetType: 'promotion', targetId: row.id, after: input },
      now,
    );
    return { id: row.id };
  });
}

async function lockedExchange(tx: Db, id: number) {
  const [p] = await tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.kind, EXCHANGE_KIND)))
    .limit(1)
    .for('update');
  if (!p) throw notFound(EXCHANGE_NOT_FOUND);
  return p;
}

export async function setExchangeTiers(
  db: Db,
  actor: Actor,
  id: number,
  tiers: ExchangeTiersInput,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const p = await lockedExchange(tx, id);
    await assertTierGoods(tx, tiers);
    await tx.update(promotions).set({ rules: { tiers } }).where(eq(promotions.id, id));
    await writeAudit(
      tx,
      actor,
      { action: 'exchange.tiers', targetType: 'promotion', targetId: id, before: p.rules, after: { tiers } },
      now,
    );
    return { id };
  });
}

export async function stopExchangePromotion(db: Db, actor: Actor, id: number, now: Date): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const p = await lockedExchange(tx, id);
    return stopLockedPromotion(tx, actor, p, 'exchange.stop', now);
  });
}
