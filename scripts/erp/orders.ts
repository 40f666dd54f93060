// The order half of the simulated ERP (issue 34 §1 "orders", §3): pull the order feed, acknowledge,
// move orders (accepted, picked, shipped with carrier, tracking number, batches, 效期 and the
// 药品追溯码 of each box, cancelled with a reason).
//
// HOOK for the orders routes (branch trace-codes): replace the body of simulateOrders with the
// real calls; simulate.ts calls it once the goods are in and while stock and prices stream.
import type { ErpClient } from './client.ts';

export interface OrderSimulation {
  /** Orders pulled, acknowledged and shipped so far. */
  pulled: number;
  shipped: number;
}

export async function simulateOrders(_erp: ErpClient, _signal: AbortSignal): Promise<OrderSimulation> {
  console.log('[erp] orders: the order feed is not in this build yet (scripts/erp/orders.ts is the hook)');
  return { pulled: 0, shipped: 0 };
}
