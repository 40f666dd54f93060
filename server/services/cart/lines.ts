// Changes to existing cart lines: a new number (edit), selection, and copying lines to the stores
// a head office manages. A line id is only ever looked up together with the company, so another
// company's id behaves exactly like a missing one.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartLines } from '../../db/schema.ts';
import type { CartLineType } from '@domain/cart-types.ts';
import { badRequest, notFound } from '../../http/envelope.ts';
import type { Buyer } from './buyer.ts';
import { addToCart, loadFactsFor, lockCart, type AddRequest } from './add.ts';
import { anyId } from './packed.ts';
import { promoFactOf } from './facts.ts';
import { lineProblem, linePrice, lineSelectable, type LineSubject } from './rules.ts';

export const LINE_NOT_FOUND_MSG = '购物车中没有该商品';

interface OwnLine {
  id: number;
  goodsId: number;
  type: CartLineType;
  combinationId: number;
  number: number;
  isYj: boolean;
}

async function ownLines(db: Db, companyId: number, ids: readonly number[]): Promise<OwnLine[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: cartLines.id,
      goodsId: cartLines.goodsId,
      type: cartLines.type,
      combinationId: cartLines.combinationId,
      number: cartLines.number,
      isYj: cartLines.isYj,
    })
    .from(cartLines)
    .where(and(eq(cartLines.companyId, companyId), anyId(cartLines.id, ids)))
    .orderBy(asc(cartLines.id));
  return rows.map((r) => ({ ...r, type: (r.type === 1 || r.type === 2 || r.type === 3 ? r.type : 0) as CartLineType }));
}

const asRequest = (l: OwnLine, number = l.number): AddRequest => ({
  goodsId: l.goodsId,
  number,
  type: l.type,
  combinationId: l.combinationId,
  isYj: l.isYj,
});

/** Sets a line's number (validated like an add) and re-prices it. Inside a transaction. */
export async function setLineNumber(tx: Db, buyer: Buyer, lineId: number, number: number, now: Date): Promise<void> {
  await lockCart(tx, buyer.companyId);
  const [line] = await ownLines(tx, buyer.companyId, [lineId]);
  if (!line) throw notFound(LINE_NOT_FOUND_MSG);
  const facts = await loadFactsFor(tx, [asRequest(line, number)], buyer, now);
  const goods = facts.goods.get(line.goodsId);
  if (!goods) throw notFound(LINE_NOT_FOUND_MSG);
  const subject: LineSubject = {
    type: line.type,
    goods,
    flash: promoFactOf(facts.promos, line.type, goods.id),
    combination: line.type === 3 ? (facts.combos.get(line.combinationId) ?? null) : null,
  };
  const problem = lineProblem(subject, buyer, number);
  if (problem) throw badRequest(problem, { id: lineId, goods_id: line.goodsId });
  const p = linePrice(subject, number);
  await tx
    .update(cartLines)
    .set({
      number,
      price: p.price,
      goodsPriceId: p.goodsPriceId,
      ladderPriceId: p.ladderPriceId,
      goodsManjianId: p.couponEligible ? (facts.promos.tierOf.get(goods.id) ?? null) : null,
      updatedAt: now,
    })
    .where(and(eq(cartLines.id, lineId), eq(cartLines.companyId, buyer.companyId)));
}

/**
 * Selects or unselects the company's lines among `ids` (others' ids match nothing). A line that
 * cannot be bought now stays unselected (SPEC §4) and is reported.
 */
export async function selectLines(
  tx: Db,
  buyer: Buyer,
  ids: readonly number[],
  selected: boolean,
  now: Date,
): Promise<{ count: number; forcedUnselected: number[] }> {
  await lockCart(tx, buyer.companyId);
  const lines = await ownLines(tx, buyer.companyId, ids);
  if (lines.length === 0) return { count: 0, forcedUnselected: [] };
  let allowed = lines.map((l) => l.id);
  const forced: number[] = [];
  if (selected) {
    const facts = await loadFactsFor(
      tx,
      lines.map((l) => asRequest(l)),
      buyer,
      now,
    );
    allowed = [];
    for (const l of lines) {
      const goods = facts.goods.get(l.goodsId);
      const subject: LineSubject | null = goods
        ? {
            type: l.type,
            goods,
            flash: promoFactOf(facts.promos, l.type, goods.id),
            combination: l.type === 3 ? (facts.combos.get(l.combinationId) ?? null) : null,
          }
        : null;
      if (subject && lineSelectable(subject, buyer)) allowed.push(l.id);
      else forced.push(l.id);
    }
    if (forced.length > 0) {
      await tx
        .update(cartLines)
        .set({ isSelected: false })
        .where(and(eq(cartLines.companyId, buyer.companyId), anyId(cartLines.id, forced)));
    }
  }
  if (allowed.length > 0) {
    await tx
      .update(cartLines)
      .set({ isSelected: selected })
      .where(and(eq(cartLines.companyId, buyer.companyId), anyId(cartLines.id, allowed)));
  }
  return { count: allowed.length, forcedUnselected: forced };
}

export interface CopyReport {
  copied: { user_id: number; line_id: number; goods_id: number; new_line_id: number }[];
  skipped: { user_id: number; line_id: number; goods_id: number; reason: string }[];
}

/**
 * Copies the source company's lines `ids` into each target buyer's cart, every line re-checked in
 * the target's context (approval, 控销, rank price, limits with what its cart already holds). All
 * ids must be the source company's (404 otherwise, nothing copied).
 */
export async function copyLines(
  tx: Db,
  source: Buyer,
  ids: readonly number[],
  targets: readonly Buyer[],
  now: Date,
): Promise<CopyReport> {
  const lines = await ownLines(tx, source.companyId, ids);
  if (lines.length !== ids.length) throw notFound(LINE_NOT_FOUND_MSG);
  const report: CopyReport = { copied: [], skipped: [] };
  // Cart locks are taken in company order, so two copies to the same stores cannot deadlock.
  const ordered = [...targets].sort((x, y) => x.companyId - y.companyId);
  for (const target of ordered) {
    if (!target.approved) {
      for (const l of lines)
        report.skipped.push({
          user_id: target.userId,
          line_id: l.id,
          goods_id: l.goodsId,
          reason: '该门店资质审核通过后才能购买',
        });
      continue;
    }
    const requests = lines.map((l) => asRequest(l));
    const outcome = await addToCart(tx, target, requests, now, 'each');
    const reasons = new Map(outcome.refusals.map((r) => [r.index, r.reason]));
    lines.forEach((l, i) => {
      if (outcome.lineIds[i] !== undefined)
        report.copied.push({
          user_id: target.userId,
          line_id: l.id,
          goods_id: l.goodsId,
          new_line_id: outcome.lineIds[i]!,
        });
      else
        report.skipped.push({
          user_id: target.userId,
          line_id: l.id,
          goods_id: l.goodsId,
          reason: reasons.get(i) ?? '无法复制',
        });
    });
  }
  return report;
}

/** Deletes those of `ids` that are the company's lines (others simply do not match); answers how many. */
export async function deleteLines(db: Db, companyId: number, ids: readonly number[]): Promise<number> {
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.companyId, companyId), inArray(cartLines.id, [...ids])))
    .returning({ id: cartLines.id });
  return deleted.length;
}
