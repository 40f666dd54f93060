// /cart/step2?ids= 核对订单信息 through the real router: the preview and its amounts, coupon choices
// re-running the preview, the address picker, invoice checks, submitting at the amount seen with
// one Idempotency-Key per attempt (kept across a network failure), the 409 price dialog, the 403
// and 459 refusals, and where each CheckoutResult.next leads.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { spyOnCartRefreshes } from './cart-invalidations';
import type {
  Address,
  CheckoutPreview,
  CheckoutRequest,
  CheckoutResult,
  CompanyCoupon,
  OrderDetail,
} from '../../src/domain/orders';
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

// ---- fixtures ---------------------------------------------------------------------------------

const ADDRESSES: Address[] = [
  {
    id: 5,
    consignee: '王药师',
    phone: '13800000000',
    province: '广东省',
    city: '广州市',
    district: '天河区',
    detail: '体育西路 1 号康泰大药房',
    is_default: 1,
  },
  {
    id: 6,
    consignee: '李店长',
    phone: '020-12345678',
    province: '广东省',
    city: '佛山市',
    district: '南海区',
    detail: '桂城街道 8 号',
    is_default: 0,
  },
];

function coupon(over: Partial<CompanyCoupon>): CompanyCoupon {
  return {
    id: 1,
    kind: 'coupon',
    name: '满100减10',
    threshold: 10_000,
    amount: 1_000,
    expires_at: 1_798_761_600,
    usable: true,
    saving: 1_000,
    ...over,
  };
}

/** Amounts as the server would compute them for the chosen coupon/voucher/balance. */
function makePreview(
  input: { coupon_id?: number; voucher_id?: number; use_balance?: number } = {},
  over: Partial<CheckoutPreview> = {},
): CheckoutPreview {
  const couponId = input.coupon_id ?? 1; // the server's best
  const voucherId = input.voucher_id ?? 0;
  const couponAmount = couponId === 1 ? 1_000 : couponId === 2 ? 500 : 0;
  const voucherAmount = voucherId === 21 ? 300 : 0;
  const due = 12_000 - 500 - couponAmount - voucherAmount + 800;
  const balance = input.use_balance === 1 ? Math.min(5_000, due) : 0;
  return {
    lines: [
      {
        cart_id: 11,
        goods_id: 7,
        name: '感冒灵颗粒',
        sccj: '华润三九',
        ypgg: '10g*9袋',
        bzdw: '盒',
        goods_image: '',
        number: 4,
        price: 1_500,
        amount: 6_000,
        old_price: 1_400,
        is_ephedrine: 0,
      },
      {
        cart_id: 12,
        goods_id: 8,
        name: '复方盐酸伪麻黄碱缓释胶囊',
        sccj: '中美天津史克',
        ypgg: '10粒',
        bzdw: '盒',
        goods_image: '',
        number: 3,
        price: 2_000,
        amount: 6_000,
        old_price: null,
        is_ephedrine: 1,
      },
    ],
    addresses: ADDRESSES,
    coupons: [
      coupon({ id: 1 }),
      coupon({ id: 2, name: '无门槛5元券', threshold: 0, amount: 500, saving: 500 }),
      coupon({
        id: 3,
        name: '满500减50',
        threshold: 50_000,
        amount: 5_000,
        usable: false,
        saving: 0,
        unusable_reason: '订单金额未满¥500.00',
      }),
    ],
    vouchers: [coupon({ id: 21, kind: 'voucher', name: '3元现金券', threshold: 0, amount: 300, saving: 300 })],
    best_coupon_id: 1,
    best_voucher_id: null,
    wallet: { balance: 5_000, points: 100 },
    amounts: {
      goods_amount: 12_000,
      manjian_amount: 500,
      coupon_amount: couponAmount,
      voucher_amount: voucherAmount,
      shipping_amount: 800,
      balance_amount: balance,
      pay_amount: due - balance,
    },
    has_ephedrine: 1,
    price_changes: [{ goods_id: 7, name: '感冒灵颗粒', old_price: 1_400, new_price: 1_500 }],
    ...over,
  };
}

function makeOrder(id: number): OrderDetail {
  return {
    id,
    order_no: `DD2026030100${id}`,
    status: 'pending_payment',
    kind: 'normal',
    created_at: 1_772_300_000,
    pay_amount: 10_300,
    goods_amount: 12_000,
    line_count: 2,
    lines: [],
    expires_in: 1_800,
    has_ephedrine: 0,
    can: { pay: true, cancel: true, confirm: false, rebuy: true, after_sale: false, invoice: false },
    amounts: {
      goods_amount: 12_000,
      manjian_amount: 500,
      coupon_amount: 1_000,
      voucher_amount: 0,
      shipping_amount: 800,
      balance_amount: 0,
      pay_amount: 10_300,
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
  };
}

// ---- backend ----------------------------------------------------------------------------------

type Answer = CheckoutResult | ApiError;
let createAnswers: Answer[];
let addresses: Address[];

const checkoutCalls = () =>
  http.post.mock.calls.filter(([path]) => path === 'cart/checkout') as [
    string,
    Record<string, unknown>,
    { idempotencyKey?: string }?,
  ][];
const previewCalls = () =>
  checkoutCalls()
    .filter(([, body]) => body.new === 0)
    .map(([, body]) => body);
const createCalls = () => checkoutCalls().filter(([, body]) => body.new === 1);

beforeEach(() => {
  addresses = [...ADDRESSES];
  createAnswers = [
    { order_id: 77, order_no: 'DD202603010077', pay_amount: 10_300, status: 'pending_payment', next: 'pay' },
  ];
  http.get.mockImplementation(async (path: string) => {
    if (path === 'user/base') return makeUser();
    if (path === 'focus/common' || path.startsWith('focus/')) return [];
    if (path === 'address') return addresses;
    if (path === 'user/user_money') return { balance: 100_000, points: 0 };
    if (/^order\/\d+$/.test(path)) return makeOrder(Number(path.split('/')[1]));
    throw new Error(`unexpected GET ${path}`);
  });
  http.post.mockImplementation(async (path: string, body: Record<string, unknown>) => {
    if (path === 'cart/checkout' && body.new === 0) return makePreview(body as { coupon_id?: number });
    if (path === 'cart/checkout' && body.new === 1) {
      const answer = createAnswers.shift();
      if (!answer) throw new Error('no answer left');
      if (answer instanceof ApiError) throw answer;
      return answer;
    }
    if (path === 'address') {
      const saved: Address = { id: 9, ...(body as Omit<Address, 'id' | 'is_default'>), is_default: 0 };
      addresses = [...addresses, saved];
      return saved;
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

async function openCheckout(href = '/cart/step2?ids=11,12') {
  const view = renderRoute(href);
  // The first render also compiles the lazy page chunk.
  await screen.findByRole('heading', { level: 1, name: '核对订单信息' }, { timeout: 5_000 });
  await screen.findByRole('table');
  // The default address is chosen once the address list arrives.
  await waitFor(() => expect((screen.getByRole('radio', { name: /王药师/ }) as HTMLInputElement).checked).toBe(true));
  return view;
}

const amountRow = (label: string) => {
  const dt = within(screen.getByRole('region', { name: '金额明细' })).getByText(label, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};
const submitButton = () => screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement;
const networkError = () => new ApiError({ code: 0, status: 0, msg: '网络连接失败，请检查网络', kind: 'network' });

describe('checkout step 2', () => {
  it('previews the cart lines named in the URL and shows every amount with formatPrice', async () => {
    await openCheckout();
    expect(previewCalls()).toEqual([{ ids: [11, 12], use_balance: 0, new: 0 }]);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual([
      expect.stringContaining('感冒灵颗粒'),
      expect.stringContaining('含麻黄碱'),
    ]);
    // The price moved since the line went into the cart: marked with the old price.
    expect(within(rows[0]).getByText('已涨价')).toBeTruthy();
    expect(rows[0].textContent).toContain('¥14.00');
    expect(rows[0].textContent).toContain('¥60.00');
    expect(screen.getByText('有 1 种商品价格已变动，已按最新价格计算。')).toBeTruthy();
    expect(screen.getByText(/本订单含麻黄碱类药品/)).toBeTruthy();

    expect(amountRow('商品金额')).toBe('¥120.00');
    expect(amountRow('满减')).toBe('-¥5.00');
    expect(amountRow('优惠券')).toBe('-¥10.00');
    expect(amountRow('现金券')).toBe('¥0.00');
    expect(amountRow('运费')).toBe('¥8.00');
    expect(amountRow('余额抵扣')).toBe('¥0.00');
    expect(amountRow('应付金额')).toBe('¥113.00');
    expect(screen.getByText('（可用余额 ¥50.00）')).toBeTruthy();
  });

  it('preselects the best coupon, lists unusable ones with the reason, and re-previews on a choice', async () => {
    await openCheckout();
    const best = screen.getByRole('radio', { name: /满100减10/ }) as HTMLInputElement;
    expect(best.checked).toBe(true);
    const unusable = screen.getByRole('radio', { name: /满500减50/ }) as HTMLInputElement;
    expect(unusable.disabled).toBe(true);
    expect(document.getElementById(unusable.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '不可用：订单金额未满¥500.00',
    );

    fireEvent.click(screen.getByRole('radio', { name: /无门槛5元券/ }));
    await waitFor(() => expect(previewCalls().at(-1)).toEqual({ ids: [11, 12], use_balance: 0, coupon_id: 2, new: 0 }));
    await waitFor(() => expect(amountRow('优惠券')).toBe('-¥5.00'));
    expect(amountRow('应付金额')).toBe('¥118.00');

    fireEvent.click(screen.getByRole('radio', { name: /3元现金券/ }));
    await waitFor(() =>
      expect(previewCalls().at(-1)).toEqual({ ids: [11, 12], use_balance: 0, coupon_id: 2, voucher_id: 21, new: 0 }),
    );
    await waitFor(() => expect(amountRow('应付金额')).toBe('¥115.00'));

    fireEvent.click(screen.getByRole('radio', { name: '不使用优惠券' }));
    await waitFor(() => expect(previewCalls().at(-1)).toMatchObject({ coupon_id: 0, voucher_id: 21 }));
    await waitFor(() => expect(amountRow('优惠券')).toBe('¥0.00'));

    fireEvent.click(screen.getByRole('checkbox', { name: /使用账户余额抵扣/ }));
    await waitFor(() => expect(previewCalls().at(-1)).toMatchObject({ use_balance: 1 }));
    await waitFor(() => expect(amountRow('余额抵扣')).toBe('-¥50.00'));
  });

  it('submits at the amount seen with an Idempotency-Key, reused after a network failure', async () => {
    createAnswers = [
      networkError(),
      { order_id: 77, order_no: 'DD202603010077', pay_amount: 10_300, status: 'pending_payment', next: 'pay' },
    ];
    const cartChanged = spyOnCartRefreshes();
    const { router } = await openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: /李店长/ }));
    fireEvent.change(screen.getByRole('textbox', { name: '订单备注' }), { target: { value: '  周末不收货  ' } });

    fireEvent.click(submitButton());
    expect(await screen.findByText(/网络异常，订单可能尚未提交成功/)).toBeTruthy();
    expect(createCalls()).toHaveLength(1);
    const [, firstBody, firstOpts] = createCalls()[0];
    expect(firstBody).toEqual({
      ids: [11, 12],
      new: 1,
      address_id: 6,
      coupon_id: 1,
      voucher_id: 0,
      use_balance: 0,
      remark: '周末不收货',
      expected_pay_amount: 11_300,
    } satisfies CheckoutRequest);
    expect(firstOpts?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.click(submitButton());
    await waitFor(() => expect(currentHref(router)).toBe('/cart/step3/77'));
    expect(createCalls()).toHaveLength(2);
    expect(createCalls()[1][2]?.idempotencyKey).toBe(firstOpts?.idempotencyKey);
    // The cart badge and drawer were asked to refresh, once: the failed try changed nothing.
    expect(cartChanged.count()).toBe(1);
    cartChanged.restore();
  });

  it('asks for an address when the company has none, and selects one added inline', async () => {
    addresses = [];
    renderRoute('/cart/step2?ids=11,12');
    await screen.findByRole('table', {}, { timeout: 5_000 });
    // The preview's copy shows until the address list answers (empty here).
    await waitFor(() => expect(screen.getByText('您还没有收货地址，请先新增一个收货地址。')).toBeTruthy());
    fireEvent.click(submitButton());
    expect(await screen.findByText('请选择收货地址')).toBeTruthy();
    expect(createCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '新增收货地址' }));
    const dialog = await screen.findByRole('dialog', { name: '新增收货地址' });
    fireEvent.change(within(dialog).getByLabelText(/收货人/), { target: { value: '赵药师' } });
    fireEvent.change(within(dialog).getByLabelText(/手机号码/), { target: { value: '13912345678' } });
    // 省/市/区 are cascading selects whose lists load lazily: each is picked once it offers the name.
    for (const [label, value] of [
      [/省份/, '广东省'],
      [/城市/, '深圳市'],
      [/区\/县/, '南山区'],
    ] as const) {
      const select = within(dialog).getByRole('combobox', { name: label });
      await within(select).findByRole('option', { name: value }, { timeout: 5_000 });
      fireEvent.change(select, { target: { value } });
    }
    fireEvent.change(within(dialog).getByLabelText(/详细地址/), { target: { value: '科技园南路 100 号' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect((screen.getByRole('radio', { name: /赵药师/ }) as HTMLInputElement).checked).toBe(true));
    expect(screen.queryByText('请选择收货地址')).toBeNull();
  });

  it('lets go of the address the preview chose in the commit that draws an empty list: a tap right then is refused', async () => {
    // The preview lists the demo addresses (its placeholder picks 王药师), the address list none.
    addresses = [];
    let tapped = false;
    // A MutationObserver's callback runs right after the commit that draws the empty list, before
    // React's passive effects: the first moment a tap could come (session 29's CI failure).
    const observer = new MutationObserver(() => {
      if (tapped || !screen.queryByText('您还没有收货地址，请先新增一个收货地址。')) return;
      tapped = true;
      fireEvent.click(submitButton());
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      renderRoute('/cart/step2?ids=11,12');
      await waitFor(() => expect(tapped).toBe(true), { timeout: 5_000 });
      expect(await screen.findByText('请选择收货地址')).toBeTruthy();
      expect(createCalls()).toHaveLength(0);
    } finally {
      observer.disconnect();
    }
  });

  it('prefills the invoice title with the company and checks the invoice before submitting', async () => {
    await openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: '普通发票' }));
    const title = screen.getByRole('textbox', { name: /发票抬头/ }) as HTMLInputElement;
    expect(title.value).toBe('广州康泰大药房有限公司');
    fireEvent.click(submitButton());
    const email = screen.getByRole('textbox', { name: /接收邮箱/ });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const described = (email.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('请填写接收电子发票的邮箱');
    expect(document.activeElement).toBe(email);
    expect(createCalls()).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'caiwu@kangtai.cn' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(createCalls()).toHaveLength(1));
    expect(createCalls()[0][1].invoice).toEqual({
      kind: 'normal',
      title: '广州康泰大药房有限公司',
      tax_no: '',
      email: 'caiwu@kangtai.cn',
    });
  });

  it('shows old and new prices on 409 and resubmits at the new amount with a new key', async () => {
    const changed = new ApiError({
      code: 409,
      status: 409,
      msg: '商品价格已变动，请确认后重新提交',
      data: { price_changes: [{ goods_id: 8, name: '复方盐酸伪麻黄碱缓释胶囊', old_price: 2_000, new_price: 2_100 }] },
    });
    createAnswers = [
      changed,
      { order_id: 78, order_no: 'DD202603010078', pay_amount: 10_600, status: 'pending_payment', next: 'ephedrine' },
    ];
    const { router } = await openCheckout();
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog', { name: '商品价格已变动' });
    const row = within(dialog).getByRole('row', { name: /复方盐酸伪麻黄碱缓释胶囊/ });
    expect(row.textContent).toContain('¥20.00');
    expect(row.textContent).toContain('¥21.00');

    // The server now prices the order higher.
    http.post.mockImplementation(async (path: string, body: Record<string, unknown>) => {
      if (path === 'cart/checkout' && body.new === 0) {
        const p = makePreview(body);
        return { ...p, amounts: { ...p.amounts, goods_amount: 12_300, pay_amount: 10_600 } };
      }
      const answer = createAnswers.shift();
      if (answer instanceof ApiError) throw answer;
      return answer;
    });
    const previewsBefore = previewCalls().length;
    fireEvent.click(within(dialog).getByRole('button', { name: '确认新价格并重新提交' }));
    await waitFor(() => expect(currentHref(router)).toBe('/cart/hm?id=78'));
    expect(previewCalls().length).toBe(previewsBefore + 1);
    expect(createCalls()).toHaveLength(2);
    expect(createCalls()[1][1].expected_pay_amount).toBe(10_600);
    expect(createCalls()[1][2]?.idempotencyKey).not.toBe(createCalls()[0][2]?.idempotencyKey);
  });

  it.each([
    ['pay', '/cart/step3/77'],
    ['ephedrine', '/cart/hm?id=77'],
    ['done', '/cart/step4?id=77'],
  ] as const)('goes on to the right page when the result says next=%s', async (next, href) => {
    createAnswers = [
      {
        order_id: 77,
        order_no: 'DD202603010077',
        pay_amount: 10_300,
        status: next === 'done' ? 'paid' : 'pending_payment',
        next,
      },
    ];
    const { router } = await openCheckout();
    fireEvent.click(submitButton());
    await waitFor(() => expect(currentHref(router)).toBe(href));
  });

  it('explains a 403 with a link to the qualification page and stays', async () => {
    createAnswers = [new ApiError({ code: 403, status: 403, msg: '资质审核通过后才能下单' })];
    const { router } = await openCheckout();
    fireEvent.click(submitButton());
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('资质审核通过后才能下单');
    expect(within(notice).getByRole('link', { name: '去查看资质证件' }).getAttribute('href')).toBe('/zzzj');
    expect(router.state.location.pathname).toBe('/cart/step2');
  });

  it('leaves 459 to the SPEC §8 presenter: the message, then /dzht', async () => {
    createAnswers = [new ApiError({ code: 459, status: 459, msg: '请先签署电子合同' })];
    const { redirects } = await openCheckout();
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('请先签署电子合同')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(redirects).toEqual(['/dzht']));
  });

  it('shows a stock refusal and stays on the page', async () => {
    createAnswers = [new ApiError({ code: 400, status: 400, msg: '感冒灵颗粒：库存不足' })];
    const { router } = await openCheckout();
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('感冒灵颗粒：库存不足')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/cart/step2');
    expect(submitButton().disabled).toBe(false);
    // The message stays beside the button after the alert is closed.
    expect(screen.getByRole('alert').textContent).toContain('感冒灵颗粒：库存不足');
  });

  it('says so when no cart lines are named', async () => {
    renderRoute('/cart/step2');
    expect(await screen.findByText('没有选择要结算的商品', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回购物车' }).getAttribute('href')).toBe('/cart');
    expect(previewCalls()).toHaveLength(0);
  });
});
