// The pay pages through the real router: step 3 (/cart/step3/:id and /cart_step3/:id) with the
// order summary and countdown, the three payment methods (balance only when it covers the
// amount, 对公转账 with our account, the sandbox gateway), /cart/hm with the 含麻黄碱 registration,
// step 4's outcomes, and the sandbox gateway page itself.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { OrderDetail, PayResult, SandboxPayment, TransferInfo } from '../../src/domain/orders';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { currentHref, makeUser, renderRoute } from './catalog-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

function makeOrder(over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 77,
    order_no: 'DD202603010077',
    status: 'pending_payment',
    kind: 'normal',
    created_at: 1_772_300_000,
    pay_amount: 11_300,
    goods_amount: 12_000,
    line_count: 2,
    lines: [],
    expires_in: 3_725, // 1小时02分05秒
    has_ephedrine: 0,
    can: { pay: true, cancel: true, confirm: false, rebuy: true, after_sale: false, invoice: false },
    amounts: {
      goods_amount: 12_000,
      manjian_amount: 500,
      coupon_amount: 1_000,
      voucher_amount: 0,
      shipping_amount: 800,
      balance_amount: 0,
      pay_amount: 11_300,
      paid_amount: 0,
      points_used: 0,
    },
    address: {
      consignee: '王药师',
      phone: '13800000000',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      detail: '体育西路 1 号',
    },
    invoice: null,
    remark: '',
    pay_method: null,
    payments: [],
    history: [],
    logistics: [],
    ephedrine_receipt: null,
    after_sales: [],
    ...over,
  };
}

const TRANSFER: TransferInfo = {
  account_name: '康源医药有限公司',
  bank: '中国工商银行广州天河支行',
  account_no: '3602 0012 0920 0123 456',
  remark: '订单号',
  notice: '请使用企业对公账户转账。',
};

const SANDBOX: SandboxPayment = {
  payment_id: 9,
  order_id: 77,
  order_no: 'DD202603010077',
  amount: 11_300,
  status: 'created',
  created_at: 1_772_300_100,
};

let order: OrderDetail;
let balance: number;
let payAnswer: PayResult | ApiError;
/** What GET /api/global/shop_mode says about the online gateway (undefined: no answer). */
let onlinePay: 'sandbox' | 'alipay' | null | undefined;

beforeEach(() => {
  order = makeOrder();
  balance = 5_000;
  payAnswer = { status: 'paid', payment_id: 3 };
  onlinePay = undefined;
  http.get.mockImplementation(async (path: string) => {
    if (path === 'user/base') return makeUser();
    if (path === 'global/shop_mode' && onlinePay !== undefined)
      return { demo: onlinePay === 'sandbox', online_pay: onlinePay };
    if (path.startsWith('focus/')) return [];
    if (path === 'order/77') return order;
    if (path === 'user/user_money') return { balance, points: 0 };
    if (path === 'pay/transfer_info') return TRANSFER;
    if (path === 'pay/sandbox/9') return SANDBOX;
    throw new Error(`unexpected GET ${path}`);
  });
  http.post.mockImplementation(async (path: string, body?: Record<string, unknown>) => {
    if (path === 'order/77/pay') {
      if (payAnswer instanceof ApiError) throw payAnswer;
      if (body?.method === 'balance') order = { ...order, status: 'paid', can: { ...order.can, pay: false } };
      if (body?.method === 'transfer') order = { ...order, status: 'awaiting_transfer' };
      return payAnswer;
    }
    if (path === 'pay/sandbox/9/confirm') {
      order = { ...order, status: 'paid', can: { ...order.can, pay: false } };
      return { order_id: 77, payment_id: 9, status: 'paid' };
    }
    if (path === 'order/77/ephedrine') {
      order = {
        ...order,
        ephedrine_receipt: {
          buyer_name: String(body?.buyer_name),
          id_card: '110105********002X',
          phone: String(body?.phone),
        },
      };
      return { status: 'pending_payment' };
    }
    throw new Error(`unexpected POST ${path}`);
  });
});

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
  http.post.mockReset();
});

async function openPay(href = '/cart/step3/77') {
  const view = renderRoute(href);
  await screen.findByRole('heading', { level: 1, name: '支付订单' }, { timeout: 5_000 });
  return view;
}

const methodRadio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
const payCalls = () => http.post.mock.calls.filter(([p]) => p === 'order/77/pay').map(([, b]) => b);

describe('pay page (step 3)', () => {
  it('shows the order, the time left, and disables balance payment when the balance is short', async () => {
    await openPay();
    const summary = await screen.findByRole('region', { name: '订单信息' });
    expect(summary.textContent).toContain('DD202603010077');
    expect(summary.textContent).toContain('¥113.00');
    // The countdown starts at 1:02:05 and ticks; a loaded machine may be seconds into it.
    const timer = await within(summary).findByRole('timer');
    expect(timer.textContent).toMatch(/请在 1小时0[12]分\d\d秒 内完成支付/);

    await screen.findByText(/可用余额 ¥50\.00/);
    const byBalance = methodRadio(/余额支付/);
    expect(byBalance.disabled).toBe(true);
    const reason = document.getElementById(byBalance.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain('余额不足');
    // The online gateway is chosen instead.
    expect(methodRadio(/在线支付（沙箱）/).checked).toBe(true);
    expect(screen.getByRole('button', { name: '前往支付' })).toBeTruthy();
  });

  it('pays by balance when it covers the order and shows 支付完成 on step 4', async () => {
    balance = 20_000;
    const { router } = await openPay('/cart_step3/77');
    await waitFor(() => expect(methodRadio(/余额支付/).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(currentHref(router)).toBe('/cart/step4?id=77'));
    expect(payCalls()).toEqual([{ method: 'balance' }]);
    expect(await screen.findByRole('heading', { level: 1, name: '支付完成' })).toBeTruthy();
    expect(screen.getByText('DD202603010077')).toBeTruthy();
    expect(screen.getByText('¥113.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/order/info/77');
    expect(screen.getByRole('link', { name: '继续购物' }).getAttribute('href')).toBe('/');
  });

  it('shows our bank account for 对公转账 and marks the order as awaiting on 我已转账', async () => {
    payAnswer = { status: 'awaiting_transfer', payment_id: 4, transfer_info: TRANSFER };
    const { router } = await openPay();
    fireEvent.click(await screen.findByRole('radio', { name: /对公转账/ }));
    const bank = await screen.findByLabelText('收款账户');
    expect(bank.textContent).toContain('康源医药有限公司');
    expect(bank.textContent).toContain('中国工商银行广州天河支行');
    expect(bank.textContent).toContain('3602 0012 0920 0123 456');
    expect(bank.textContent).toContain('DD202603010077');
    fireEvent.click(screen.getByRole('button', { name: '我已转账' }));
    await waitFor(() => expect(currentHref(router)).toBe('/cart/step4?id=77'));
    expect(payCalls()).toEqual([{ method: 'transfer' }]);
    expect(await screen.findByRole('heading', { level: 1, name: '订单已提交' })).toBeTruthy();
    expect(screen.getByText(/财务确认收款后将为您安排发货/)).toBeTruthy();
  });

  it('sends the online payment to the sandbox gateway, which confirms and ends on step 4', async () => {
    payAnswer = { status: 'pending_payment', payment_id: 9, gateway_url: '/pay/sandbox/9' };
    const { router } = await openPay();
    await screen.findByText(/可用余额/);
    fireEvent.click(screen.getByRole('button', { name: '前往支付' }));
    await waitFor(() => expect(currentHref(router)).toBe('/pay/sandbox/9'));
    expect(payCalls()).toEqual([{ method: 'sandbox' }]);
    expect(await screen.findByRole('heading', { level: 1, name: '沙箱支付网关（演示）' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('不会产生任何真实扣款');
    await screen.findByText('DD202603010077');
    fireEvent.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(currentHref(router)).toBe('/cart/step4?id=77'));
    expect(http.post).toHaveBeenCalledWith('pay/sandbox/9/confirm');
    expect(await screen.findByRole('heading', { level: 1, name: '支付完成' })).toBeTruthy();
  });

  it('offers Alipay instead of the sandbox when the shop runs it, and pays with it', async () => {
    onlinePay = 'alipay';
    // A relative cashier keeps jsdom from attempting a cross-origin navigation.
    payAnswer = { status: 'pending_payment', payment_id: 9, gateway_url: '/pay/sandbox/9' };
    const { router } = await openPay();
    await screen.findByText(/可用余额/);
    expect(await screen.findByRole('radio', { name: '支付宝' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '在线支付（沙箱）' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '前往支付宝支付' }));
    await waitFor(() => expect(currentHref(router)).toBe('/pay/sandbox/9'));
    expect(payCalls()).toEqual([{ method: 'alipay' }]);
  });

  it('offers no online method when the shop runs no gateway', async () => {
    onlinePay = null;
    await openPay();
    await screen.findByText(/可用余额/);
    await waitFor(() => expect(screen.queryByRole('radio', { name: '在线支付（沙箱）' })).toBeNull());
    expect(screen.getByRole('radio', { name: '对公转账' })).toBeTruthy();
  });

  it('goes back to step 3 when the sandbox payment is cancelled', async () => {
    const { router } = renderRoute('/pay/sandbox/9');
    await screen.findByText('DD202603010077', {}, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(currentHref(router)).toBe('/cart/step3/77'));
  });

  it('tells an already paid order apart and links to it', async () => {
    order = makeOrder({ status: 'paid', can: { ...makeOrder().can, pay: false } });
    await openPay();
    expect(await screen.findByText('该订单已支付，无需重复支付。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/order/info/77');
    expect(screen.queryByRole('button', { name: /支付/ })).toBeNull();
  });

  it('sends an unregistered 含麻黄碱 order to /cart/hm', async () => {
    order = makeOrder({ has_ephedrine: 1 });
    const { router } = await openPay();
    await waitFor(() => expect(currentHref(router)).toBe('/cart/hm?id=77'));
    expect(await screen.findByRole('heading', { name: '含麻黄碱药品购买登记' })).toBeTruthy();
  });
});

describe('含麻黄碱 pay page (/cart/hm)', () => {
  it('checks the registration on the page, sends it, then offers the payment methods', async () => {
    order = makeOrder({ has_ephedrine: 1 });
    await openPay('/cart/hm?id=77');
    await screen.findByRole('heading', { name: '含麻黄碱药品购买登记' });
    const name = screen.getByRole('textbox', { name: /购药人姓名/ }) as HTMLInputElement;
    const idCard = screen.getByRole('textbox', { name: /身份证号码/ });
    const phone = screen.getByRole('textbox', { name: /手机号码/ }) as HTMLInputElement;
    // Prefilled from the signed-in member.
    await waitFor(() => expect(name.value).toBe('王药师'));
    expect(phone.value).toBe('13800000000');
    // No payment before the registration.
    expect(screen.queryByRole('group', { name: '选择支付方式' })).toBeNull();

    fireEvent.change(idCard, { target: { value: '110105194912310021' } });
    fireEvent.click(screen.getByRole('button', { name: '提交登记信息' }));
    await waitFor(() => expect(idCard.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (idCard.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain('身份证号码校验位不正确');
    expect(document.activeElement).toBe(idCard);
    expect(http.post).not.toHaveBeenCalled();

    fireEvent.change(idCard, { target: { value: '11010519491231002x' } });
    fireEvent.click(screen.getByRole('button', { name: '提交登记信息' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('order/77/ephedrine', {
        buyer_name: '王药师',
        id_card: '11010519491231002X',
        phone: '13800000000',
      }),
    );
    expect(await screen.findByRole('group', { name: '选择支付方式' })).toBeTruthy();
    expect(screen.getByText(/已登记购药人：王药师，身份证 110105\*{8}002X/)).toBeTruthy();
  });

  it('shows the server refusal of a field beside it', async () => {
    order = makeOrder({ has_ephedrine: 1 });
    http.post.mockRejectedValueOnce(
      new ApiError({
        code: 422,
        status: 422,
        msg: '购药人须年满18周岁',
        fieldErrors: { id_card: ['购药人须年满18周岁'] },
      }),
    );
    await openPay('/cart/hm?id=77');
    const idCard = await screen.findByRole('textbox', { name: /身份证号码/ });
    fireEvent.change(idCard, { target: { value: '11010519491231002X' } });
    fireEvent.click(screen.getByRole('button', { name: '提交登记信息' }));
    expect(await screen.findByText('购药人须年满18周岁')).toBeTruthy();
    expect(idCard.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('step 4', () => {
  it('says a still unpaid order was submitted and offers to pay', async () => {
    renderRoute('/cart/step4?id=77');
    expect(await screen.findByRole('heading', { level: 1, name: '订单已提交' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去支付' }).getAttribute('href')).toBe('/cart/step3/77');
  });
});
