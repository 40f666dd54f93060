// `npm run erp:simulate` (issue 34 §3): plays a distributor's ERP against a running shop.
//   1. credentials: ERP_KEY_ID + ERP_SECRET (a client made in the console), or else the bootstrap
//      with INTEGRATION_BOOTSTRAP_TOKEN (the shop must run with the same setting);
//   2. pushes GOODS goods (default 20,000) in batches of 1,000 (codes SIM-000001…, makers and
//      categories created as needed, new goods start off sale as in the console);
//   3. streams stock and price changes in batches of 1,000 for STREAM_SECONDS (default 30), each
//      with a rising change sequence, and prints what the shop answered;
//   4. the orders (scripts/erp/orders.ts) while it streams.
//
//   INTEGRATION_BOOTSTRAP_TOKEN=… npm start            # the shop (another terminal)
//   INTEGRATION_BOOTSTRAP_TOKEN=… npm run erp:simulate
// Settings: SHOP_URL (default http://localhost:3000), GOODS, STREAM_SECONDS, BATCH (≤ 1000).
import { performance } from 'node:perf_hooks';
import { bootstrapClient, ErpClient, type Answer } from './client.ts';
import { simulateOrders } from './orders.ts';

interface BatchAnswer {
  items: number;
  applied: number;
  unchanged: number;
  ignored: number;
  failed: number;
  results: { index: number; code: string; status: string; errors: string[] }[];
}

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const SHOP_URL = env('SHOP_URL', 'http://localhost:3000').replace(/\/$/, '');
const GOODS = Number(env('GOODS', '20000'));
const BATCH = Math.min(1000, Number(env('BATCH', '1000')));
const STREAM_SECONDS = Number(env('STREAM_SECONDS', '30'));

const code = (n: number) => `SIM-${String(n).padStart(6, '0')}`;

/** A change sequence that keeps rising across runs: milliseconds since 2026 × 1000 + a counter. */
let counter = 0;
const nextSeq = () => (Date.now() - Date.UTC(2026, 0, 1)) * 1000 + (counter++ % 1000);

async function credentials(): Promise<ErpClient> {
  const keyId = process.env.ERP_KEY_ID;
  const secret = process.env.ERP_SECRET;
  if (keyId && secret) return new ErpClient({ baseUrl: SHOP_URL, keyId, secret });
  const token = process.env.INTEGRATION_BOOTSTRAP_TOKEN;
  if (!token)
    throw new Error(
      "set ERP_KEY_ID and ERP_SECRET (a client made in the console), or INTEGRATION_BOOTSTRAP_TOKEN (the same as the shop's)",
    );
  const made = await bootstrapClient(SHOP_URL, token, { name: 'ERP模拟器' });
  if (made.status !== 200)
    throw new Error(
      `bootstrap refused: ${made.status} ${made.body.msg} (${JSON.stringify(made.body.data)}); revoke the earlier bootstrap client in the console, or pass ERP_KEY_ID/ERP_SECRET`,
    );
  console.log(
    `[erp] bootstrapped client ${made.body.data.key_id}; keep its secret to run again: ERP_KEY_ID=${made.body.data.key_id} ERP_SECRET=${made.body.data.secret}`,
  );
  return new ErpClient({ baseUrl: SHOP_URL, keyId: made.body.data.key_id, secret: made.body.data.secret });
}

function report(what: string, res: Answer<BatchAnswer>, ms: number): void {
  if (res.body.code !== 10000) {
    console.log(
      `[erp] ${what}: refused ${res.status} ${(res.body.data as unknown as { reason?: string } | null)?.reason ?? ''} ${res.body.msg}`,
    );
    return;
  }
  const d = res.body.data;
  console.log(
    `[erp] ${what}: ${d.applied} applied, ${d.unchanged} unchanged, ${d.ignored} ignored, ${d.failed} failed in ${ms.toFixed(0)} ms`,
  );
  for (const r of d.results.filter((x) => x.status === 'failed').slice(0, 3))
    console.log(`        item ${r.index} ${r.code}: ${r.errors.join('; ')}`);
}

async function pushGoods(erp: ErpClient, warehouse: string): Promise<void> {
  for (let start = 1; start <= GOODS; start += BATCH) {
    const items = [];
    for (let n = start; n < Math.min(start + BATCH, GOODS + 1); n++) {
      items.push({
        external_code: code(n),
        name: `模拟药品${n}号片`,
        common_name: `模拟通用名${n % 500}`,
        ypgg: `${(n % 9) + 1}0mg*${(n % 4) + 2}0片`,
        bzdw: '盒',
        manufacturer: `ERP模拟药业${n % 40}有限公司`,
        category: `ERP同步/模拟分类${n % 12}`,
        warehouse,
        base_price: 500 + (n % 300) * 10,
        stock: n % 200,
      });
    }
    const t0 = performance.now();
    const res = await erp.post<BatchAnswer>(
      '/goods',
      { create_missing: true, items },
      { idempotencyKey: `sim-goods-${start}-${GOODS}-${BATCH}` },
    );
    report(`goods ${start}–${start + items.length - 1}`, res, performance.now() - t0);
  }
}

async function streamChanges(erp: ErpClient, until: number): Promise<void> {
  let round = 0;
  while (Date.now() < until) {
    round++;
    const stock = round % 2 === 1;
    const items = Array.from({ length: BATCH }, () => {
      const n = 1 + Math.floor(Math.random() * GOODS);
      return stock
        ? { external_code: code(n), seq: nextSeq(), stock: Math.floor(Math.random() * 500) }
        : { external_code: code(n), seq: nextSeq(), price: 500 + Math.floor(Math.random() * 3000) };
    });
    const t0 = performance.now();
    const res = await erp.post<BatchAnswer>(stock ? '/stock' : '/prices', { items });
    report(`${stock ? 'stock' : 'prices'} round ${round}`, res, performance.now() - t0);
  }
}

async function main(): Promise<void> {
  const erp = await credentials();
  const me = await erp.get<{ name: string; scopes: string[]; server_time: number }>('/me');
  if (me.status !== 200) throw new Error(`GET /me refused: ${me.status} ${me.body.msg}`);
  const skew = Math.round(Date.now() / 1000 - me.body.data.server_time);
  console.log(`[erp] signed in as ${me.body.data.name} (${me.body.data.scopes.join(', ')}), clock skew ${skew} s`);
  const houses = await erp.get<{ name: string }[]>('/warehouses');
  const warehouse = houses.body.data?.[0]?.name;
  if (!warehouse) throw new Error('the shop has no warehouse: add one in the console (分类与厂家 → 仓库)');

  const t0 = performance.now();
  await pushGoods(erp, warehouse);
  console.log(`[erp] ${GOODS} goods pushed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const stop = new AbortController();
  const orders = simulateOrders(erp, stop.signal);
  await streamChanges(erp, Date.now() + STREAM_SECONDS * 1000);
  stop.abort();
  const o = await orders;
  console.log(`[erp] done; orders pulled ${o.pulled}, shipped ${o.shipped}`);
}

main().catch((err: unknown) => {
  console.error(`[erp] ${(err as Error).message}`);
  process.exitCode = 1;
});
