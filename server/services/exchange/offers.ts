// GET /api/cart/exchange and POST /api/cart/exchange: what the company's selected cart lines reach
// of each exchange promotion, and the buyer's choice — checked here against the same rule checkout
// checks again (src/domain/exchange.ts). A stored choice whose tier the cart no longer reaches, or
// whose goods the reached tier no longer offers, is dropped on read.
import type { Db } from '../../db/client.ts';
import { exchangeChoices } from '../../db/schema.ts';
import { badRequest } from '../../http/envelope.ts';
import { lockCart } from '../cart/add.ts';
import { priceLines, type CartViewer } from '../cart/list.ts';
import type { GiftBaseLine } from '@domain/gifts.ts';
import {
  EXCHANGE_TEXTS,
  exchangeBase,
  exchangeProblem,
  nextExchangeTier,
  reachedExchangeTier,
  type ExchangeOffer,
  type ExchangeOffers,
  type ExchangeRule,
} from '@domain/exchange.ts';
import { dropChoices, loadChoices, loadExchangeGoods, loadExchangeRules } from './rules.ts';

/** The selected, buyable cart lines as the 满赠/换购 base sees them. */
async function selectedBaseLines(
  db: Db,
  v: CartViewer,
  now: Date,
): Promise<{ lines: GiftBaseLine[]; units: Map<number, number> }> {
  const { lines } = await priceLines(db, v, now);
  const chosen = lines.filter((l) => l.loaded.isSelected && l.selectable);
  const units = new Map<number, number>();
  for (const l of chosen) units.set(l.loaded.goods.id, (units.get(l.loaded.goods.id) ?? 0) + l.built.view.number);
  return {
    lines: chosen.map((l) => ({
      goodsId: l.loaded.goods.id,
      type: l.loaded.type,
      amount: l.built.view.raw_price ?? 0,
    })),
    units,
  };
}

function takesPart(rule: ExchangeRule, lines: readonly GiftBaseLine[]): boolean {
  return lines.some((l) => rule.allGoods || rule.members.has(l.goodsId));
}

export async function exchangeOffers(db: Db, v: CartViewer, now: Date): Promise<ExchangeOffers> {
  const [rules, { lines }, choices] = await Promise.all([
    loadExchangeRules(db, now),
    selectedBaseLines(db, v, now),
    loadChoices(db, v.companyId),
  ]);
  const shown = rules.filter((r) => takesPart(r, lines) || choices.some((c) => c.promotionId === r.id));
  const goodsIds = shown.flatMap((r) => r.tiers.flatMap((t) => t.goods.map((g) => g.goods_id)));
  const rows = await loadExchangeGoods(db, goodsIds);
  const stale: number[] = choices.filter((c) => !rules.some((r) => r.id === c.promotionId)).map((c) => c.promotionId);
  const list: ExchangeOffer[] = [];
  for (const rule of shown) {
    const base = exchangeBase(rule, lines);
    const tier = reachedExchangeTier(rule, base);
    const next = nextExchangeTier(rule, base);
    const choice = choices.find((c) => c.promotionId === rule.id) ?? null;
    const offered = tier ? tier.goods.filter((g) => rows.has(g.goods_id)) : [];
    // Leaving the tier (or an operator changing it) drops the choice; stock is checked at checkout.
    const keep =
      choice !== null &&
      offered.some((g) => g.goods_id === choice.goodsId && g.price === choice.price && choice.number <= g.limit);
    if (choice && !keep) stale.push(rule.id);
    list.push({
      promotion_id: rule.id,
      promotion_name: rule.name,
      base,
      threshold: tier?.amount ?? 0,
      next_threshold: next?.amount ?? 0,
      goods: offered.map((g) => {
        const row = rows.get(g.goods_id)!;
        return {
          goods_id: g.goods_id,
          name: row.name,
          ypgg: row.ypgg,
          bzdw: row.bzdw,
          goods_image: row.image,
          price: g.price,
          original_price: row.basePrice,
          limit: g.limit,
          stock: row.isOnSale ? row.stock : 0,
        };
      }),
      chosen: keep && choice ? { goods_id: choice.goodsId, number: choice.number, price: choice.price } : null,
    });
  }
  await dropChoices(db, v.companyId, stale);
  return { list };
}

export interface ChooseInput {
  promotionId: number;
  goodsId: number;
  number: number;
  price: number;
}

/** Stores (or, with number 0, clears) a choice, under the cart lock so it sees a settled cart. */
export async function chooseExchange(tx: Db, v: CartViewer, input: ChooseInput, now: Date): Promise<void> {
  await lockCart(tx, v.companyId);
  if (input.number === 0) {
    await dropChoices(tx, v.companyId, [input.promotionId]);
    return;
  }
  const [rule] = await loadExchangeRules(tx, now, input.promotionId);
  if (!rule) throw badRequest(EXCHANGE_TEXTS.ended);
  const { lines, units } = await selectedBaseLines(tx, v, now);
  const rows = await loadExchangeGoods(tx, [input.goodsId]);
  const row = rows.get(input.goodsId);
  const problem = exchangeProblem(rule, exchangeBase(rule, lines), input, row, units.get(input.goodsId) ?? 0);
  if (problem) throw badRequest(problem, { promotion_id: input.promotionId, goods_id: input.goodsId });
  await tx
    .insert(exchangeChoices)
    .values({
      companyId: v.companyId,
      promotionId: rule.id,
      goodsId: input.goodsId,
      number: input.number,
      price: input.price,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [exchangeChoices.companyId, exchangeChoices.promotionId],
      set: { goodsId: input.goodsId, number: input.number, price: input.price, createdAt: now },
    });
}
