// The sandbox gateway (demo only): its "cashier" is a page of the PWA, /pay/sandbox/<id>, whose pay
// button stands in for the callback (the contract: server/payment-gateway.ts).
import { randomBytes } from 'node:crypto';
import type { PaymentGateway } from '../../payment-gateway.ts';

export const sandboxGateway: PaymentGateway = {
  method: 'sandbox',
  newReference: () => `SBX${randomBytes(12).toString('hex').toUpperCase()}`,
  payUrl: (charge) => `/pay/sandbox/${charge.paymentId}`,
  // The sandbox holds no money: nothing to give back.
  refund: async () => {},
};
