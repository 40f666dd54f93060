// 换购 at checkout: the company's stored choices, re-checked against the ORDER's own lines (not the
// cart's selection) — tier, offered goods, price, limit and stock after what the order already
// takes. Nothing the client sends is read: the price is the rule's. A choice whose tier the order
// does not reach is simply not applied (the buyer may check out part of the cart); one that is
// reached but no longer valid (price changed, stock short, over the limit) refuses the order, since
// the buyer asked to pay for it. Placing the order consumes the choices it carried.
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/envelope.ts';
import type { GiftBaseLine } from '@domain/gifts.ts';
import { exchangeBase, exchangeProblem, reachedExchangeTier, type ExchangeLineView } from '@domain/exchange.ts';
import { dropChoices, loadChoices, loadExchangeGoods, loadExchangeRules } from './rules.ts';

export interface OrderExchange {
  view: ExchangeLineView;
  warehouseId: number;
  sccj: string;
  stock: number;
}

export async function orderExchanges(
  db: Db,
  companyId: number,
  lines: readonly GiftBaseLine[],
  taken: ReadonlyMap<number, number>,
  now: Date,
): Promise<OrderExchange[]> {
  const choices = await loadChoices(db, companyId);
  if (choices.length === 0) return [];
  const rules = await loadExchangeRules(db, now);
  const rows = await loadExchangeGoods(
    db,
    choices.map((c) => c.goodsId),
  );
  const used = new Map(taken);
  const out: OrderExchange[] = [];
  for (const c of choices) {
    const rule = rules.find((r) => r.id === c.promotionId);
    if (!rule) continue;
    const base = exchangeBase(rule, lines);
    if (!reachedExchangeTier(rule, base)) continue;
    const row = rows.get(c.goodsId);
    const already = used.get(c.goodsId) ?? 0;
    const problem = exchangeProblem(rule, base, c, row, already);
    if (problem || !row)
      throw badRequest(`${row?.name ?? rule.name}：${problem ?? '换购商品不存在'}`, {
        promotion_id: rule.id,
        goods_id: c.goodsId,
      });
    used.set(c.goodsId, already + c.number);
    out.push({
      view: {
        promotion_id: rule.id,
        promotion_name: rule.name,
        goods_id: row.id,
        name: row.name,
        ypgg: row.ypgg,
        bzdw: row.bzdw,
        goods_image: row.image,
        number: c.number,
        price: c.price,
        amount: c.price * c.number,
      },
      warehouseId: row.warehouseId,
      sccj: row.sccj,
      stock: row.stock,
    });
  }
  return out;
}

/** The order took these choices: they are used. */
export async function consumeExchanges(tx: Db, companyId: number, taken: readonly ExchangeLineView[]): Promise<void> {
  await dropChoices(
    tx,
    companyId,
    taken.map((e) => e.promotion_id),
  );
}
