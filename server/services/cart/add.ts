// Putting goods in a company's cart (POST /api/cart, quick_add, copy). Runs inside the caller's
// transaction after a per-company advisory lock, so the numbers it reads (lines already in the
// cart, the line count) are still true when it writes: concurrent adds of the same goods sum,
// and never past a limit. A line is keyed by company + goods + type + combination; adding to an
// existing line adds the numbers and re-prices the line for the new total.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartLines } from '../../db/schema.ts';
import type { CartLineType } from '@domain/cart-types.ts';
import { badRequest } from '../../http/envelope.ts';
import type { Buyer } from './buyer.ts';
import {
  loadCombinations,
  loadGoodsFacts,
  loadPromotionFacts,
  promoFactOf,
  type CombinationFacts,
  type GoodsFacts,
  type PromotionFacts,
} from './facts.ts';
import { GONE_MSG, lineProblem, linePrice, type LineSubject } from './rules.ts';
import { MAX_CART_LINES } from './input.ts';
import { anyId } from './packed.ts';
import { fillCompanyBought } from '../promotions/line-terms.ts';

/** Advisory-lock namespace of cart writes (the second key is the company id). */
const CART_LOCK_NS = 7_301;

/** Serialises cart writes of one company until the transaction ends. */
export async function lockCart(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CART_LOCK_NS}, ${companyId})`);
}

export interface AddRequest {
  goodsId: number;
  number: number;
  type: CartLineType;
  combinationId: number;
  /** Null keeps what an existing line has (false for a new line). */
  isYj: boolean | null;
}

export interface AddRefusal {
  /** Index of the request in the batch. */
  index: number;
  goodsId: number;
  reason: string;
}

export interface AddOutcome {
  /** Line id per request index (undefined for a refused request). */
  lineIds: (number | undefined)[];
  refusals: AddRefusal[];
}

interface Group {
  key: string;
  indexes: number[];
  goodsId: number;
  type: CartLineType;
  combinationId: number;
  number: number;
  isYj: boolean | null;
  subject: LineSubject;
}

const keyOf = (goodsId: number, type: number, combinationId: number) => `${goodsId}:${type}:${combinationId}`;

export interface CartFacts {
  goods: Map<number, GoodsFacts>;
  promos: PromotionFacts;
  combos: Map<number, CombinationFacts>;
}

/** Everything the rules need about these requests' goods, in four statements. */
export async function loadFactsFor(
  db: Db,
  requests: readonly AddRequest[],
  buyer: Buyer,
  now: Date,
): Promise<CartFacts> {
  const combos = await loadCombinations(
    db,
    [...new Set(requests.filter((r) => r.type === 3).map((r) => r.combinationId))],
    buyer.rank,
    now,
  );
  const goodsIds = new Set(requests.map((r) => r.goodsId));
  for (const c of combos.values()) for (const m of c.members) goodsIds.add(m.id);
  const ids = [...goodsIds];
  const goods = await loadGoodsFacts(db, ids, buyer.rank);
  const promos = await loadPromotionFacts(db, ids, now);
  await fillCompanyBought(db, buyer.companyId, promos);
  return { goods, promos, combos };
}

/** The subject of a request, or a refusal reason when the goods or combination does not exist. */
function subjectFor(r: AddRequest, facts: CartFacts): LineSubject | string {
  if (r.type === 3) {
    const combo = facts.combos.get(r.combinationId);
    if (!combo || combo.members.length === 0) return '组合活动不存在或已结束';
    if (!combo.members.some((m) => m.id === r.goodsId)) return '商品不在该组合中';
    // Keyed on the first member, whichever member the page sent, so two adds merge.
    const main = facts.goods.get(combo.members[0].id);
    if (!main) return '组合活动不存在或已结束';
    return { type: 3, goods: main, flash: null, combination: combo };
  }
  const g = facts.goods.get(r.goodsId);
  if (!g) return GONE_MSG;
  return { type: r.type, goods: g, flash: promoFactOf(facts.promos, r.type, g.id), combination: null };
}

/**
 * Adds `requests` to the buyer's cart. `mode: 'all'` refuses the whole batch at the first problem
 * (throws a 400 naming the goods); `mode: 'each'` adds what it can and reports the rest.
 * Call inside a transaction: it takes the company's cart lock itself.
 */
export async function addToCart(
  tx: Db,
  buyer: Buyer,
  requests: readonly AddRequest[],
  now: Date,
  mode: 'all' | 'each',
  facts?: CartFacts,
): Promise<AddOutcome> {
  await lockCart(tx, buyer.companyId);
  const f = facts ?? (await loadFactsFor(tx, requests, buyer, now));
  const refusals: AddRefusal[] = [];
  const refuse = (index: number, goodsId: number, reason: string) => {
    if (mode === 'all') throw badRequest(reason, { index, goods_id: goodsId });
    refusals.push({ index, goodsId, reason });
  };

  // Same goods twice in one batch is one line with the numbers added.
  const groups = new Map<string, Group>();
  requests.forEach((r, index) => {
    const subject = subjectFor(r, f);
    if (typeof subject === 'string') return refuse(index, r.goodsId, subject);
    const goodsId = subject.goods.id;
    const key = keyOf(goodsId, r.type, r.type === 3 ? r.combinationId : 0);
    const g = groups.get(key);
    if (g) {
      g.indexes.push(index);
      g.number += r.number;
      g.isYj = r.isYj ?? g.isYj;
    } else {
      groups.set(key, {
        key,
        indexes: [index],
        goodsId,
        type: r.type,
        combinationId: r.type === 3 ? r.combinationId : 0,
        number: r.number,
        isYj: r.isYj,
        subject,
      });
    }
  });

  const list = [...groups.values()];
  const existing = new Map<string, { id: number; number: number; isYj: boolean }>();
  if (list.length > 0) {
    const rows = await tx
      .select({
        id: cartLines.id,
        goodsId: cartLines.goodsId,
        type: cartLines.type,
        combinationId: cartLines.combinationId,
        number: cartLines.number,
        isYj: cartLines.isYj,
      })
      .from(cartLines)
      .where(
        and(
          eq(cartLines.companyId, buyer.companyId),
          anyId(cartLines.goodsId, [...new Set(list.map((g) => g.goodsId))]),
        ),
      );
    for (const r of rows)
      existing.set(keyOf(r.goodsId, r.type, r.combinationId), { id: r.id, number: r.number, isYj: r.isYj });
  }

  const accepted: Group[] = [];
  for (const g of list) {
    const total = (existing.get(g.key)?.number ?? 0) + g.number;
    const problem = lineProblem(g.subject, buyer, total);
    if (problem) {
      for (const i of g.indexes) refuse(i, requests[i].goodsId, problem);
      continue;
    }
    g.number = total;
    accepted.push(g);
  }

  const fresh = accepted.filter((g) => !existing.has(g.key));
  if (fresh.length > 0) {
    const [{ n }] = await tx.select({ n: count() }).from(cartLines).where(eq(cartLines.companyId, buyer.companyId));
    if (n + fresh.length > MAX_CART_LINES) {
      const msg = `购物车最多可放${MAX_CART_LINES}种商品，请先结算或删除部分商品`;
      if (mode === 'all') throw badRequest(msg);
      // Keep what fits, in request order; the rest is reported.
      const room = Math.max(0, MAX_CART_LINES - n);
      const over = new Set(fresh.slice(room).map((g) => g.key));
      for (const g of fresh.slice(room))
        for (const i of g.indexes) refusals.push({ index: i, goodsId: requests[i].goodsId, reason: msg });
      accepted.splice(0, accepted.length, ...accepted.filter((g) => !over.has(g.key)));
    }
  }

  const lineIds: (number | undefined)[] = requests.map(() => undefined);
  if (accepted.length === 0) return { lineIds, refusals };

  const values = accepted.map((g) => {
    const p = linePrice(g.subject, g.number);
    return {
      companyId: buyer.companyId,
      userId: buyer.userId,
      goodsId: g.goodsId,
      warehouseId: g.subject.goods.warehouseId,
      number: g.number,
      price: p.price,
      goodsPriceId: p.goodsPriceId,
      ladderPriceId: p.ladderPriceId,
      goodsManjianId: p.couponEligible ? (f.promos.tierOf.get(g.goodsId) ?? null) : null,
      isYj: g.isYj ?? existing.get(g.key)?.isYj ?? false,
      type: g.type,
      combinationId: g.combinationId,
      isSelected: true,
      createdAt: now,
      updatedAt: now,
    };
  });
  const rows = await tx
    .insert(cartLines)
    .values(values)
    .onConflictDoUpdate({
      target: [cartLines.companyId, cartLines.goodsId, cartLines.type, cartLines.combinationId],
      // The lock makes `number` the full new total computed above; adding selects the line again.
      set: {
        number: sql`excluded.number`,
        price: sql`excluded.price`,
        goodsPriceId: sql`excluded.goods_price_id`,
        ladderPriceId: sql`excluded.ladder_price_id`,
        goodsManjianId: sql`excluded.goods_manjian_id`,
        isYj: sql`excluded.is_yj`,
        warehouseId: sql`excluded.warehouse_id`,
        isSelected: true,
        updatedAt: now,
      },
    })
    .returning({
      id: cartLines.id,
      goodsId: cartLines.goodsId,
      type: cartLines.type,
      combinationId: cartLines.combinationId,
    });
  const idByKey = new Map(rows.map((r) => [keyOf(r.goodsId, r.type, r.combinationId), r.id]));
  for (const g of accepted) for (const i of g.indexes) lineIds[i] = idByKey.get(g.key);
  return { lineIds, refusals };
}

/** Cart lines the company has. */
export async function cartLineCount(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartLines).where(eq(cartLines.companyId, companyId));
  return row?.n ?? 0;
}
