// The cart page's display rules, pure so they are tested without a DOM: warehouse groups,
// selection eligibility (SPEC §4), quantity rules of a line, the texts of a line (ladder hint,
// price change, problem), tiers (SPEC §4), shipping (SPEC §9) and the way to checkout.
import { isLineSelectable } from '../../api/cart';
import type { CartLineView, CartState, CartTotals, DiscountTier, ManjianTier } from '../../domain/cart-types';
import { formatFen, formatPrice } from '../../domain/money';
import { quantityRulesFor, type QuantityRules } from '../../domain/quantity';

export { isLineSelectable };

export const DELETE_CONFIRM_TEXT = '确定要删除该商品吗？';
export const NOTHING_SELECTED_REASON = '请先勾选要结算的商品';
export const PRICES_HIDDEN_REASON = '资质审核通过后才能结算';
/** Offline (the cart draft): checkout needs the server to confirm prices and stock, never a silent order. */
export const OFFLINE_CHECKOUT_REASON = '结算需要联网确认价格和库存，联网后可提交';
/** Offline, when a line's price is not known on this device (prices hidden, or a goods never seen). */
export const OFFLINE_TOTALS_UNKNOWN = '合计金额以联网同步后为准';
export const FREE_SHIPPING_TEXT = '已免运费';
export const CHECKOUT_PATH = '/cart/step2';
/** A ladder step this many units away (or within the line's own number) is worth a hint. */
export const LADDER_HINT_NEAR_UNITS = 10;

export function batchDeleteConfirmText(count: number): string {
  return `确定要删除选中的${count}种商品吗？`;
}

export function clearInvalidConfirmText(count: number): string {
  return `确定要清除${count}种失效商品吗？`;
}

export interface CartGroup {
  ckId: number;
  name: string;
  /** Line ids in the server's order. */
  ids: readonly number[];
}

/** Lines by warehouse in the server's order (ck_id ascending, newest first inside one). */
export function groupLines(state: Pick<CartState, 'data' | 'filter_data'>): CartGroup[] {
  const names = new Map(state.filter_data.warehouses.map((w) => [w.ck_id, w.name] as const));
  const groups = new Map<number, number[]>();
  for (const line of state.data) {
    const ck = line.goods.ck_id;
    const ids = groups.get(ck);
    if (ids) ids.push(line.id);
    else groups.set(ck, [line.id]);
  }
  return [...groups].map(([ckId, ids]) => ({ ckId, name: names.get(ckId) || `${ckId}号仓`, ids }));
}

/** The name a line is shown (and announced) by: a combination goes by its promotion's name. */
export function lineName(line: CartLineView): string {
  return line.type === 3 && line.combination ? line.combination.name : line.goods.name;
}

/** The server's problem text without the leading "<name>：", which the row already shows. */
export function problemText(line: CartLineView): string | null {
  if (!line.problem) return null;
  const prefix = `${lineName(line)}：`;
  return line.problem.startsWith(prefix) ? line.problem.slice(prefix.length) : line.problem;
}

/** Why a line's checkbox is disabled (SPEC §4), or null when it may be selected. */
export function unselectableReason(line: CartLineView): string | null {
  if (isLineSelectable(line)) return null;
  if (line.type !== 3 && line.goods.number <= 0) return '缺货';
  return problemText(line) ?? '该商品暂不可购买';
}

/** Quantity rules of a line: the goods' rules, or for a combination the sets its members' stock allows. */
export function lineQuantityRules(line: CartLineView): QuantityRules {
  if (line.type === 3 && line.combination) {
    if (!isLineSelectable(line)) return { step: 1, min: 1, max: 0 };
    const sets = line.combination.goods.map((m) => Math.floor(m.number / Math.max(1, m.quantity)));
    const max = Math.max(0, Math.min(...sets));
    return { step: 1, min: 1, max: max >= 1 ? max : 0 };
  }
  return quantityRulesFor(line.goods);
}

export function lineUnit(line: CartLineView): string {
  return line.type === 3 ? '套' : line.goods.bzdw || '件';
}

/**
 * '再买N盒享¥x' when the next cheaper ladder step is near: within LADDER_HINT_NEAR_UNITS units or
 * the line's own number, reachable by valid quantities (mid-pack multiples, limits).
 */
export function ladderHint(line: CartLineView, rules: QuantityRules): string | null {
  if (line.type !== 0 || line.price === null) return null;
  const steps = [...line.goods.ladder_price].sort((a, b) => a.number - b.number);
  const next = steps.find((s) => s.number > line.number && s.price < (line.price ?? 0));
  if (!next) return null;
  const target = Math.ceil(next.number / rules.step) * rules.step;
  if (rules.max === 0 || target > rules.max) return null;
  const gap = target - line.number;
  if (gap > Math.max(LADDER_HINT_NEAR_UNITS, line.number)) return null;
  return `再买${gap}${lineUnit(line)}享${formatPrice(next.price)}/${lineUnit(line)}`;
}

/** "价格已调整：¥12.00 → ¥10.50" for a line whose price moved since it was added. */
export function priceChangeText(line: CartLineView): string | null {
  const change = line.price_changed;
  if (!change) return null;
  const verb = change.new < change.old ? '已降价' : '已涨价';
  return `${verb}：${formatPrice(change.old)} → ${formatPrice(change.new)}`;
}

/** A tier amount without a pointless ".00": 满¥1000减¥50 reads better than 满¥1000.00减¥50.00. */
export function tierYuan(fen: number): string {
  return `¥${formatFen(fen).replace(/\.00$/, '')}`;
}

export function manjianTierLabel(t: ManjianTier): string {
  return `满${tierYuan(t.amount)}减${tierYuan(t.reduce)}`;
}

/** 95 → 9.5折. */
export function discountTierLabel(t: DiscountTier): string {
  return `满${tierYuan(t.amount)}享${String(t.percent / 10)}折`;
}

export function tierShortfallText(shortfall: number): string {
  return `还差${formatPrice(shortfall)}`;
}

/** SPEC §9: '还差¥x免运费' until the order ships free (amount reached or a 单品包邮 line). */
export function shippingText(shipping: CartTotals['shipping']): string {
  if (shipping.free) return FREE_SHIPPING_TEXT;
  return `还差${formatPrice(shipping.shortfall)}免运费`;
}

/** What the buyer pays before coupons: goods after 满减/满折, plus shipping when not free. */
export function payableTotal(totals: CartTotals): number {
  return totals.pay_price + (totals.shipping.free ? 0 : totals.shipping.fee);
}

export function blockedLinesReason(count: number): string {
  return `已选商品中有${count}种暂时无法结算，请先调整`;
}

/**
 * Why 去结算 is disabled, or null. `blockedCount`: selected lines with a server `problem` (over
 * the stock or a limit…), which checkout would refuse anyway.
 */
export function checkoutBlockReason(totals: CartTotals | null, selectedCount: number, blockedCount = 0): string | null {
  if (totals === null) return PRICES_HIDDEN_REASON;
  if (selectedCount === 0) return NOTHING_SELECTED_REASON;
  if (blockedCount > 0) return blockedLinesReason(blockedCount);
  return null;
}

/** Step 2 of the cart flow with the selected line ids, comma-separated. */
export function checkoutHref(ids: readonly number[]): string {
  return `${CHECKOUT_PATH}?ids=${ids.join(',')}`;
}

export interface SelectionCount {
  selected: number;
  selectable: number;
  total: number;
}

export function countSelection(lines: Iterable<CartLineView>): SelectionCount {
  let selected = 0;
  let selectable = 0;
  let total = 0;
  for (const l of lines) {
    total += 1;
    if (isLineSelectable(l)) selectable += 1;
    if (l.is_selected === 1) selected += 1;
  }
  return { selected, selectable, total };
}

/** Checkbox state of a group or of the whole cart. */
export function selectionState(c: SelectionCount): 'all' | 'some' | 'none' {
  if (c.selected === 0) return 'none';
  return c.selected >= c.selectable ? 'all' : 'some';
}

/**
 * The ids a select-all style toggle sends: turning on, the selectable lines not yet selected;
 * turning off, the selected ones. Only lines that change are sent.
 */
export function toggleIds(lines: Iterable<CartLineView>, on: boolean): number[] {
  const ids: number[] = [];
  for (const l of lines) {
    if (on ? isLineSelectable(l) && l.is_selected === 0 : l.is_selected === 1) ids.push(l.id);
  }
  return ids;
}
