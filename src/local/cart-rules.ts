// The cart's rules checked on the device before a line is queued with no connection (issue 35 §2):
// 经营范围 and lapsed certificates (the pack's per-company overlay), 中包装 multiples, 起购量, 限购 and
// the 含麻黄碱 per-order cap, counted with what the draft already holds of the goods. The sentences
// are the server's (src/domain/cart-line-refusal.ts). Stock and 暂不可购买 are left to the server: the
// device's copy may be hours old, and reconcile reports a shortfall or refusal with its own text.
import type { CartAddLine } from '../domain/cart-types';
import type { GoodsListItem } from '../domain/catalog';
import { quantityProblem, quantityRulesFor } from '../domain/quantity';
import { quantityRefusal, scopeRefusal } from '../domain/cart-line-refusal';
import { getMeta, type LocalDb } from './db';
import { storedRows } from './snapshot-rows';

const isPlain = (line: CartAddLine): boolean => line.type === undefined || Number(line.type) === 0;

/** The first refusal among `lines`, or null; goods unknown on the device are left to the server. */
export async function cartAddRefusal(
  db: LocalDb,
  lines: readonly CartAddLine[],
  given: readonly GoodsListItem[] = [],
): Promise<string | null> {
  const pack = await getMeta(db, 'pack');
  const entitlement = pack?.overlay.entitlement ?? null;
  const byId = new Map(given.map((g) => [g.id, g]));
  const draft = await db.cartDrafts.toArray();
  const adding = new Map<number, number>();
  // One read for every line's stored copy: a pasted list of hundreds of lines is one IndexedDB call.
  const rows = await storedRows(
    db,
    lines.map((l) => l.goods_id),
  );
  for (const [i, line] of lines.entries()) {
    if (!isPlain(line)) continue;
    const row = rows[i];
    const item = row?.item ?? byId.get(line.goods_id);
    if (!item) continue;
    const scope =
      entitlement && row?.pack
        ? scopeRefusal(item.name, entitlement, row.pack.scopeClass)
        : item.buy_block
          ? `${item.name}：${item.buy_block}`
          : null;
    if (scope) return scope;
    const before =
      adding.get(line.goods_id) ??
      draft.filter((d) => d.goods.id === line.goods_id && Number(d.type) === 0).reduce((n, d) => n + d.number, 0);
    const total = before + line.number;
    adding.set(line.goods_id, total);
    const rules = quantityRulesFor({ ...item, number: Number.MAX_SAFE_INTEGER });
    // A copy that says "not buyable" may be hours old (back on sale since): like stock, the server
    // decides at sync and the conflict says 该商品暂不可购买 in its words.
    if (quantityProblem(total, rules) === 'not_buyable') continue;
    const refusal = quantityRefusal(item.name, item.bzdw, rules, total);
    if (refusal) return refusal;
  }
  return null;
}
