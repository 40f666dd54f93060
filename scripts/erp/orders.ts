// The order half of the simulated ERP (issue 34 §1 "orders", §3): pull the order feed from the
// cursor, acknowledge what was pulled, and move every 待发货 order: 接单, 拣货, then 发货 with a
// carrier, a tracking number, each line's batch and 效期 and one 药品追溯码 per box (20 digits:
// a 7-digit product part from the goods, a 9-digit serial, 4 check digits). Polls until stopped;
// the cursor lives in memory (a real ERP keeps it with its own data).
import type { ErpClient } from './client.ts';

export interface OrderSimulation {
  /** Orders pulled, acknowledged and shipped so far. */
  pulled: number;
  shipped: number;
}

interface FeedLine {
  id: number;
  goods_id: number;
  number: number;
  batch_no: string;
}

interface FeedOrder {
  id: number;
  order_no: string;
  change_seq: number;
  status: string;
  lines: FeedLine[];
}

const POLL_MS = 2_000;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** A run-unique serial so codes never repeat across runs against the same shop. */
let serial = Date.now() % 1_000_000_000;
const traceCode = (goodsId: number) =>
  `8${String(goodsId % 1_000_000).padStart(6, '0')}${String(serial++ % 1_000_000_000).padStart(9, '0')}0000`;

function shipBody(order: FeedOrder, now: Date) {
  const expires = new Date(now.getTime() + 2 * 365 * 86_400_000).toISOString().slice(0, 10);
  const batch = `ERP${now.toISOString().slice(2, 7).replace('-', '')}`;
  return {
    carrier: '顺丰速运',
    tracking_no: `SF${String(order.id).padStart(12, '0')}`,
    lines: order.lines.map((l) => ({
      order_line_id: l.id,
      batch_no: l.batch_no || batch,
      expires_on: expires,
      trace_codes: Array.from({ length: l.number }, () => traceCode(l.goods_id)),
    })),
  };
}

export async function simulateOrders(erp: ErpClient, signal: AbortSignal): Promise<OrderSimulation> {
  const result: OrderSimulation = { pulled: 0, shipped: 0 };
  let cursor = 0;
  while (!signal.aborted) {
    const page = await erp.get<{ orders: FeedOrder[]; next_cursor: number; has_more: boolean }>(
      `/orders?cursor=${cursor}&limit=100`,
    );
    if (page.status !== 200) {
      console.log(`[erp] orders: the feed answered ${page.status} ${page.body.msg}`);
      return result;
    }
    const { orders, next_cursor, has_more } = page.body.data;
    if (orders.length > 0) {
      result.pulled += orders.length;
      const ack = await erp.post<{ results: { ok: boolean }[] }>('/orders/ack', {
        orders: orders.map((o) => ({ id: o.id, change_seq: o.change_seq })),
      });
      if (ack.status !== 200) console.log(`[erp] orders: ack answered ${ack.status} ${ack.body.msg}`);
      for (const o of orders.filter((x) => x.status === 'paid')) {
        // Each move's own Idempotency-Key: a retry after a lost answer changes nothing again.
        await erp.post(`/orders/${o.id}/accept`, {}, { idempotencyKey: `accept-${o.id}` });
        await erp.post(`/orders/${o.id}/pick`, {}, { idempotencyKey: `pick-${o.id}` });
        const shipped = await erp.post<{ changed: boolean }>(`/orders/${o.id}/ship`, shipBody(o, new Date()), {
          idempotencyKey: `ship-${o.id}-${o.change_seq}`,
        });
        if (shipped.status === 200) result.shipped += 1;
        else console.log(`[erp] orders: ${o.order_no} not shipped: ${shipped.status} ${shipped.body.msg}`);
      }
      console.log(`[erp] orders: pulled ${result.pulled}, shipped ${result.shipped} (cursor ${next_cursor})`);
    }
    cursor = next_cursor;
    if (!has_more) await sleep(POLL_MS, signal);
  }
  return result;
}
