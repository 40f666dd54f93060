// Promotions as the catalogue shows them: the activities of one goods with human rule texts
// (GET /api/goods/activities) and today's flash sale (GET /api/index/spike). Rule shapes are those
// of server/seed/promotions.ts: manjian { tiers: [{ amount, reduce }] }, discount
// { tiers: [{ amount, percent }] } (percent = what is paid), flash { session }, group
// { group_size, hours }, everyday { daily }; amounts in fen.
import { and, asc, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { goods, promotionGoods, promotions } from '../db/schema.ts';
import { formatFen } from '@domain/money.ts';
import type { FlashSale, GoodsActivity } from '@domain/catalog.ts';
import { controlledVisibleTo, pricesVisibleTo, type Viewer } from './price-visibility.ts';
import { loadGoodsItems } from './goods/item.ts';

/** Fen as the shortest yuan text: 100000 → "1000", 150 → "1.5", 5 → "0.05". */
export function yuanText(fen: number): string {
  const s = formatFen(fen);
  if (s.endsWith('.00')) return s.slice(0, -3);
  return s.endsWith('0') ? s.slice(0, -1) : s;
}

/** Percent paid as Chinese 折: 95 → "95折" (9.5折), 90 → "9折", 88 → "88折". */
export function discountText(percent: number): string {
  return percent % 10 === 0 ? `${percent / 10}折` : `${percent}折`;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function tiersOf(rules: unknown): Record<string, unknown>[] {
  const tiers = (rules as { tiers?: unknown } | null)?.tiers;
  return Array.isArray(tiers)
    ? tiers.filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null)
    : [];
}

/** What a promotion's row in promotion_goods adds for this goods (null: via all_goods). */
export interface PromotionGoodsTerms {
  quantity: number;
  perCompanyLimit: number;
}

/** The rule lines a buyer reads, e.g. ["满1000减50", "满3000减200"]. Unknown shapes give none. */
export function ruleTexts(kind: string, rules: unknown, terms: PromotionGoodsTerms | null = null): string[] {
  const r = (rules ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  switch (kind) {
    case 'manjian':
      for (const t of tiersOf(rules)) {
        const amount = num(t.amount);
        const reduce = num(t.reduce);
        if (amount !== null && reduce !== null) out.push(`满${yuanText(amount)}减${yuanText(reduce)}`);
      }
      break;
    case 'discount':
      for (const t of tiersOf(rules)) {
        const amount = num(t.amount);
        const percent = num(t.percent);
        if (amount !== null && percent !== null) out.push(`满${yuanText(amount)}打${discountText(percent)}`);
      }
      break;
    case 'cashback':
      for (const t of tiersOf(rules)) {
        const amount = num(t.amount);
        const back = num(t.back ?? t.cashback);
        if (amount !== null && back !== null) out.push(`满${yuanText(amount)}返${yuanText(back)}`);
      }
      break;
    case 'gift':
      for (const t of tiersOf(rules)) {
        const amount = num(t.amount);
        if (amount !== null)
          out.push(typeof t.gift === 'string' ? `满${yuanText(amount)}赠${t.gift}` : `满${yuanText(amount)}有赠品`);
      }
      break;
    case 'exchange':
      for (const t of tiersOf(rules)) {
        const amount = num(t.amount);
        if (amount !== null) out.push(`满${yuanText(amount)}可换购`);
      }
      break;
    case 'flash':
      out.push(typeof r.session === 'string' ? `秒杀时段 ${r.session}` : '限时秒杀');
      break;
    case 'group': {
      const size = num(r.group_size);
      const hours = num(r.hours);
      if (size !== null) out.push(`${size}家成团`);
      // Without a shop count the target is promotion_goods.quantity, in units (group-buy.md).
      else if (terms) out.push(`累计${terms.quantity}件成团`);
      if (hours !== null) out.push(`${hours}小时内未成团自动退款`);
      break;
    }
    case 'combination':
      out.push('组合购买享组合价');
      break;
    case 'everyday':
      out.push('每日特价');
      break;
  }
  if (terms && terms.perCompanyLimit > 0) out.push(`每家限购${terms.perCompanyLimit}件`);
  return out;
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/** The flash-sale / group-buy terms a detail page prices and counts by (issue 20). */
function promotionTerms(
  r: {
    kind: string;
    price: number | null;
    quantity: number | null;
    sold: number | null;
    stockLimit: number | null;
    perCompanyLimit: number | null;
  },
  showPrice: boolean,
): Partial<GoodsActivity> {
  const price = showPrice ? r.price : null;
  if (r.kind === 'group')
    return { price, group_size: r.quantity ?? 0, joined: r.sold ?? 0, per_company_limit: r.perCompanyLimit ?? 0 };
  if (r.kind === 'flash') {
    const limit = r.stockLimit ?? 0;
    return {
      price,
      per_company_limit: r.perCompanyLimit ?? 0,
      remaining: limit > 0 ? Math.max(0, limit - (r.sold ?? 0)) : null,
    };
  }
  return {};
}

/** Live promotions covering a goods the viewer may see ([] for any other goods id). */
export async function goodsActivities(db: Db, viewer: Viewer, now: Date, goodsId: number): Promise<GoodsActivity[]> {
  const [visible] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        eq(goods.id, goodsId),
        eq(goods.isOnSale, true),
        controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false),
      ),
    )
    .limit(1);
  if (!visible) return [];
  const rows = await db
    .select({
      id: promotions.id,
      kind: promotions.kind,
      name: promotions.name,
      description: promotions.description,
      rules: promotions.rules,
      startsAt: promotions.startsAt,
      endsAt: promotions.endsAt,
      linked: sql<boolean>`${promotionGoods.goodsId} IS NOT NULL`,
      quantity: promotionGoods.quantity,
      perCompanyLimit: promotionGoods.perCompanyLimit,
      price: promotionGoods.price,
      sold: promotionGoods.sold,
      stockLimit: promotionGoods.stockLimit,
    })
    .from(promotions)
    .leftJoin(promotionGoods, and(eq(promotionGoods.promotionId, promotions.id), eq(promotionGoods.goodsId, goodsId)))
    .where(
      and(
        eq(promotions.isActive, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
        sql`(${promotions.allGoods} OR ${promotionGoods.goodsId} IS NOT NULL)`,
      ),
    )
    .orderBy(asc(promotions.sort), asc(promotions.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    description: r.description,
    starts_at: seconds(r.startsAt),
    ends_at: seconds(r.endsAt),
    rules: ruleTexts(
      r.kind,
      r.rules,
      r.linked ? { quantity: r.quantity ?? 1, perCompanyLimit: r.perCompanyLimit ?? 0 } : null,
    ),
    ...(r.linked ? promotionTerms(r, pricesVisibleTo(viewer)) : {}),
  }));
}

// --- flash sale ------------------------------------------------------------------------------

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/** A flash sale lists at most this many goods. */
export const FLASH_SALE_GOODS_MAX = 50;

/** The next Shanghai midnight after `d` (China has no daylight saving). */
export function shanghaiDayEnd(d: Date): Date {
  const local = d.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(local - (local % DAY_MS) + DAY_MS - SHANGHAI_OFFSET_MS);
}

/**
 * Today's flash sale: the active 'flash' promotion running now, else the next one starting before
 * the end of today (Shanghai); the earliest start wins. Its goods the viewer may see, best sellers
 * first, with the flash price (null when prices are hidden) and what is left of its stock.
 */
export async function flashSale(db: Db, viewer: Viewer, now: Date): Promise<FlashSale | null> {
  const [sale] = await db
    .select({ id: promotions.id, name: promotions.name, startsAt: promotions.startsAt, endsAt: promotions.endsAt })
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'flash'),
        eq(promotions.isActive, true),
        gt(promotions.endsAt, now),
        lt(promotions.startsAt, shanghaiDayEnd(now)),
      ),
    )
    .orderBy(asc(promotions.startsAt), asc(promotions.id))
    .limit(1);
  if (!sale) return null;
  const terms = await db
    .select({
      goodsId: promotionGoods.goodsId,
      price: promotionGoods.price,
      stockLimit: promotionGoods.stockLimit,
      sold: promotionGoods.sold,
      perCompanyLimit: promotionGoods.perCompanyLimit,
      stock: goods.stock,
    })
    .from(promotionGoods)
    .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
    .where(
      and(
        eq(promotionGoods.promotionId, sale.id),
        eq(goods.isOnSale, true),
        controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false),
      ),
    )
    .orderBy(desc(goods.salesCount), asc(goods.id))
    .limit(FLASH_SALE_GOODS_MAX);
  const items = await loadGoodsItems(
    db,
    viewer,
    terms.map((t) => t.goodsId),
  );
  const byId = new Map(terms.map((t) => [t.goodsId, t]));
  const showPrices = pricesVisibleTo(viewer);
  return {
    id: sale.id,
    name: sale.name,
    start_time: seconds(sale.startsAt),
    end_time: seconds(sale.endsAt),
    timestamp: seconds(now),
    list: items.map((item) => {
      const t = byId.get(item.id)!;
      return {
        ...item,
        // Goods kind 1: the cart line is a flash-sale line (SPEC §3).
        type: 1,
        spike_price: showPrices ? (t.price ?? item.price) : null,
        // stock_limit 0 means the flash sale is only bounded by the goods' stock.
        spike_stock: t.stockLimit > 0 ? Math.max(0, t.stockLimit - t.sold) : t.stock,
        sold: t.sold,
        per_company_limit: t.perCompanyLimit,
      };
    }),
  };
}
