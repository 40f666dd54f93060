// The cart flow's search schemas (/cart/step2 `?ids=`, /cart/hm and /cart/step4 `?id=`): pure, and
// imported by the route manifest, so they are in the first bundle. Keep them that small: the hooks
// and href builders live in checkout-urls.ts, loaded with the pages.
import { searchRecord, type SearchSchema } from '../../domain/params';

const MAX_ID = 2_147_483_647;
/** A cart holds at most a few hundred lines; anything longer is not a URL we wrote. */
const MAX_IDS = 1_000;

export function parseId(raw: unknown): number | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const s = String(raw).trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/**
 * Cart line ids from `?ids=`: `3,4,5` as the cart page writes it; the router's own parse may turn
 * a single id into a number or a JSON array into an array. Bad entries are dropped, order kept,
 * duplicates removed.
 */
export function parseIds(raw: unknown): number[] {
  const parts: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  const out: number[] = [];
  for (const part of parts.slice(0, MAX_IDS)) {
    const id = parseId(part);
    if (id !== null && !out.includes(id)) out.push(id);
  }
  return out;
}

/** Step 2's search (`?ids=3,4,5`): the cart lines to check out. */
export const cartLinesSearch: SearchSchema<{ ids: number[] }> = (raw) => ({ ids: parseIds(searchRecord(raw).ids) });

/** The pay and done pages' search (`/cart/hm?id=`, `/cart/step4?id=`): the order, else null. */
export const orderIdSearch: SearchSchema<{ id: number | null }> = (raw) => ({ id: parseId(searchRecord(raw).id) });
