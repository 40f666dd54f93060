// The refund rule (docs/decisions/order-money.md): money goes back to a buyer by the route it was
// paid — the wallet balance (a checkout deduction or 余额支付), an online gateway, a 对公转账 — and
// never more by a route than that route took. Pure arithmetic shared by the server's one refund
// path (server/services/orders/refunds.ts) and the model-based test.

/** How money reached an order. */
export type MoneyRoute = 'balance' | 'online' | 'transfer';
export const MONEY_ROUTES = ['balance', 'online', 'transfer'] as const satisfies readonly MoneyRoute[];

/** Fen per route. */
export type RouteAmounts = Record<MoneyRoute, number>;

export const noMoney = (): RouteAmounts => ({ balance: 0, online: 0, transfer: 0 });

/** What may still go back by each route: paid less already refunded (or reserved), never below 0. */
export function refundableByRoute(paid: RouteAmounts, refunded: RouteAmounts): RouteAmounts {
  const out = noMoney();
  for (const r of MONEY_ROUTES) out[r] = Math.max(0, paid[r] - refunded[r]);
  return out;
}

export const totalOf = (amounts: RouteAmounts): number => MONEY_ROUTES.reduce((s, r) => s + amounts[r], 0);

export interface RoutePart {
  route: MoneyRoute;
  amount: number;
}

/**
 * Takes `amount` fen from the routes in `order`, each at most what it may still give back; null
 * when together they cannot cover it (the refund would exceed what was paid).
 */
export function splitRefund(
  amount: number,
  refundable: RouteAmounts,
  order: readonly MoneyRoute[],
): RoutePart[] | null {
  if (!Number.isSafeInteger(amount) || amount < 0) return null;
  const parts: RoutePart[] = [];
  let left = amount;
  for (const route of order) {
    if (left === 0) break;
    const take = Math.min(left, refundable[route]);
    if (take > 0) parts.push({ route, amount: take });
    left -= take;
  }
  return left === 0 ? parts : null;
}
