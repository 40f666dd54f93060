// What the promotion browser files share: signing a demo account in through the login page, reading
// an API answer with the page's cookie, and finding a goods of a tagged promotion with the quantity
// that passes a tier.
import type { Page } from 'playwright-core';
import type { GoodsDetail } from '../../src/domain/catalog';
import { quantityRulesFor } from '../../src/domain/quantity';

export async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', 'demo1234');
  await page.click('button[type="submit"]');
  await page.waitForURL((u) => u.pathname === '/');
}

export async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { credentials: 'include' });
    return ((await res.json()) as { data: unknown }).data;
  }, path) as Promise<T>;
}

/** A buyable goods carrying `tag` and how many of it (in whole steps) pass `tierFen`. */
export async function goodsPassingTier(page: Page, tag: string, tierFen: number): Promise<{ id: number; quantity: number }> {
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
