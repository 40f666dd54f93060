// Checkout, orders, payments, after-sales and invoices: the shapes the server answers and the page
// shows (SPEC leaves order statuses and these payloads "not shown"; these are ours, see docs/api.md).
import type { GiftLineView } from './gifts';
import type { ExchangeLineView } from './exchange';
import type { PrizeLineView } from './lucky-draw';

/** Order statuses (decided): the tabs of the order centre. */
export type OrderStatus =
  | 'pending_payment' // 待付款
  | 'awaiting_transfer' // 待付款 (对公转账 waiting for our confirmation)
  | 'paid' // 待发货
  | 'shipped' // 待收货
  | 'completed' // 已完成
  | 'cancelled' // 已取消
  | 'after_sale'; // 售后中

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  pending_payment: '待付款',
  awaiting_transfer: '待确认收款',
  paid: '待发货',
  shipped: '待收货',
  completed: '已完成',
  cancelled: '已取消',
  after_sale: '售后中',
};

/** Order-centre tabs; `all` is every status. Each tab lists the statuses it covers. */
export const ORDER_TABS = [
  { key: 'all', text: '全部订单', statuses: [] },
  { key: 'unpaid', text: '待付款', statuses: ['pending_payment', 'awaiting_transfer'] },
  { key: 'paid', text: '待发货', statuses: ['paid'] },
  { key: 'shipped', text: '待收货', statuses: ['shipped'] },
  { key: 'completed', text: '已完成', statuses: ['completed'] },
  { key: 'cancelled', text: '已取消', statuses: ['cancelled'] },
  { key: 'after_sale', text: '售后中', statuses: ['after_sale'] },
] as const satisfies readonly { key: string; text: string; statuses: readonly OrderStatus[] }[];

export type OrderTabKey = (typeof ORDER_TABS)[number]['key'];

export type PayMethod = 'balance' | 'transfer' | 'sandbox' | 'alipay';
/** Methods paid at a gateway's cashier (gateway_url) and confirmed by its callback. */
export type OnlinePayMethod = Extract<PayMethod, 'sandbox' | 'alipay'>;

export const PAY_METHOD_TEXT: Record<PayMethod, string> = {
  balance: '余额支付',
  transfer: '对公转账',
  sandbox: '在线支付（沙箱）',
  alipay: '支付宝',
};

export interface Address {
  id: number;
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  is_default: 0 | 1;
}

export type AddressInput = Omit<Address, 'id' | 'is_default'> & { is_default?: 0 | 1 };

export interface InvoiceRequest {
  /** none: no invoice with the goods; normal 普通发票; special 增值税专用发票 */
  kind: 'none' | 'normal' | 'special';
  title: string;
  tax_no: string;
  email: string;
}

/** A coupon or cash voucher the company holds (GET /api/user/availableCoupon, checkout preview). */
export interface CompanyCoupon {
  id: number;
  kind: 'coupon' | 'voucher';
  name: string;
  /** Minimum eligible amount (fen), 0 = none. */
  threshold: number;
  /** Amount off (fen). */
  amount: number;
  expires_at: number;
  /** In a checkout preview: whether it applies to this order, and what it saves (fen). */
  usable?: boolean;
  saving?: number;
  unusable_reason?: string;
}

export interface CheckoutLine {
  cart_id: number;
  goods_id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  goods_image: string;
  number: number;
  /** Current unit price (fen). */
  price: number;
  amount: number;
  /** Price when added to the cart, when different from the current one. */
  old_price: number | null;
  is_ephedrine: 0 | 1;
  /** Cart line type (0 normal, 1 promotion-priced, 3 combination): what counts for 满额返现; absent in answers from before it. */
  type?: number;
}

export interface CheckoutAmounts {
  goods_amount: number;
  manjian_amount: number;
  coupon_amount: number;
  voucher_amount: number;
  shipping_amount: number;
  balance_amount: number;
  /** Still to pay after everything above. */
  pay_amount: number;
}

/** POST /api/cart/checkout with new=0: what the order would be. */
export interface CheckoutPreview {
  lines: CheckoutLine[];
  /** 满赠 lines the order reaches (src/domain/gifts.ts); given ones become order lines at price 0. */
  gifts?: GiftLineView[];
  /** 换购 lines chosen in the cart that the order reaches (src/domain/exchange.ts), at their exchange price. */
  exchanges?: ExchangeLineView[];
  /** Lucky-draw goods prizes the order carries at price 0 (given 0: stock short, kept for later). */
  prizes?: PrizeLineView[];
  addresses: Address[];
  coupons: CompanyCoupon[];
  vouchers: CompanyCoupon[];
  /** Best coupon/voucher preselected by the server (ids) or null. */
  best_coupon_id: number | null;
  best_voucher_id: number | null;
  wallet: { balance: number; points: number };
  amounts: CheckoutAmounts;
  has_ephedrine: 0 | 1;
  /** Lines whose price changed since they were added to the cart. */
  price_changes: { goods_id: number; name: string; old_price: number; new_price: number }[];
}

/** POST /api/cart/checkout with new=1 creates the order. */
export interface CheckoutRequest {
  ids: number[];
  new: 1;
  address_id: number;
  coupon_id?: number;
  voucher_id?: number;
  /** Deduct wallet balance (fen) up to the payable amount. */
  use_balance?: 0 | 1;
  invoice?: InvoiceRequest;
  remark?: string;
  /** The pay_amount the buyer saw; a different server amount is refused with 409 price_changed. */
  expected_pay_amount: number;
}

export interface CheckoutResult {
  order_id: number;
  order_no: string;
  pay_amount: number;
  status: OrderStatus;
  /** Where the page goes next: step 3, or /cart/hm when the order holds 含麻黄碱 goods. */
  next: 'pay' | 'ephedrine' | 'done';
}

export interface OrderLine {
  id: number;
  goods_id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  goods_image: string;
  batch_no: string;
  expires_on: string;
  number: number;
  price: number;
  amount: number;
  returned_number: number;
  /** 1 for a 满赠 gift line (price 0, the 赠 tag). */
  is_gift?: 0 | 1;
  /** 1 for a 换购 line (its exchange price, the 换购 tag). */
  is_exchange?: 0 | 1;
  /** 1 for a lucky-draw goods prize (price 0, the 奖品 tag). */
  is_prize?: 0 | 1;
  /** 药品追溯码 of the boxes shipped on this line (empty before shipping or when none were given). */
  trace_codes?: string[];
}

export interface OrderSummary {
  id: number;
  order_no: string;
  status: OrderStatus;
  kind: 'normal' | 'points';
  created_at: number;
  pay_amount: number;
  goods_amount: number;
  /** Points spent (a points-mall order); 0 otherwise. Optional: older answers did not send it. */
  points_used?: number;
  line_count: number;
  /** First few lines for the list row. */
  lines: Pick<OrderLine, 'goods_id' | 'name' | 'goods_image' | 'number'>[];
  /** Seconds left to pay, for pending orders. */
  expires_in: number | null;
  has_ephedrine: 0 | 1;
  can: { pay: boolean; cancel: boolean; confirm: boolean; rebuy: boolean; after_sale: boolean; invoice: boolean };
}

export interface OrderEvent {
  time: number;
  status: OrderStatus;
  text: string;
}

export interface OrderDetail extends OrderSummary {
  lines: OrderLine[];
  amounts: CheckoutAmounts & { paid_amount: number; points_used: number };
  address: Omit<Address, 'id' | 'is_default'>;
  invoice: InvoiceRequest | null;
  remark: string;
  pay_method: PayMethod | null;
  payments: { id: number; method: PayMethod; amount: number; status: string; created_at: number }[];
  history: OrderEvent[];
  logistics: { carrier: string; tracking_no: string; events: { time: number; text: string }[] }[];
  ephedrine_receipt: EphedrineReceipt | null;
  after_sales: { id: number; kind: AfterSaleKind; status: AfterSaleStatus }[];
}

/** Buyer details required for 含麻黄碱 goods (SPEC /cart/hm, /hmdd). */
export interface EphedrineReceipt {
  buyer_name: string;
  id_card: string;
  phone: string;
}

export type AfterSaleKind = 'return' | 'refund' | 'exchange' | 'reissue';
export type AfterSaleStatus = 'submitted' | 'approved' | 'rejected' | 'returning' | 'refunded' | 'closed';

export const AFTER_SALE_STATUS_TEXT: Record<AfterSaleStatus, string> = {
  submitted: '已提交',
  approved: '已同意',
  rejected: '已驳回',
  returning: '退货中',
  refunded: '已退款',
  closed: '已关闭',
};

export interface AfterSale {
  id: number;
  order_id: number;
  order_no: string;
  kind: AfterSaleKind;
  reason: string;
  description: string;
  lines: { order_line_id: number; name: string; number: number; price: number }[];
  photos: string[];
  amount: number;
  status: AfterSaleStatus;
  history: { time: number; text: string }[];
  created_at: number;
}

export interface Invoice {
  id: number;
  order_id: number;
  order_no: string;
  kind: 'normal' | 'special';
  title: string;
  tax_no: string;
  email: string;
  amount: number;
  status: 'requested' | 'issued' | 'rejected';
  invoice_no: string | null;
  issued_at: number | null;
  created_at: number;
  /** Download URL when issued. */
  pdf_url: string | null;
}

/** Result of "buy again": what went into the cart and what could not. */
export interface RebuyResult {
  added: number;
  skipped: { goods_id: number; name: string; reason: string }[];
}

// ---- Added with the checkout/payment server (additive; see docs/api.md "Checkout, payments and orders") ----

/** Our receiving bank account for 对公转账 (the console's site setting, TRANSFER_ACCOUNT_*). */
export interface TransferAccount {
  account_name: string;
  bank: string;
  account_no: string;
}

/** Our bank account for 对公转账 (GET /api/pay/transfer_info, and the answer of a transfer pay). */
export interface TransferInfo extends TransferAccount {
  /** What the buyer writes in the transfer's remark so finance can match it, e.g. the order number. */
  remark: string;
  /** Plain-language steps shown under the account. */
  notice: string;
}

/** POST /api/order/{id}/pay. */
export interface PayResult {
  status: OrderStatus;
  payment_id: number;
  /** sandbox: the page to open (/pay/sandbox/<payment_id>, rendered by the PWA); alipay: Alipay's cashier. */
  gateway_url?: string;
  /** transfer: where to send the money. */
  transfer_info?: TransferInfo;
}

/** GET /api/pay/sandbox/{payment_id}: what the sandbox cashier page shows. */
export interface SandboxPayment {
  payment_id: number;
  order_id: number;
  order_no: string;
  amount: number;
  /** created, succeeded, failed, cancelled, refunded */
  status: string;
  created_at: number;
}

/** POST /api/pay/sandbox/{payment_id}/confirm (idempotent: a repeat answers the same). */
export interface SandboxConfirmResult {
  order_id: number;
  payment_id: number;
  status: OrderStatus;
}

/** A row of GET /api/order/ephedrine_receipts (/hmdd); id_card is masked. */
export interface EphedrineReceiptRecord extends EphedrineReceipt {
  order_id: number;
  order_no: string;
  status: OrderStatus;
  created_at: number;
  recorded_at: number;
  /** The order's 含麻黄碱 goods. */
  goods: { goods_id: number; name: string; number: number }[];
}
