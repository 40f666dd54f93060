// 组合购 lists (GET /api/combinationMzhgGroup, GET /api/combinationMzhg): the active combinations
// with their members at the viewer's prices. The set price is the cart's (cart/rules.ts
// linePrice), so what the page shows is what the cart charges.
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promotions } from '../../db/schema.ts';
import { loadCombinations, type CombinationFacts } from '../cart/facts.ts';
import { linePrice, memberPrice, visibleTo } from '../cart/rules.ts';
import type { CombinationView } from '@domain/combinations.ts';
import type { Viewer } from '../price-visibility.ts';

interface Header {
  id: number;
  description: string;
  image: string;
  endsAt: Date;
}

function view(h: Header, c: CombinationFacts, v: Viewer): CombinationView {
  const show = v.approved;
  const setPrice = linePrice({ type: 3, goods: { ...c.members[0], ladder: [] }, flash: null, combination: c }, 1).price;
  const original = c.members.reduce((sum, m) => sum + memberPrice(m) * m.quantity, 0);
  return {
    id: c.id,
    name: c.name,
    description: h.description,
    image: h.image,
    end_time: Math.floor(h.endsAt.getTime() / 1000),
    price: show ? setPrice : null,
    original_price: show ? original : null,
    sets: Math.min(...c.members.map((m) => Math.floor(m.stock / m.quantity))),
    goods_id: c.members[0].id,
    goods: c.members.map((m) => ({
      goods_id: m.id,
      name: m.name,
      sccj: m.sccj,
      ypgg: m.ypgg,
      bzdw: m.bzdw,
      goods_image: m.image,
      quantity: m.quantity,
      price: show ? (m.promoPrice ?? memberPrice(m)) : null,
      original_price: show ? memberPrice(m) : null,
      stock: m.stock,
    })),
  };
}

/** Active combinations (one id, or all), in display order; one a viewer may not see is left out. */
export async function listCombinations(db: Db, v: Viewer, now: Date, id?: number): Promise<CombinationView[]> {
  const headers = await db
    .select({
      id: promotions.id,
      description: promotions.description,
      image: promotions.image,
      endsAt: promotions.endsAt,
    })
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'combination'),
        eq(promotions.isActive, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
        id === undefined ? undefined : eq(promotions.id, id),
      ),
    )
    .orderBy(asc(promotions.sort), asc(promotions.id));
  const facts = await loadCombinations(
    db,
    headers.map((h) => h.id),
    v.rank,
    now,
  );
  const out: CombinationView[] = [];
  for (const h of headers) {
    const c = facts.get(h.id);
    // A set with a member the viewer may not see (控销, off sale) is not offered at all.
    if (!c || c.members.length === 0 || c.members.some((m) => !visibleTo(m, v))) continue;
    out.push(view(h, c, v));
  }
  return out;
}
