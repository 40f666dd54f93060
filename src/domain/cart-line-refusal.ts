// How a cart line of a plain goods is refused, as one sentence naming the goods: the server's cart
// (server/services/cart/rules.ts lineProblem) and the device adding a line with no connection
// (src/local/cart-rules.ts) both say it from here, so a refusal reads the same online and offline.
import { purchaseBlock, type PurchaseEntitlement } from './business-scope.ts';
import { quantityMessage, quantityProblem, type QuantityRules } from './quantity.ts';

/** `<name>：<licence or certificate reason>` when the company may not buy the goods at all. */
export function scopeRefusal(name: string, entitlement: PurchaseEntitlement, scopeClass: string): string | null {
  const block = purchaseBlock(entitlement, scopeClass);
  return block ? `${name}：${block}` : null;
}

/**
 * `<name>：<quantity reason>` for `number` under `rules` (中包装 multiples, 起购量, 限购 and the 含麻黄碱
 * cap), or null. `buyableApartFromStock` matters only for 'not_buyable': nothing but stock stops the
 * goods, so the reason is 库存不足 (the server knows; a caller that leaves stock aside omits it).
 */
export function quantityRefusal(
  name: string,
  unit: string,
  rules: QuantityRules,
  number: number,
  buyableApartFromStock = false,
): string | null {
  const problem = quantityProblem(number, rules);
  if (problem === null) return null;
  if (problem === 'not_buyable' && buyableApartFromStock) return `${name}：库存不足`;
  return `${name}：${quantityMessage(problem, rules, unit || '件')}`;
}
