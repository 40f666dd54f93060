// The offline cart: a copy of the server's last cart lines (cartDrafts) that the buyer's changes
// apply to at once, each together with its outbox entry in ONE transaction. Totals are computed
// by the same domain code as the server's (src/domain/cart.ts) and are provisional until synced:
// the server re-prices everything and reconcile.ts reports what it changed.
import type { CartAddLine } from '../domain/cart-types';
import { calcLineFromView, cartUnitPrice, computeCart, type CartCalcLine } from '../domain/cart';
import type {
  CartLineGoods,
  CartLineType,
  CartLineView,
  CartState,
  CartTotals,
  TierPromotion,
} from '../domain/cart-types';
import type { GoodsListItem } from '../domain/catalog';
import { getMeta, setMeta, type CartDraftContext, type CartDraftRow, type LocalDb } from './db';
import type { OutboxEntry } from './outbox';
import { isCartKind } from './outbox-kinds';
import { enqueue, hasPendingCartEntries } from './outbox-queue';
import { storedRows } from './snapshot-rows';
import { guardQuota } from './storage';
import type { CartDraftCount } from './local-marks';

const EMPTY_CONTEXT: CartDraftContext = {
  shipping_data: { shipping_amount: 0, no_trans_order_amount: 0, fee: 0 },
  activity_data: { manjians: [], discounts: [] },
  filter_data: null,
  pricesHidden: false,
};

function lineType(t: number | undefined): CartLineType {
  return t === 1 || t === 2 || t === 3 ? t : 0;
}

/**
 * Today's unit price of a normal line for `number` units, as the server computes it (rank price
 * lowered by the reached ladder step). Flash-sale and combination prices are kept as they were.
 */
function repriced(row: CartLineView, number: number): Pick<CartLineView, 'price' | 'ladder_price_id'> {
  const g = row.goods;
  if (row.type !== 0 || g.price === null) return { price: row.price, ladder_price_id: row.ladder_price_id };
  const unit = cartUnitPrice(g.base_price ?? g.price, g.price, g.ladder_price, number);
  return { price: unit.price, ladder_price_id: unit.ladder_price_id };
}

function withNumber<T extends CartLineView>(row: T, number: number): T {
  const { price, ladder_price_id } = repriced(row, number);
  return { ...row, number, price, ladder_price_id, raw_price: price === null ? null : price * number };
}

function goodsOfItem(g: GoodsListItem): CartLineGoods {
  return {
    id: g.id,
    name: g.name,
    sccj: g.sccj,
    ypgg: g.ypgg,
    zbz: g.zbz,
    goods_image: g.goods_image,
    ck_id: g.ck_id,
    is_buy: g.is_buy,
    number: g.number,
    base_price: g.base_price,
    price: g.price,
    ladder_price: g.ladder_price,
    ladder_price_type: g.ladder_price_type,
    bzdw: g.bzdw,
    tags: g.tags,
    is_free_shipping: g.is_free_shipping,
    free_shipping_number: g.free_shipping_number,
    is_dpby: g.is_dpby,
    qg_number: g.qg_number,
    is_youx: g.is_youx,
    type: g.type,
    is_jxq: g.is_jxq,
    mid_pack_strict: g.mid_pack_strict,
    min_buy: g.min_buy,
    purchase_limit: g.purchase_limit,
    is_ephedrine: g.is_ephedrine,
    ephedrine_limit: g.ephedrine_limit,
  };
}

/** A goods the device knows nothing about: enough to show the line; the server fills it in. */
function placeholderGoods(line: CartAddLine): CartLineGoods {
  const price = line.price ?? null;
  return {
    id: line.goods_id,
    name: `商品${line.goods_id}`,
    sccj: '',
    ypgg: '',
    zbz: 1,
    goods_image: '',
    ck_id: line.ck_id,
    is_buy: 1,
    number: line.number,
    base_price: price,
    price,
    ladder_price: [],
    ladder_price_type: 0,
    bzdw: '',
    tags: [],
    is_free_shipping: 0,
    free_shipping_number: 0,
    is_dpby: 0,
    qg_number: 0,
    is_youx: 0,
    type: line.type ?? 0,
    is_jxq: 0,
    mid_pack_strict: 0,
    min_buy: 1,
    purchase_limit: 0,
    is_ephedrine: 0,
    ephedrine_limit: 0,
  };
}

function newDraftLine(id: number, sort: number, line: CartAddLine, item: GoodsListItem | undefined): CartDraftRow {
  const type = lineType(line.type);
  const goods = item ? goodsOfItem(item) : placeholderGoods(line);
  const base: CartDraftRow = {
    id,
    sort,
    local: 1,
    type,
    number: 0,
    // Until priced below: the price the buyer saw on the card (flash sale, combination).
    price: line.price ?? goods.price,
    is_selected: 1,
    is_combination: type === 3 ? 1 : 0,
    raw_price: null,
    with_coupon: null,
    goods_manjian_amount: null,
    coupon_eligible: type === 0 ? 1 : 0,
    gift_data: { total: 0, type: 0 },
    goods,
    goods_price_id: line.goods_price_id ?? null,
    ladder_price_id: line.ladder_price_id ?? null,
    goods_manjian_id: line.goods_manjian_id ?? null,
    is_yj: line.is_yj ?? 0,
    combination: null,
    price_changed: null,
    problem: null,
  };
  return withNumber(base, line.number);
}

function toDraftRows(state: CartState): CartDraftRow[] {
  return state.data.map((line, i) => ({ ...line, sort: i, local: 0 }));
}

function contextOf(state: CartState): CartDraftContext {
  return {
    shipping_data: state.shipping_data,
    activity_data: state.activity_data,
    filter_data: state.filter_data,
    pricesHidden: state.totals === null,
  };
}

/**
 * Replaces the draft with the server's cart. Runs inside the caller's transaction when there is
 * one (reconcile); the caller has checked that no cart entry is pending.
 */
export async function replaceCartDraft(db: LocalDb, state: CartState, now: number): Promise<void> {
  await db.cartDrafts.clear();
  await db.cartDrafts.bulkPut(toDraftRows(state));
  await setMeta(db, 'cartContext', contextOf(state));
  await setMeta(db, 'cartDraftAsOf', now);
}

/**
 * The page fetched GET cart/list online: keep a copy for offline use. Refused (false) while cart
 * changes are still queued, because the server's answer does not contain them yet.
 */
export function rememberCartState(db: LocalDb, state: CartState, now: number = Date.now()): Promise<boolean> {
  return guardQuota(() =>
    db.transaction('rw', [db.cartDrafts, db.meta, db.outbox], async () => {
      if (await hasPendingCartEntries(db)) return false;
      await replaceCartDraft(db, state, now);
      return true;
    }),
  );
}

async function nextTempId(db: LocalDb): Promise<number> {
  const next = (await getMeta(db, 'nextTempId')) ?? -1;
  await setMeta(db, 'nextTempId', next - 1);
  return next;
}

function sameLine(row: CartDraftRow, line: CartAddLine): boolean {
  return row.goods.id === line.goods_id && row.type === lineType(line.type);
}

export interface DraftAddOptions {
  /** Cards the page has at hand; otherwise the catalogue snapshot is asked. */
  goods?: readonly GoodsListItem[];
  now?: number;
  /** Queue the add as a partial one (quick purchase: refused lines do not sink the rest). */
  partial?: boolean;
}

/**
 * Adds lines to the draft the way the server does (an existing line of the same goods and kind
 * adds up and is selected again; a new one goes on top) and queues one `cart.add`.
 */
export async function draftCartAdd(
  db: LocalDb,
  lines: readonly CartAddLine[],
  opts: DraftAddOptions = {},
): Promise<OutboxEntry> {
  const now = opts.now ?? Date.now();
  const given = new Map((opts.goods ?? []).map((g) => [g.id, g]));
  // Stored cards read before the transaction: a pack goods is built from its chunk (snapshot-rows.ts).
  const unknown = [...new Set(lines.map((l) => l.goods_id).filter((id) => !given.has(id)))];
  const stored = await storedRows(db, unknown);
  stored.forEach((row, i) => {
    if (row) given.set(unknown[i]!, row.item);
  });
  return guardQuota(() =>
    db.transaction('rw', [db.cartDrafts, db.outbox, db.meta], async () => {
      const rows = await db.cartDrafts.toArray();
      let top = rows.reduce((min, r) => Math.min(min, r.sort), 0);
      const lineIds: number[] = [];
      for (const line of lines) {
        const existing = rows.find((r) => sameLine(r, line));
        if (existing) {
          const updated = { ...withNumber(existing, existing.number + line.number), is_selected: 1 as const };
          rows[rows.indexOf(existing)] = updated;
          await db.cartDrafts.put(updated);
          lineIds.push(existing.id);
          continue;
        }
        const item = given.get(line.goods_id);
        top -= 1;
        const row = newDraftLine(await nextTempId(db), top, line, item);
        rows.push(row);
        await db.cartDrafts.put(row);
        lineIds.push(row.id);
      }
      const payload = { lines: lines.map((l) => ({ ...l })), lineIds };
      return enqueue(db, 'cart.add', opts.partial ? { ...payload, partial: true } : payload, now);
    }),
  );
}

export function draftCartEdit(db: LocalDb, id: number, number: number, now: number = Date.now()): Promise<OutboxEntry> {
  return guardQuota(() =>
    db.transaction('rw', [db.cartDrafts, db.outbox], async () => {
      const row = await db.cartDrafts.get(id);
      if (row) await db.cartDrafts.put(withNumber(row, number));
      return enqueue(db, 'cart.edit', { id, number }, now);
    }),
  );
}

export function draftCartDelete(db: LocalDb, ids: readonly number[], now: number = Date.now()): Promise<OutboxEntry> {
  return guardQuota(() =>
    db.transaction('rw', [db.cartDrafts, db.outbox], async () => {
      await db.cartDrafts.bulkDelete([...ids]);
      return enqueue(db, 'cart.delete', { ids: [...ids] }, now);
    }),
  );
}

export function draftCartSelect(
  db: LocalDb,
  ids: readonly number[],
  selected: boolean,
  now: number = Date.now(),
): Promise<OutboxEntry> {
  const is_selected: 0 | 1 = selected ? 1 : 0;
  return guardQuota(() =>
    db.transaction('rw', [db.cartDrafts, db.outbox], async () => {
      const rows = await db.cartDrafts.bulkGet([...ids]);
      const changed = rows.filter((r): r is CartDraftRow => r !== undefined).map((r) => ({ ...r, is_selected }));
      await db.cartDrafts.bulkPut(changed);
      return enqueue(db, 'cart.select', { ids: [...ids], is_selected }, now);
    }),
  );
}

/** After an add is acknowledged: temporary line ids become the server's (inside the ack transaction). */
export async function mapDraftIds(db: LocalDb, map: ReadonlyMap<number, number>): Promise<void> {
  for (const [tempId, serverId] of map) {
    const row = await db.cartDrafts.get(tempId);
    if (!row) continue;
    await db.cartDrafts.delete(tempId);
    const existing = await db.cartDrafts.get(serverId);
    // The server already had the line (added on another device): keep one row; reconcile
    // replaces both numbers with the server's once the queue is empty.
    await db.cartDrafts.put(existing ? { ...existing, local: 0 } : { ...row, id: serverId, local: 0 });
  }
}

function promotionsOf(ctx: CartDraftContext): TierPromotion[] {
  return [
    ...ctx.activity_data.manjians.map((p) => ({
      id: p.id,
      kind: 'manjian' as const,
      name: p.name,
      tiers: p.tiers.map(({ amount, reduce }) => ({ amount, reduce })),
    })),
    ...ctx.activity_data.discounts.map((p) => ({
      id: p.id,
      kind: 'discount' as const,
      name: p.name,
      tiers: p.tiers.map(({ amount, percent }) => ({ amount, percent })),
    })),
  ];
}

export interface ProvisionalCart {
  /** Draft lines in display order, with amounts recomputed for the current numbers and selection. */
  lines: CartDraftRow[];
  /** Null when prices are hidden, or a selected line's price is unknown (a partial sum would mislead). */
  totals: CartTotals | null;
}

export function provisionalCart(rows: readonly CartDraftRow[], ctx: CartDraftContext = EMPTY_CONTEXT): ProvisionalCart {
  const ordered = [...rows].sort((a, b) => a.sort - b.sort || b.id - a.id);
  const calc: CartCalcLine[] = [];
  let unknownSelected = false;
  for (const row of ordered) {
    const c = calcLineFromView(row);
    if (c) calc.push(c);
    else if (row.is_selected) unknownSelected = true;
  }
  const result = computeCart(calc, promotionsOf(ctx), ctx.shipping_data);
  const lines = ordered.map((row) => {
    const a = result.lines.get(row.id);
    return a
      ? { ...row, raw_price: a.raw_price, goods_manjian_amount: a.goods_manjian_amount, with_coupon: a.with_coupon }
      : row;
  });
  return { lines, totals: ctx.pricesHidden || unknownSelected ? null : result.totals };
}

export interface CartDraftView extends ProvisionalCart {
  /** True while cart changes wait in the outbox: totals are the device's estimate. */
  provisional: boolean;
  /** When the draft was last replaced by the server's cart; null before the first copy. */
  asOf: number | null;
}

export async function readCartDraft(db: LocalDb): Promise<CartDraftView> {
  return db.transaction('r', [db.cartDrafts, db.meta, db.outbox], async () => {
    const [rows, ctx, asOf, pending] = await Promise.all([
      db.cartDrafts.toArray(),
      getMeta(db, 'cartContext'),
      getMeta(db, 'cartDraftAsOf'),
      db.outbox.filter((e) => isCartKind(e.kind)).count(),
    ]);
    return { ...provisionalCart(rows, ctx), provisional: pending > 0, asOf: asOf ?? null };
  });
}

/** What the header badge needs: the draft's line counts and whether changes are still queued. */
export async function readCartDraftCount(db: LocalDb): Promise<CartDraftCount> {
  return db.transaction('r', [db.cartDrafts, db.meta, db.outbox], async () => {
    const [lines, localLines, asOf, pending] = await Promise.all([
      db.cartDrafts.count(),
      db.cartDrafts.filter((r) => r.local === 1).count(),
      getMeta(db, 'cartDraftAsOf'),
      db.outbox.filter((e) => isCartKind(e.kind)).count(),
    ]);
    return { pending: pending > 0, seeded: asOf !== undefined, lines, localLines };
  });
}
