// How many units a buyer may put in the cart (SPEC §2 detail: zbz multiples, stock, limits). The
// stepper uses it to guide, the server uses it to refuse: one rule, two places.

export interface QuantityGoods {
  /** 中包装 size. */
  zbz: number;
  /** When true, quantities must be whole multiples of zbz. */
  mid_pack_strict: 0 | 1 | boolean;
  min_buy: number;
  /** Stock. */
  number: number;
  /** Per-order cap (0 = none). */
  purchase_limit: number;
  is_ephedrine: 0 | 1 | boolean;
  /** Per-order cap for 含麻黄碱 goods (0 = none). */
  ephedrine_limit: number;
  is_buy: 0 | 1 | boolean;
}

export interface QuantityRules {
  step: number;
  min: number;
  /** 0 when nothing can be bought. */
  max: number;
}

export function quantityRulesFor(g: QuantityGoods): QuantityRules {
  const step = g.mid_pack_strict && g.zbz > 1 ? g.zbz : 1;
  const caps = [g.number];
  if (g.purchase_limit > 0) caps.push(g.purchase_limit);
  if (g.is_ephedrine && g.ephedrine_limit > 0) caps.push(g.ephedrine_limit);
  const rawMax = g.is_buy ? Math.max(0, Math.min(...caps)) : 0;
  const max = Math.floor(rawMax / step) * step;
  const min = Math.ceil(Math.max(1, g.min_buy) / step) * step;
  return { step, min, max: max >= min ? max : 0 };
}

export type QuantityProblem = 'not_buyable' | 'not_integer' | 'below_min' | 'above_max' | 'not_multiple';

export function quantityProblem(q: number, r: QuantityRules): QuantityProblem | null {
  if (r.max === 0) return 'not_buyable';
  if (!Number.isInteger(q)) return 'not_integer';
  if (q < r.min) return 'below_min';
  if (q > r.max) return 'above_max';
  if (q % r.step !== 0) return 'not_multiple';
  return null;
}

/** The Chinese message for a problem, shared by the stepper and the server's refusal. */
export function quantityMessage(p: QuantityProblem, r: QuantityRules, unit = '件'): string {
  switch (p) {
    case 'not_buyable':
      return '该商品暂不可购买';
    case 'not_integer':
      return '购买数量必须为正整数';
    case 'below_min':
      return `最少购买${r.min}${unit}`;
    case 'above_max':
      return `最多可购买${r.max}${unit}`;
    case 'not_multiple':
      return `购买数量须为中包装${r.step}的整数倍`;
  }
}

/** Nearest valid quantity (what the stepper snaps to); 0 when nothing can be bought. */
export function clampQuantity(q: number, r: QuantityRules): number {
  if (r.max === 0) return 0;
  const n = Number.isFinite(q) ? Math.floor(q) : r.min;
  const snapped = Math.round(n / r.step) * r.step;
  return Math.min(r.max, Math.max(r.min, snapped));
}
