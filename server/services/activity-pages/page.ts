// An activity page (docs/decisions/activity-pages.md): the running promotions configured for a
// page (promotions.page), or the ones named by id (/yjh/:id, /Hdzx/:ids), each a goods section
// with the goods the viewer may see (控销 only for special companies, prices per the viewer).
import { and, asc, count, desc, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods, promotionGoods, promotions } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { controlledVisibleTo, pricesVisibleTo, type Viewer } from '../price-visibility.ts';
import { loadGoodsItems } from '../goods/item.ts';
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_PAGE_TITLES,
  SECTION_GOODS_MAX,
  SECTION_PREVIEW_GOODS,
  type ActivityPage,
  type ActivityPageCode,
  type ActivitySection,
} from '@domain/activity-pages.ts';

export type ActivityPageRequest =
  | { code: ActivityPageCode; id?: number; full: boolean }
  | { code: 'hdzx'; ids: number[]; full: boolean };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

async function sectionGoods(db: Db, viewer: Viewer, promotionId: number, limit: number) {
  const where = and(
    eq(promotionGoods.promotionId, promotionId),
    eq(goods.isOnSale, true),
    controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false),
  );
  const [{ n }] = await db
    .select({ n: count() })
    .from(promotionGoods)
    .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
    .where(where);
  const terms = await db
    .select({ goodsId: promotionGoods.goodsId, price: promotionGoods.price })
    .from(promotionGoods)
    .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
    .where(where)
    .orderBy(desc(goods.salesCount), asc(goods.id))
    .limit(limit);
  const items = await loadGoodsItems(
    db,
    viewer,
    terms.map((t) => t.goodsId),
  );
  const price = new Map(terms.map((t) => [t.goodsId, t.price]));
  const show = pricesVisibleTo(viewer);
  return {
    total: n,
    goods: items.map((item) => ({ ...item, activity_price: show ? (price.get(item.id) ?? null) : null })),
  };
}

export async function activityPage(db: Db, viewer: Viewer, now: Date, req: ActivityPageRequest): Promise<ActivityPage> {
  let which: SQL | undefined;
  if (req.code === 'hdzx') which = inArray(promotions.id, req.ids);
  else if (req.id !== undefined) which = and(eq(promotions.page, req.code), eq(promotions.id, req.id));
  else which = eq(promotions.page, req.code);
  const rows = await db
    .select()
    .from(promotions)
    .where(and(which, eq(promotions.isActive, true), lte(promotions.startsAt, now), gt(promotions.endsAt, now)))
    .orderBy(asc(promotions.sort), asc(promotions.id));
  if (rows.length === 0) throw notFound(ACTIVITY_MESSAGES.notFound);
  // /Hdzx keeps the order of its ids: they are its tabs.
  if (req.code === 'hdzx') rows.sort((a, b) => req.ids.indexOf(a.id) - req.ids.indexOf(b.id));

  const limit = req.full ? SECTION_GOODS_MAX : SECTION_PREVIEW_GOODS;
  const sections: ActivitySection[] = [];
  for (const p of rows) {
    sections.push({
      id: p.id,
      name: p.name,
      description: p.description,
      image: p.image,
      ends_at: seconds(p.endsAt),
      ...(await sectionGoods(db, viewer, p.id, limit)),
    });
  }
  const first = rows[0];
  // One promotion (or the centre's tabs) is titled by the promotion; a page of several by the page.
  const title =
    req.code === 'hdzx' || rows.length === 1 || req.id !== undefined ? first.name : ACTIVITY_PAGE_TITLES[req.code];
  return {
    code: req.code,
    title,
    banner: first.image,
    rules: first.description,
    ends_at: Math.min(...rows.map((r) => seconds(r.endsAt))),
    timestamp: seconds(now),
    sections,
  };
}
