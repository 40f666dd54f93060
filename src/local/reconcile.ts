// After the cart's outbox entries are through, the server's cart is the truth: fetch it, list what
// differs from what the buyer saw on this device (price, stock, buyability, limits), store those
// as change rows the banner shows, and replace the draft. Nothing changes silently.
import type { CartLineView, CartState } from '../domain/cart-types';
import { formatPrice } from '../domain/money';
import type { CartChangeConflict, CartChangeKind, LocalDb } from './db';
import { replaceCartDraft } from './cart-draft';
import { CART_CHANGE_TEXTS } from './cart-change-texts';
import { hasPendingCartEntries } from './outbox-queue';

export interface CartChange {
  change: CartChangeKind;
  lineId: number;
  goodsId: number;
  name: string;
  /** `<name>：<change text>（detail）`, what the banner shows. */
  text: string;
  before: number | null;
  after: number | null;
}

type LocalLine = CartLineView & { local?: 0 | 1 };

function unitOf(line: CartLineView): string {
  return line.goods.bzdw || '件';
}

/** The tightest per-order cap of a goods (0 = none), as src/domain/quantity.ts counts it. */
function limitOf(line: CartLineView): number {
  const caps: number[] = [];
  if (line.goods.purchase_limit > 0) caps.push(line.goods.purchase_limit);
  if (line.goods.is_ephedrine && line.goods.ephedrine_limit > 0) caps.push(line.goods.ephedrine_limit);
  return caps.length > 0 ? Math.min(...caps) : 0;
}

function change(
  kind: CartChangeKind,
  line: CartLineView,
  detail: string,
  before: number | null,
  after: number | null,
): CartChange {
  const name = line.goods.name;
  const text = `${name}：${CART_CHANGE_TEXTS[kind]}${detail ? `（${detail}）` : ''}`;
  return { change: kind, lineId: line.id, goodsId: line.goods.id, name, text, before, after };
}

function matchServerLine(
  local: LocalLine,
  byId: Map<number, CartLineView>,
  server: readonly CartLineView[],
): CartLineView | undefined {
  return byId.get(local.id) ?? server.find((s) => s.goods.id === local.goods.id && s.type === local.type);
}

/**
 * What changed between the device's cart (`local`: the draft, after the buyer's offline edits)
 * and the server's (`server`). Lines only the server has (added elsewhere) are not changes.
 */
export function diffCart(local: readonly LocalLine[], server: readonly CartLineView[]): CartChange[] {
  const byId = new Map(server.map((s) => [s.id, s]));
  const out: CartChange[] = [];
  for (const l of local) {
    const s = matchServerLine(l, byId, server);
    if (!s) {
      // A line created offline whose add was refused already has its refusal row.
      if (l.local !== 1 && l.id > 0) out.push(change('removed', l, '', l.number, null));
      continue;
    }
    const unit = unitOf(s);
    if (s.goods.is_buy === 0) {
      if (l.goods.is_buy === 1 || l.local === 1) out.push(change('off_sale', s, '', null, null));
      continue;
    }
    if (l.price !== null && s.price !== null && l.price !== s.price) {
      out.push(change('price', s, `${formatPrice(l.price)} → ${formatPrice(s.price)}`, l.price, s.price));
    }
    const stock = s.goods.number;
    const shortNow = stock < s.number || stock < l.number;
    const shortBefore = l.goods.number < l.number;
    if (shortNow && (!shortBefore || l.local === 1)) {
      out.push(change('stock', s, `需要${l.number}${unit}，现有${stock}${unit}`, l.number, stock));
      continue;
    }
    const limit = limitOf(s);
    const overNow = limit > 0 && l.number > limit;
    const overBefore = limitOf(l) > 0 && l.number > limitOf(l);
    if (overNow && (!overBefore || l.local === 1)) {
      out.push(change('limit', s, `最多可购买${limit}${unit}`, l.number, limit));
    }
  }
  return out;
}

export interface ReconcileResult {
  /** False when cart changes were queued meanwhile: the draft was kept, try after the next drain. */
  applied: boolean;
  changes: CartChange[];
}

function toRow(c: CartChange, now: number): CartChangeConflict {
  return { source: 'change', createdAt: now, dismissed: 0, ...c };
}

/**
 * Fetches the server's cart, then in one transaction (only if no cart entry is pending by then):
 * stores the change rows, replacing an open row about the same line and kind, and replaces the draft.
 */
export async function reconcileCart(
  db: LocalDb,
  fetchCart: () => Promise<CartState>,
  now: () => number = Date.now,
): Promise<ReconcileResult> {
  const state = await fetchCart();
  return db.transaction('rw', [db.cartDrafts, db.meta, db.outbox, db.conflicts], async () => {
    if (await hasPendingCartEntries(db)) return { applied: false, changes: [] };
    const changes = diffCart(await db.cartDrafts.toArray(), state.data);
    const t = now();
    if (changes.length > 0) {
      const open = await db.conflicts
        .where('source')
        .equals('change')
        .filter((r) => r.dismissed === 0)
        .toArray();
      const stale = open
        .filter((r) => r.source === 'change' && changes.some((c) => c.lineId === r.lineId && c.change === r.change))
        .map((r) => r.id)
        .filter((id): id is number => id !== undefined);
      await db.conflicts.bulkDelete(stale);
      await db.conflicts.bulkAdd(changes.map((c) => toRow(c, t)));
    }
    await replaceCartDraft(db, state, t);
    return { applied: true, changes };
  });
}
