// The Alipay gateway (server/services/payments/alipay.ts) offline: RSA key pairs generated here
// stand in for the shop's application key and Alipay's key. Notifications are signed the way
// Alipay signs them (RSA2 over the sorted `k=v` pairs, without sign and sign_type) and posted to
// /api/pay/alipay/notify; refunds go to a local HTTP server standing in for Alipay's gateway.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { orderRefunds, afterSales, orderLines, orders, payments, walletLedger } from '../../server/db/schema.ts';
import { createAfterSale } from '../../server/services/after-sales/requests.ts';
import { stepAfterSale } from '../../server/services/after-sales/operator.ts';
import { roleOperator } from '../helpers/operators.ts';
import type { AlipayGateway } from '../../server/payment-gateway.ts';
import { alipayGateway } from '../../server/services/payments/alipay.ts';
import type { PayResult } from '../../src/domain/orders.ts';

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
const app = keyPair();
const alipay = keyPair();
const stranger = keyPair();
const APP_ID = '2021000000000001';

let t: TestApp;
let shop: Shop;
let gateway: AlipayGateway;
let G = 0;
let edge: Server;
const edgeRequests: URLSearchParams[] = [];
/** While true, Alipay's gateway refuses every refund. */
let refuseRefunds = false;

function rsa2(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

/** A notification as Alipay sends it, signed with `key` (Alipay's own unless told). */
function notification(fields: Record<string, string>, key = alipay.privateKey): Record<string, string> {
  const params: Record<string, string> = {
    notify_time: '2025-06-02 10:01:00',
    notify_type: 'trade_status_sync',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    trade_no: '2025060222001400000000000001',
    trade_status: 'TRADE_SUCCESS',
    ...fields,
  };
  const content = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return { ...params, sign_type: 'RSA2', sign: rsa2(content, key) };
}

const notify = (params: Record<string, string>) =>
  t.app.request('/api/pay/alipay/notify', { method: 'POST', body: new URLSearchParams(params) });
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

/** An unpaid order and its Alipay payment (reference = out_trade_no). */
async function alipayPayment(
  b: ShopBuyer,
): Promise<{ orderId: number; reference: string; amount: number; url: string }> {
  const ids = await shop.fill(b, [[G, 2]]);
  const placed = await shop.order(b, ids, { coupon_id: 0, voucher_id: 0 });
  const orderId = placed.body.data.order_id as number;
  const res = await t.call<PayResult>('POST', `/api/order/${orderId}/pay`, {
    cookie: b.cookie,
    body: { method: 'alipay' },
  });
  expect(res.status).toBe(200);
  const [p] = await t.db.select().from(payments).where(eq(payments.id, res.body.data.payment_id));
  return { orderId, reference: p.gatewayRef!, amount: p.amount, url: res.body.data.gateway_url! };
}

beforeAll(async () => {
  // Alipay's gateway for refunds: answers alipay.trade.refund, signed with Alipay's key.
  edge = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const params = new URLSearchParams(raw);
      const url = new URL(req.url ?? '/', 'http://edge');
      edgeRequests.push(new URLSearchParams([...url.searchParams, ...params]));
      const biz = JSON.parse(params.get('biz_content') ?? url.searchParams.get('biz_content') ?? '{}') as Record<
        string,
        string
      >;
      const ok = !refuseRefunds && biz.refund_amount !== '999.00';
      const body = JSON.stringify(
        ok
          ? {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              refund_fee: biz.refund_amount,
              fund_change: 'Y',
            }
          : {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
              sub_msg: '退款金额超限',
            },
      );
      res.setHeader('content-type', 'application/json;charset=utf-8');
      res.end(`{"alipay_trade_refund_response":${body},"sign":"${rsa2(body, alipay.privateKey)}"}`);
    });
  });
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  gateway = alipayGateway({
    appId: APP_ID,
    privateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    gateway: `http://127.0.0.1:${(edge.address() as AddressInfo).port}/gateway.do`,
    shopUrl: 'https://shop.example.com',
  });
  t = await createTestApp({ config: { demo: false, devEndpoints: false, alipay: gateway } });
  shop = await createShop(t);
  G = await shop.goods({ name: '阿莫西林胶囊', basePrice: 1_000, stock: 10_000 });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => edge.close(resolve));
});

describe('paying with Alipay', () => {
  it('sends the buyer to a page-pay URL signed with the shop key', async () => {
    const b = await shop.buyer({});
    const { url, reference, amount } = await alipayPayment(b);
    const u = new URL(url);
    expect(u.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(u.searchParams.get('notify_url')).toBe('https://shop.example.com/api/pay/alipay/notify');
    const biz = JSON.parse(u.searchParams.get('biz_content')!) as Record<string, string>;
    expect(biz).toMatchObject({
      out_trade_no: reference,
      total_amount: (amount / 100).toFixed(2),
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    expect(u.searchParams.get('sign')).toBeTruthy();
  });

  it('uses the mobile cashier (wap pay) for a phone', async () => {
    const b = await shop.buyer({});
    const ids = await shop.fill(b, [[G, 1]]);
    const orderId = (await shop.order(b, ids, { coupon_id: 0, voucher_id: 0 })).body.data.order_id as number;
    const res = await t.call<PayResult>('POST', `/api/order/${orderId}/pay`, {
      cookie: b.cookie,
      body: { method: 'alipay' },
      headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
    });
    expect(new URL(res.body.data.gateway_url!).searchParams.get('method')).toBe('alipay.trade.wap.pay');
  });

  it('marks the order paid on a notification signed by Alipay, and a replay changes nothing', async () => {
    const b = await shop.buyer({});
    const { orderId, reference, amount } = await alipayPayment(b);
    const signed = notification({ out_trade_no: reference, total_amount: (amount / 100).toFixed(2) });
    const first = await notify(signed);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('success');
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({ status: 'paid', payMethod: 'alipay', paidAmount: amount });

    const again = await notify(signed);
    expect(await again.text()).toBe('success');
    expect(await orderRow(orderId)).toEqual(paid);
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows.map((p) => p.status)).toEqual(['succeeded']);
  });

  it('refuses a notification signed with another key', async () => {
    const b = await shop.buyer({});
    const { orderId, reference, amount } = await alipayPayment(b);
    const res = await notify(
      notification({ out_trade_no: reference, total_amount: (amount / 100).toFixed(2) }, stranger.privateKey),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('支付通知无效');
    expect((await orderRow(orderId)).status).toBe('pending_payment');
  });

  it('refuses a notification whose amount was changed after signing', async () => {
    const b = await shop.buyer({});
    const { orderId, reference, amount } = await alipayPayment(b);
    const signed = notification({ out_trade_no: reference, total_amount: (amount / 100).toFixed(2) });
    expect((await notify({ ...signed, total_amount: '0.01' })).status).toBe(400);
    expect((await orderRow(orderId)).status).toBe('pending_payment');
  });

  it('refuses a correctly signed notification for another amount', async () => {
    const b = await shop.buyer({});
    const { orderId, reference } = await alipayPayment(b);
    const res = await notify(notification({ out_trade_no: reference, total_amount: '0.01' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('支付金额与订单不符');
    expect((await orderRow(orderId)).status).toBe('pending_payment');
  });

  it('refuses a signed notification for an unknown order number', async () => {
    const res = await notify(notification({ out_trade_no: 'ALI000000000000000000000000', total_amount: '30.00' }));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { msg: string }).msg).toBe('支付单不存在');
  });

  it('does not pay on a notification that the trade is still waiting', async () => {
    const b = await shop.buyer({});
    const { orderId, reference, amount } = await alipayPayment(b);
    await notify(
      notification({
        out_trade_no: reference,
        total_amount: (amount / 100).toFixed(2),
        trade_status: 'WAIT_BUYER_PAY',
      }),
    );
    expect((await orderRow(orderId)).status).toBe('pending_payment');
  });

  it('offers no sandbox in production: the method is refused and its routes are gone', async () => {
    const b = await shop.buyer({});
    const ids = await shop.fill(b, [[G, 1]]);
    const orderId = (await shop.order(b, ids, { coupon_id: 0, voucher_id: 0 })).body.data.order_id as number;
    const res = await t.call('POST', `/api/order/${orderId}/pay`, { cookie: b.cookie, body: { method: 'sandbox' } });
    expect(res.status).toBe(422);
    expect((await t.call('GET', '/api/pay/sandbox/1', { cookie: b.cookie })).status).toBe(404);
    expect((await t.call('POST', '/api/pay/sandbox/1/confirm', { cookie: b.cookie })).status).toBe(404);
    expect((await t.call('GET', '/api/dev/outbox')).status).toBe(404);
    const common = await t.call('GET', '/api/global/shop_mode');
    expect(common.body.data).toMatchObject({ demo: false, online_pay: 'alipay' });
  });
});

describe('Alipay refunds', () => {
  it('sends a signed alipay.trade.refund and accepts Alipay’s signed answer', async () => {
    edgeRequests.length = 0;
    await gateway.refund({ reference: 'ALI0001', amount: 1_250, refundNo: 'AS-7', reason: '售后退款' });
    expect(edgeRequests).toHaveLength(1);
    const sent = edgeRequests[0];
    expect(sent.get('method')).toBe('alipay.trade.refund');
    expect(sent.get('sign')).toBeTruthy();
    expect(JSON.parse(sent.get('biz_content')!)).toMatchObject({
      out_trade_no: 'ALI0001',
      refund_amount: '12.50',
      out_request_no: 'AS-7',
    });
  });

  it('rejects when Alipay refuses the refund', async () => {
    await expect(
      gateway.refund({ reference: 'ALI0001', amount: 99_900, refundNo: 'AS-8', reason: '售后退款' }),
    ).rejects.toThrow(/40004/);
  });
});

describe('after-sale refunds of an order paid with Alipay', () => {
  /** A paid Alipay order and a refund request for one of its two units. */
  async function refundRequest(): Promise<{ b: ShopBuyer; afterSaleId: number; reference: string }> {
    const b = await shop.buyer({});
    const { orderId, reference, amount } = await alipayPayment(b);
    await notify(notification({ out_trade_no: reference, total_amount: (amount / 100).toFixed(2) }));
    const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
    const afterSaleId = await createAfterSale(
      t.db,
      [b.companyId],
      orderId,
      { kind: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: line.id, number: 1 }] },
      t.clock.now(),
    );
    return { b, afterSaleId, reference };
  }
  // The console's steps: 客服 accepts, then 财务 refunds the original way.
  const advance = async (id: number) => {
    const { actor } = await roleOperator(t, 'admin');
    const [row] = await t.db.select({ status: afterSales.status }).from(afterSales).where(eq(afterSales.id, id));
    await stepAfterSale(
      t.db,
      t.deps.config,
      actor,
      id,
      row.status === 'submitted' ? { step: 'accept' } : { step: 'refund', route: 'original' },
      t.clock.now(),
    );
  };
  const afterSale = async (id: number) => (await t.db.select().from(afterSales).where(eq(afterSales.id, id)))[0];
  const refunds = (id: number) => t.db.select().from(orderRefunds).where(eq(orderRefunds.afterSaleId, id));

  it('sends the refund back through Alipay, not to the wallet', async () => {
    const { b, afterSaleId, reference } = await refundRequest();
    await advance(afterSaleId);
    edgeRequests.length = 0;
    await advance(afterSaleId);
    const as = await afterSale(afterSaleId);
    expect(as.status).toBe('refunded');
    expect(edgeRequests).toHaveLength(1);
    expect(JSON.parse(edgeRequests[0].get('biz_content')!)).toMatchObject({
      out_trade_no: reference,
      refund_amount: (as.amount / 100).toFixed(2),
      out_request_no: `AS${afterSaleId}`,
    });
    expect(await refunds(afterSaleId)).toEqual([
      expect.objectContaining({ amount: as.amount, status: 'succeeded', error: null }),
    ]);
    expect(await t.db.select().from(walletLedger).where(eq(walletLedger.companyId, b.companyId))).toEqual([]);
    expect((as.history as { text: string }[]).at(-1)?.text).toBe(`退款¥${(as.amount / 100).toFixed(2)}已原路退回`);
  });

  it('a refused refund leaves the request to retry with the reason; the retry refunds once', async () => {
    const { afterSaleId } = await refundRequest();
    await advance(afterSaleId);
    edgeRequests.length = 0;
    refuseRefunds = true;
    try {
      await expect(advance(afterSaleId)).rejects.toThrow(/^原路退款失败：.*40004/);
    } finally {
      refuseRefunds = false;
    }
    expect((await afterSale(afterSaleId)).status).toBe('approved');
    expect(await refunds(afterSaleId)).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringMatching(/40004/) }),
    ]);

    await advance(afterSaleId);
    expect((await afterSale(afterSaleId)).status).toBe('refunded');
    expect(await refunds(afterSaleId)).toEqual([expect.objectContaining({ status: 'succeeded', error: null })]);
    // Both attempts carry the same out_request_no: Alipay refunds it once.
    expect(edgeRequests.map((r) => JSON.parse(r.get('biz_content')!).out_request_no)).toEqual([
      `AS${afterSaleId}`,
      `AS${afterSaleId}`,
    ]);
    await expect(advance(afterSaleId)).rejects.toThrow('售后单当前状态不能进行此操作');
    expect(edgeRequests).toHaveLength(2);
  });
});
