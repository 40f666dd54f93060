// Stock and prices from the ERP (issue 34 §1): a batch of absolute values or deltas by external
// code, each carrying the ERP's own change sequence. Per goods and kind the last applied sequence
// is kept (integration_sequences); an update whose sequence is not above it is older than what the
// goods shows and is ignored, so an older update never overwrites a newer one whatever order the
// batches arrive in. The goods rows are locked (in id order) for the batch, so concurrent batches
// apply one after the other. Valid items apply; invalid ones are answered, not thrown.
//
// The same rules as the console's price/stock file (services/admin/goods/import.ts): stock 0 to
// STOCK_MAX, a price above 0, not above PRICE_MAX_FEN and not below the goods' top ladder price;
// the batch gets one audit row listing every change and one catalogue change (alerts, caches).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { PRICE_MAX_FEN, STOCK_MAX } from '@domain/admin-goods.ts';
import { formatPrice } from '@domain/money.ts';
import type { ItemResult } from '@domain/integration.ts';
import { noteCatalogueChange } from '../catalogue/changes.ts';
import { rowsOf } from '../goods/search.ts';
import { writeAudit, type Actor } from '../admin/audit.ts';

export type FieldKind = 'stock' | 'price';

export interface FieldUpdate {
  index: number;
  externalCode: string;
  /** When given, the goods' warehouse name must be this one. */
  warehouse?: string;
  seq: number;
  /** Exactly one of absolute and delta. */
  absolute?: number;
  delta?: number;
}

interface GoodsNow {
  id: number;
  external_code: string;
  warehouse: string;
  stock: number;
  base_price: number;
  top_ladder: number | null;
  seq: number | string | null;
}

const CHUNK = 2_000;

async function lockGoods(tx: Db, kind: FieldKind, codes: string[]): Promise<Map<string, GoodsNow>> {
  const found = new Map<string, GoodsNow>();
  for (let i = 0; i < codes.length; i += CHUNK) {
    const chunk = codes.slice(i, i + CHUNK);
    const rows = rowsOf<GoodsNow>(
      await tx.execute(sql`
        SELECT g.id, g.external_code, w.name AS warehouse, g.stock, g.base_price, NULL AS seq,
               (SELECT max(l.price) FROM goods_ladder_prices l WHERE l.goods_id = g.id) AS top_ladder
        FROM goods g
        JOIN warehouses w ON w.id = g.warehouse_id
        WHERE g.external_code IN (SELECT json_array_elements_text(${JSON.stringify(chunk)}::json)) AND g.external_code <> ''
        ORDER BY g.id
        FOR UPDATE OF g`),
    );
    for (const r of rows) found.set(r.external_code, r);
  }
  // The sequences are read only now, in a statement of their own: under READ COMMITTED a row
  // joined into the locking statement keeps the value from before a lock wait, so a batch that
  // waited for a newer one would see that one's sequence as it was and overwrite it (PostgreSQL).
  const ids = [...found.values()].map((g) => g.id);
  const seqs = new Map<number, number | string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = rowsOf<{ goods_id: number; seq: number | string }>(
      await tx.execute(
        sql`SELECT goods_id, seq FROM integration_sequences WHERE kind = ${kind} AND goods_id IN (SELECT json_array_elements_text(${JSON.stringify(ids.slice(i, i + CHUNK))}::json)::int)`,
      ),
    );
    for (const r of rows) seqs.set(r.goods_id, r.seq);
  }
  for (const g of found.values()) g.seq = seqs.get(g.id) ?? null;
  return found;
}

/** The value after the update, or the reason it cannot be. */
function nextValue(
  kind: FieldKind,
  g: { value: number; topLadder: number | null },
  u: FieldUpdate,
): { value: number } | { error: string } {
  const value = u.absolute ?? g.value + (u.delta ?? 0);
  if (kind === 'stock') {
    if (value < 0) return { error: `stock：库存不能为负数（现有${g.value}，增减${u.delta}）` };
    if (value > STOCK_MAX) return { error: 'stock：库存过大' };
    return { value };
  }
  if (value <= 0) return { error: 'price：价格须大于0' };
  if (value > PRICE_MAX_FEN) return { error: 'price：价格过高' };
  if (g.topLadder !== null && value < g.topLadder)
    return { error: `price：价格低于该商品的阶梯价${formatPrice(g.topLadder)}，请先在商城后台调整阶梯价` };
  return { value };
}

export async function applyFieldUpdates(
  db: Db,
  actor: Actor,
  kind: FieldKind,
  updates: readonly FieldUpdate[],
  now: Date,
): Promise<ItemResult[]> {
  if (updates.length === 0) return [];
  return withTx(db, async (tx) => {
    const found = await lockGoods(tx, kind, [...new Set(updates.map((u) => u.externalCode))]);
    // Working state per goods: two items for one goods in a batch apply in sequence order.
    const state = new Map<
      number,
      { value: number; before: number; seq: number; topLadder: number | null; lastSeqWritten: boolean }
    >();
    const results: ItemResult[] = [];
    const ordered = [...updates].sort((a, b) => a.seq - b.seq || a.index - b.index);
    for (const u of ordered) {
      const g = found.get(u.externalCode);
      const result: ItemResult = {
        index: u.index,
        code: u.externalCode,
        status: 'failed',
        id: g?.id ?? null,
        errors: [],
      };
      results.push(result);
      if (!g) {
        result.errors.push(`external_code：商品不存在：${u.externalCode}`);
        continue;
      }
      if (u.warehouse !== undefined && u.warehouse !== g.warehouse) {
        result.errors.push(`warehouse：仓库不符：该商品由“${g.warehouse}”发货`);
        continue;
      }
      let s = state.get(g.id);
      if (!s) {
        const value = kind === 'stock' ? g.stock : g.base_price;
        s = {
          value,
          before: value,
          seq: g.seq === null ? -1 : Number(g.seq),
          topLadder: g.top_ladder === null ? null : Number(g.top_ladder),
          lastSeqWritten: false,
        };
        state.set(g.id, s);
      }
      if (u.seq <= s.seq) {
        result.status = 'ignored';
        result.errors.push(`seq：序号${u.seq}不大于已应用的序号${s.seq}，已忽略`);
        continue;
      }
      const next = nextValue(kind, s, u);
      if ('error' in next) {
        result.errors.push(next.error);
        continue;
      }
      result.status = next.value === s.value ? 'unchanged' : 'applied';
      s.value = next.value;
      s.seq = u.seq;
      s.lastSeqWritten = true;
    }

    const touched = [...state.entries()].filter(([, s]) => s.lastSeqWritten);
    const changed = touched.filter(([, s]) => s.value !== s.before);
    // Stock and price live in the narrow goods_stock (migration 0034): 1,000 rows there cost
    // a few milliseconds, where the wide goods row paid for every one of its indexes.
    const column = kind === 'stock' ? sql.raw('stock') : sql.raw('base_price');
    for (let i = 0; i < changed.length; i += CHUNK) {
      const records = changed.slice(i, i + CHUNK).map(([id, s]) => ({ id, v: s.value }));
      await tx.execute(sql`UPDATE goods_stock s SET ${column} = r.v, updated_at = ${now.toISOString()}::timestamptz
        FROM json_to_recordset(${JSON.stringify(records)}::json) AS r(id int, v int) WHERE s.goods_id = r.id`);
    }
    for (let i = 0; i < touched.length; i += CHUNK) {
      const records = touched.slice(i, i + CHUNK).map(([id, s]) => ({ goods_id: id, seq: s.seq }));
      await tx.execute(sql`INSERT INTO integration_sequences (goods_id, kind, seq, updated_at)
        SELECT r.goods_id, ${kind}, r.seq, ${now.toISOString()}::timestamptz FROM json_to_recordset(${JSON.stringify(records)}::json) AS r(goods_id int, seq bigint)
        ON CONFLICT (goods_id, kind) DO UPDATE SET seq = excluded.seq, updated_at = excluded.updated_at`);
    }
    // One audit row per batch with every change (goods id, from, to, sequence): a row per goods
    // cost a third of a batch's time, and the call log and the change log already name the goods.
    if (changed.length > 0) {
      await writeAudit(
        tx,
        actor,
        {
          action: kind === 'stock' ? 'goods.erp_stock' : 'goods.erp_price',
          targetType: 'goods_batch',
          targetId: null,
          after: {
            field: kind === 'stock' ? 'stock' : 'base_price',
            changes: changed.map(([id, s]) => [id, s.before, s.value, s.seq]),
          },
        },
        now,
      );
    }
    await noteCatalogueChange(
      tx,
      changed.map(([id]) => id),
      kind === 'stock' ? 'stock' : 'imported',
      now,
    );
    return results;
  });
}
