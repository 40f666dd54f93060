// Pictures of the carousel and ad slots (focus_items), each shown inside its time window, and
// the brand pages that carry them.
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, focusItems } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';

/** One ad or carousel picture. */
export interface FocusItem {
  image: string;
  url: string;
  title: string;
}

/** Items of a slot that are live at `now` (no window, or a window covering now), in order. */
export async function liveItems(db: Db, slot: string, now: Date, extra?: SQL): Promise<FocusItem[]> {
  return db
    .select({ image: focusItems.image, url: focusItems.url, title: focusItems.title })
    .from(focusItems)
    .where(
      and(
        eq(focusItems.slot, slot),
        or(isNull(focusItems.startsAt), lte(focusItems.startsAt, now)),
        or(isNull(focusItems.endsAt), gt(focusItems.endsAt, now)),
        extra,
      ),
    )
    .orderBy(asc(focusItems.sort), asc(focusItems.id));
}

/** A slot's live items; with `refIds`, only those referring to them (the 控销 zone's ads). */
export function slotItems(db: Db, slot: string, now: Date, refIds: number[] | null): Promise<FocusItem[]> {
  return liveItems(db, slot, now, refIds ? inArray(focusItems.refId, refIds) : undefined);
}

/** A shown brand with its page's pictures; a hidden or missing one is 品牌不存在. */
export async function brandPage(db: Db, id: number, now: Date) {
  const [brand] = await db
    .select({
      id: brands.id,
      name: brands.name,
      logo: brands.logo,
      banner: brands.banner,
      description: brands.description,
    })
    .from(brands)
    .where(and(eq(brands.id, id), eq(brands.isShow, true)))
    .limit(1);
  if (!brand) throw notFound('品牌不存在');
  const focus = await liveItems(db, 'brand', now, eq(focusItems.refId, id));
  return { ...brand, focus };
}
