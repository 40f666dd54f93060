// The contract of an online payment gateway, which the app is given (deps.ts: AppConfig.alipay)
// and server/services/payments adapts. A gateway gives a payment its reference
// (payments.gateway_ref, unique: the callback is matched by it and applied once) and the place the
// buyer pays at; when the buyer has paid, the gateway calls back
// (server/services/payments/callback.ts) and a refund goes back through it. Two adapters: the
// sandbox (demo only, services/payments/sandbox-gateway.ts: its "cashier" is a page of the PWA,
// /pay/sandbox/<id>, whose pay button stands in for the callback) and Alipay
// (services/payments/alipay.ts: a signed cashier URL, a signed asynchronous notification, refunds
// over its API). Here, below the services, so that what the app is built from needs none of them.
import type { OnlinePayMethod } from '@domain/orders.ts';

/** What a gateway needs to send the buyer to its cashier. */
export interface GatewayCharge {
  paymentId: number;
  orderId: number;
  reference: string;
  /** Fen. */
  amount: number;
  orderNo: string;
  /** Asked from a phone: the gateway's mobile cashier. */
  mobile?: boolean;
}

export interface GatewayRefund {
  /** The payment's gateway_ref. */
  reference: string;
  /** Fen, at most the payment's amount. */
  amount: number;
  /** Unique per refund: a repeat with the same one refunds once at the gateway. */
  refundNo: string;
  reason: string;
}

export interface PaymentGateway {
  readonly method: OnlinePayMethod;
  /** A fresh, unguessable reference for a new payment. */
  newReference(): string;
  /** Where the buyer goes to pay. */
  payUrl(charge: GatewayCharge): string;
  /** Gives money back; resolves when the gateway has accepted the refund, rejects otherwise. */
  refund(refund: GatewayRefund): Promise<void>;
}

/** A notification Alipay signed, read into what the callback needs; null for anything else. */
export interface AlipayPaidNotice {
  reference: string;
  /** Fen. */
  amount: number;
}

export interface AlipayGateway extends PaymentGateway {
  readonly method: 'alipay';
  /** Verifies the signature and our app id; null when it is not a paid notice we can trust. */
  readPaidNotice(params: Record<string, string>): AlipayPaidNotice | null;
}
