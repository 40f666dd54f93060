// Online payment gateways. A gateway gives a payment its reference (payments.gateway_ref, unique:
// the callback is matched by it and applied once) and the place the buyer pays at; when the
// buyer has paid, the gateway calls back (server/services/payments/callback.ts). The shop ships
// one built-in gateway, the sandbox: its "cashier" is a page of the PWA (/pay/sandbox/<id>)
// whose pay button stands in for the gateway's callback. A real gateway (WeChat Pay, Alipay…)
// implements the same interface plus a signed server-to-server callback route.
import { randomBytes } from 'node:crypto';

export interface PaymentGateway {
  readonly method: 'sandbox';
  /** A fresh, unguessable reference for a new payment. */
  newReference(): string;
  /** Where the buyer goes to pay payment `paymentId`. */
  payUrl(paymentId: number, reference: string): string;
}

export const sandboxGateway: PaymentGateway = {
  method: 'sandbox',
  newReference: () => `SBX${randomBytes(12).toString('hex').toUpperCase()}`,
  payUrl: (paymentId) => `/pay/sandbox/${paymentId}`,
};
