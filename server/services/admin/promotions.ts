// Flash sales and group buys in the operator console (issue 20, role 运营): list, create with
// their goods (schedule, price, stock, caps), stop. Each change writes its audit row in the same
// transaction. Stopping sets is_active = false: the sale leaves the shop at once; a stopped group
// buy is still decided at its end time (group-deadline.ts), so the orders that joined it get
// their outcome.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { goods, promotionGoods, promotions } from '../../db/schema.ts';
import { notFound, validationError } from '../../http/envelope.ts';
import type { Paged } from '@domain/admin.ts';
import type { ConsolePromotion, ConsolePromotionKind } from '@domain/admin-promotions.ts';
import { writeAudit, type Actor } from './audit.ts';
import { promotionPage } from './promotion-page.ts';
import { stopLockedPromotion } from './promotion-stop.ts';

export const PROMOTION_NOT_FOUND = '活动不存在';

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export async function listConsolePromotions(
  db: Db,
  kind: ConsolePromotionKind,
  page: number,
  size: number,
): Promise<Paged<ConsolePromotion>> {
  const { rows, total } = await promotionPage(db, kind, page, size);
  const ids = rows.map((r) => r.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({ pg: promotionGoods, name: goods.name })
          .from(promotionGoods)
          .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
          .where(inArray(promotionGoods.promotionId, ids))
          .orderBy(promotionGoods.goodsId);
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind,
      name: r.name,
      description: r.description,
      starts_at: seconds(r.startsAt),
      ends_at: seconds(r.endsAt),
      is_active: r.isActive,
      goods: members
        .filter((m) => m.pg.promotionId === r.id)
        .map((m) => ({
          goods_id: m.pg.goodsId,
          name: m.name,
          price: m.pg.price ?? 0,
          quantity: m.pg.quantity,
          stock_limit: m.pg.stockLimit,
          sold: m.pg.sold,
          per_company_limit: m.pg.perCompanyLimit,
          group_outcome: m.pg.groupOutcome ?? null,
        })),
    })),
    total,
    page,
    size,
  };
}

export interface NewPromotion {
  kind: ConsolePromotionKind;
  name: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  goods: { goodsId: number; price: number; quantity: number; stockLimit: number; perCompanyLimit: number }[];
}

export async function createConsolePromotion(
  db: Db,
  actor: Actor,
  input: NewPromotion,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const ids = input.goods.map((g) => g.goodsId);
    const found = await tx.select({ id: goods.id }).from(goods).where(inArray(goods.id, ids));
    const known = new Set(found.map((f) => f.id));
    const missing = input.goods.findIndex((g) => !known.has(g.goodsId));
    if (missing >= 0) throw validationError({ [`goods.${missing}.goods_id`]: ['商品不存在'] });
    const [row] = await tx
      .insert(promotions)
      .values({
        kind: input.kind,
        name: input.name,
        description: input.description,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        rules: {},
        createdAt: now,
      })
      .returning({ id: promotions.id });
    await tx.insert(promotionGoods).values(
      input.goods.map((g) => ({
        promotionId: row.id,
        goodsId: g.goodsId,
        price: g.price,
        quantity: input.kind === 'group' ? g.quantity : 1,
        stockLimit: input.kind === 'flash' ? g.stockLimit : 0,
        perCompanyLimit: g.perCompanyLimit,
      })),
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'promotion.create',
        targetType: 'promotion',
        targetId: row.id,
        after: {
          kind: input.kind,
          name: input.name,
          starts_at: seconds(input.startsAt),
          ends_at: seconds(input.endsAt),
          goods: input.goods,
        },
      },
      now,
    );
    return { id: row.id };
  });
}

export async function stopConsolePromotion(db: Db, actor: Actor, id: number, now: Date): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const [p] = await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), inArray(promotions.kind, ['flash', 'group'])))
      .limit(1)
      .for('update');
    if (!p) throw notFound(PROMOTION_NOT_FOUND);
    return stopLockedPromotion(tx, actor, p, 'promotion.stop', now);
  });
}
