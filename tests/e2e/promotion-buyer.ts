// What the promotion browser files share: finding a goods of a tagged promotion with the quantity
// that passes a tier. Signing in and reading the API are the harness's (signInBuyer, getJson).
import type { Page } from 'playwright-core';
import type { GoodsDetail } from '../../src/domain/catalog';
import { quantityRulesFor } from '../../src/domain/quantity';
import { getJson } from './harness';

/** A buyable goods carrying `tag` and how many of it (in whole steps) pass `tierFen`. */
export async function goodsPassingTier(
  page: Page,
  tag: string,
  tierFen: number,
): Promise<{ id: number; quantity: number }> {
  for (let id = 1; id <= 400; id += 1) {
    const g = await getJson<GoodsDetail | null>(page, `/api/goods/detail/${id}`);
    if (!g || !g.tags.includes(tag) || g.price === null || g.is_ephedrine || g.type !== 0) continue;
    const rules = quantityRulesFor(g);
    const wanted = Math.ceil(tierFen / g.price) + 1;
    const quantity = Math.ceil(wanted / rules.step) * rules.step;
    if (rules.max === 0 || quantity > rules.max) continue;
    return { id, quantity };
  }
  throw new Error(`no goods tagged ${tag} in the demo data`);
}
