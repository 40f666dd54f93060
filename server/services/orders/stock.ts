// Stock moves of orders, set-based: one statement whatever the number of goods. Reserving is
// `stock = stock - n WHERE stock >= n`, so stock can never go below zero at the database, and the
// rows it did not update are the goods that ran out. Rows are locked in id order first (a
// FOR UPDATE CTE), so two orders touching the same goods in different orders cannot deadlock.
// Stock lives in goods_stock (migration 0034), which these statements write directly; the rows
// are locked through the `goods` view, which locks the master row and the stock row alike.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../goods/search.ts';

/** `{1,2,3}`: one array parameter (ids and counts are validated integers). */
export function intArray(values: readonly number[]): string {
  if (!values.every((n) => Number.isSafeInteger(n))) throw new Error('intArray(): integers only');
  return `{${values.join(',')}}`;
}

export interface ReservedGoods {
  id: number;
  batchNo: string;
  /** YYYY-MM-DD or null. */
  expiresOn: string | null;
}

/**
 * Takes `units` (goods id → n > 0) from stock. Returns the rows it updated; a goods id missing
 * from the answer did not have enough stock (the caller rolls the transaction back).
 */
export async function reserveStock(tx: Db, units: ReadonlyMap<number, number>): Promise<ReservedGoods[]> {
  if (units.size === 0) return [];
  const ids = [...units.keys()];
  const ns = ids.map((id) => units.get(id)!);
  const res = await tx.execute(sql`
    WITH want AS (SELECT * FROM unnest(${intArray(ids)}::int[], ${intArray(ns)}::int[]) AS w(id, n)),
    locked AS (SELECT g.id FROM goods g WHERE g.id = ANY(${intArray(ids)}::int[]) ORDER BY g.id FOR UPDATE)
    UPDATE goods_stock s SET stock = s.stock - want.n
    FROM want, goods_master m
    WHERE s.goods_id = want.id AND m.id = want.id AND s.goods_id IN (SELECT id FROM locked) AND s.stock >= want.n
    RETURNING s.goods_id AS id, m.batch_no AS "batchNo", m.expires_on::text AS "expiresOn"`);
  return rowsOf<ReservedGoods>(res);
}

/**
 * Locks the goods rows `ids` in id order (every order locks in the same order, so two orders never
 * wait on each other crosswise) for statements that take their stock one by one afterwards.
 */
export async function lockGoods(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`SELECT g.id FROM goods g WHERE g.id = ANY(${intArray(ids)}::int[]) ORDER BY g.id FOR UPDATE`);
}

/** Gives `units` back to stock (a cancelled or expired order). */
export async function restoreStock(tx: Db, units: ReadonlyMap<number, number>): Promise<void> {
  if (units.size === 0) return;
  const ids = [...units.keys()];
  const ns = ids.map((id) => units.get(id)!);
  await tx.execute(sql`
    WITH want AS (SELECT * FROM unnest(${intArray(ids)}::int[], ${intArray(ns)}::int[]) AS w(id, n)),
    locked AS (SELECT g.id FROM goods g WHERE g.id = ANY(${intArray(ids)}::int[]) ORDER BY g.id FOR UPDATE)
    UPDATE goods_stock s SET stock = s.stock + want.n
    FROM want
    WHERE s.goods_id = want.id AND s.goods_id IN (SELECT id FROM locked)`);
}

export interface FlashUnits {
  promotionId: number;
  goodsId: number;
  n: number;
}

/**
 * Counts flash-sale units as sold, within each sale's stock_limit (0 = no cap). Returns the goods
 * ids it could count; a missing one sold out.
 */
export async function takeFlashUnits(tx: Db, units: readonly FlashUnits[]): Promise<number[]> {
  if (units.length === 0) return [];
  const res = await tx.execute(sql`
    UPDATE promotion_goods AS pg SET sold = pg.sold + w.n
    FROM unnest(${intArray(units.map((u) => u.promotionId))}::int[], ${intArray(units.map((u) => u.goodsId))}::int[], ${intArray(units.map((u) => u.n))}::int[]) AS w(p, g, n)
    WHERE pg.promotion_id = w.p AND pg.goods_id = w.g AND (pg.stock_limit = 0 OR pg.sold + w.n <= pg.stock_limit)
    RETURNING pg.goods_id AS "goodsId"`);
  return rowsOf<{ goodsId: number }>(res).map((r) => r.goodsId);
}

/** Gives flash-sale units back (never below zero sold). */
export async function returnFlashUnits(tx: Db, units: readonly FlashUnits[]): Promise<void> {
  if (units.length === 0) return;
  await tx.execute(sql`
    UPDATE promotion_goods AS pg SET sold = GREATEST(0, pg.sold - w.n)
    FROM unnest(${intArray(units.map((u) => u.promotionId))}::int[], ${intArray(units.map((u) => u.goodsId))}::int[], ${intArray(units.map((u) => u.n))}::int[]) AS w(p, g, n)
    WHERE pg.promotion_id = w.p AND pg.goods_id = w.g`);
}
