// Orders, details, after-sales and invoices as GET /api/order… answers them, for the order-centre
// component tests (orders-page, order-detail, after-sale, invoices-page).
import type { Page } from '../../src/domain/envelope';
import type { AfterSale, Invoice, OrderDetail, OrderLine, OrderSummary, OrderTabKey } from '../../src/domain/orders';
import type { OrderListResult } from '../../src/api/orders';

/** 2026-01-01 08:00 Asia/Shanghai, in seconds. */
export const T0 = 1_767_225_600;

const NO_ACTIONS: OrderSummary['can'] = {
  pay: false,
  cancel: false,
  confirm: false,
  rebuy: false,
  after_sale: false,
  invoice: false,
};

export function makeSummary(over: Partial<OrderSummary> & { id: number }): OrderSummary {
  return {
    order_no: `2026010108000${over.id}`,
    status: 'completed',
    kind: 'normal',
    created_at: T0,
    pay_amount: 12_345,
    goods_amount: 12_345,
    line_count: 2,
    lines: [
      { goods_id: 1, name: '感冒灵颗粒', goods_image: '/img/1.svg', number: 10 },
      { goods_id: 2, name: '阿莫西林胶囊', goods_image: '/img/2.svg', number: 5 },
    ],
    expires_in: null,
    has_ephedrine: 0,
    ...over,
    can: { ...NO_ACTIONS, ...over.can },
  };
}

export function makeLine(over: Partial<OrderLine> & { id: number }): OrderLine {
  return {
    goods_id: over.id,
    name: '感冒灵颗粒',
    sccj: '华润三九医药股份有限公司',
    ypgg: '10g*9袋',
    bzdw: '盒',
    goods_image: '/img/1.svg',
    batch_no: 'B2025001',
    expires_on: '2027-06-30',
    number: 10,
    price: 1_250,
    amount: 12_500,
    returned_number: 0,
    ...over,
  };
}

export function makeDetail(over: Partial<OrderDetail> & { id: number }): OrderDetail {
  const lines = over.lines ?? [
    makeLine({ id: 101, goods_id: 1, name: '感冒灵颗粒', number: 10, returned_number: 3 }),
    makeLine({
      id: 102,
      goods_id: 2,
      name: '阿莫西林胶囊',
      ypgg: '0.25g*24粒',
      batch_no: 'A-77',
      expires_on: '2026-12-31',
      number: 5,
      price: 800,
      amount: 4_000,
    }),
  ];
  const summary = makeSummary({ ...over, lines: [] });
  return {
    ...summary,
    lines,
    amounts: {
      goods_amount: 16_500,
      manjian_amount: 1_000,
      coupon_amount: 500,
      voucher_amount: 0,
      shipping_amount: 0,
      balance_amount: 2_000,
      pay_amount: 13_000,
      paid_amount: 13_000,
      points_used: 0,
    },
    address: {
      consignee: '王药师',
      phone: '13800000000',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      detail: '体育西路1号',
    },
    invoice: { kind: 'normal', title: '广州康泰大药房有限公司', tax_no: '91440101MA59ABCD1X', email: 'fp@kt.cn' },
    remark: '请工作日送货',
    pay_method: 'balance',
    payments: [{ id: 1, method: 'balance', amount: 13_000, status: 'succeeded', created_at: T0 + 60 }],
    history: [
      { time: T0, status: 'pending_payment', text: '订单已提交' },
      { time: T0 + 60, status: 'paid', text: '付款成功' },
      { time: T0 + 3_600, status: 'shipped', text: '仓库已发货' },
    ],
    logistics: [
      {
        carrier: '顺丰速运',
        tracking_no: 'SF1234567890',
        events: [
          { time: T0 + 3_600, text: '已揽收' },
          { time: T0 + 7_200, text: '到达广州转运中心' },
        ],
      },
    ],
    ephedrine_receipt: null,
    after_sales: [],
    ...over,
    can: { ...NO_ACTIONS, ...over.can },
  } as OrderDetail;
}

export function listOf(list: OrderSummary[], over: Partial<OrderListResult> = {}): OrderListResult {
  const counts: Partial<Record<OrderTabKey, number>> = {
    all: list.length,
    unpaid: 3,
    paid: 0,
    shipped: 1,
    completed: 2,
  };
  return { list, total: list.length, page: 1, page_size: 10, counts, ...over };
}

export function makeAfterSale(over: Partial<AfterSale> & { id: number }): AfterSale {
  return {
    order_id: 5,
    order_no: '202601010800005',
    kind: 'return',
    reason: '破损',
    description: '外箱破损，2盒压坏',
    lines: [{ order_line_id: 101, name: '感冒灵颗粒', number: 2, price: 1_250 }],
    photos: ['/api/upload/1', '/api/upload/2'],
    amount: 2_500,
    status: 'approved',
    history: [
      { time: T0, text: '提交售后申请' },
      { time: T0 + 600, text: '客服已同意退货，请寄回商品' },
    ],
    created_at: T0,
    ...over,
  };
}

export function makeInvoice(over: Partial<Invoice> & { id: number }): Invoice {
  return {
    order_id: 4,
    order_no: '202601010800004',
    kind: 'normal',
    title: '广州康泰大药房有限公司',
    tax_no: '91440101MA59ABCD1X',
    email: 'fp@kt.cn',
    amount: 12_345,
    status: 'requested',
    invoice_no: null,
    issued_at: null,
    created_at: T0,
    pdf_url: null,
    ...over,
  };
}

export function pageOf<T>(list: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { list, total: list.length, page: 1, page_size: 10, ...over };
}
