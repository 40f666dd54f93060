// A buyer's alerts (GET/POST /api/user/alerts, DELETE /api/user/alerts/{id}): one per goods and
// kind per company, at most GOODS_ALERTS_MAX, and only on goods the buyer may see.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies, goods, goodsAlerts, goodsPrices } from '../../db/schema.ts';
import { notFound, validationError } from '../../http/envelope.ts';
import type { Page } from '@domain/envelope.ts';
import {
  GOODS_ALERT_KIND_TEXT,
  GOODS_ALERT_MESSAGES,
  GOODS_ALERTS_MAX,
  type GoodsAlert,
  type GoodsAlertInput,
  type GoodsAlertKind,
} from '@domain/goods-alerts.ts';
import { controlledVisibleTo, pricesVisibleTo, type Viewer } from '../price-visibility.ts';
import { rankPriceJoin } from '../goods/card.ts';

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

const alertFields = {
  id: goodsAlerts.id,
  kind: goodsAlerts.kind,
  targetPrice: goodsAlerts.targetPrice,
  notifiedAt: goodsAlerts.notifiedAt,
  createdAt: goodsAlerts.createdAt,
  goodsId: goods.id,
  name: goods.name,
  sccj: goods.sccj,
  ypgg: goods.ypgg,
  image: goods.image,
  stock: goods.stock,
  basePrice: goods.basePrice,
  rankPrice: sql<number | null>`${goodsPrices.price}`,
};

type AlertRow = {
  id: number;
  kind: string;
  targetPrice: number | null;
  notifiedAt: Date | null;
  createdAt: Date;
  goodsId: number;
  name: string;
  sccj: string;
  ypgg: string;
  image: string;
  stock: number;
  basePrice: number;
  rankPrice: number | null;
};

function toView(r: AlertRow, viewer: Viewer): GoodsAlert {
  const kind = r.kind as GoodsAlertKind;
  return {
    id: r.id,
    kind,
    kind_text: GOODS_ALERT_KIND_TEXT[kind] ?? r.kind,
    target_price: r.targetPrice,
    notified_at: r.notifiedAt ? seconds(r.notifiedAt) : null,
    created_at: seconds(r.createdAt),
    goods: {
      id: r.goodsId,
      name: r.name,
      sccj: r.sccj,
      ypgg: r.ypgg,
      goods_image: r.image,
      price: pricesVisibleTo(viewer) ? (r.rankPrice ?? r.basePrice) : null,
      number: r.stock,
    },
  };
}

function selectAlerts(db: Db, viewer: Viewer) {
  return db
    .select(alertFields)
    .from(goodsAlerts)
    .innerJoin(goods, eq(goods.id, goodsAlerts.goodsId))
    .leftJoin(goodsPrices, rankPriceJoin(viewer));
}

export async function listGoodsAlerts(
  db: Db,
  viewer: Viewer & { companyId: number },
  goodsId: number | undefined,
  page: number,
  pageSize: number,
): Promise<Page<GoodsAlert>> {
  const where = and(
    eq(goodsAlerts.companyId, viewer.companyId),
    goodsId ? eq(goodsAlerts.goodsId, goodsId) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    selectAlerts(db, viewer)
      .where(where)
      .orderBy(desc(goodsAlerts.createdAt), desc(goodsAlerts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(goodsAlerts).where(where),
  ]);
  return { list: rows.map((r) => toView(r, viewer)), total: n, page, page_size: pageSize };
}

const refuse = (field: string, msg: string) => validationError({ [field]: [msg] });

/**
 * Sets an alert (a second one on the same goods and kind replaces the first and arms it again).
 * Refused: goods the buyer may not see, 到货通知 on goods in stock, 降价提醒 without visible prices
 * or at or above today's price, and more than GOODS_ALERTS_MAX alerts.
 */
export async function setGoodsAlert(
  db: Db,
  viewer: Viewer & { companyId: number },
  input: GoodsAlertInput,
  now: Date,
): Promise<GoodsAlert> {
  return withTx(db, async (tx) => {
    // The company row lock serialises a company's alert writes, so the limit holds under races.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, viewer.companyId)).for('update');
    const [g] = await tx
      .select({
        id: goods.id,
        isOnSale: goods.isOnSale,
        isKx: goods.isKx,
        stock: goods.stock,
        basePrice: goods.basePrice,
        rankPrice: alertFields.rankPrice,
      })
      .from(goods)
      .leftJoin(goodsPrices, rankPriceJoin(viewer))
      .where(eq(goods.id, input.goods_id))
      .limit(1);
    if (!g || !g.isOnSale || (g.isKx && !controlledVisibleTo(viewer)))
      throw refuse('goods_id', GOODS_ALERT_MESSAGES.notVisible);
    if (input.kind === 'restock' && g.stock > 0) throw refuse('kind', GOODS_ALERT_MESSAGES.inStock);
    if (input.kind === 'price_drop') {
      if (!pricesVisibleTo(viewer)) throw refuse('kind', GOODS_ALERT_MESSAGES.pricesHidden);
      if ((input.target_price ?? 0) >= (g.rankPrice ?? g.basePrice))
        throw refuse('target_price', GOODS_ALERT_MESSAGES.priceNotBelow);
    }
    const [{ n }] = await tx
      .select({ n: count() })
      .from(goodsAlerts)
      .where(
        and(
          eq(goodsAlerts.companyId, viewer.companyId),
          sql`NOT (${goodsAlerts.goodsId} = ${input.goods_id} AND ${goodsAlerts.kind} = ${input.kind})`,
        ),
      );
    if (n >= GOODS_ALERTS_MAX) throw refuse('goods_id', GOODS_ALERT_MESSAGES.tooMany);
    const [saved] = await tx
      .insert(goodsAlerts)
      .values({
        companyId: viewer.companyId,
        goodsId: input.goods_id,
        kind: input.kind,
        targetPrice: input.target_price,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [goodsAlerts.companyId, goodsAlerts.goodsId, goodsAlerts.kind],
        set: { targetPrice: input.target_price, notifiedAt: null, createdAt: now },
      })
      .returning({ id: goodsAlerts.id });
    const [row] = await selectAlerts(tx, viewer).where(eq(goodsAlerts.id, saved.id)).limit(1);
    return toView(row, viewer);
  });
}

export async function deleteGoodsAlert(db: Db, companyId: number, id: number): Promise<void> {
  const gone = await db
    .delete(goodsAlerts)
    .where(and(eq(goodsAlerts.id, id), eq(goodsAlerts.companyId, companyId)))
    .returning({ id: goodsAlerts.id });
  if (gone.length === 0) throw notFound(GOODS_ALERT_MESSAGES.notFound);
}
