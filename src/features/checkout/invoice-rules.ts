// 发票 at checkout: the invoice rules are src/domain/invoice-input.ts's, the same check the server's
// checkout input runs, checked here so the buyer sees them beside the fields instead of after a
// round trip.
import type { InvoiceRequest } from '../../domain/orders';

export type { CheckoutInvoiceErrors as InvoiceErrors } from '../../domain/invoice-input';

export const INVOICE_KIND_TEXT: Record<InvoiceRequest['kind'], string> = {
  none: '不开发票',
  normal: '普通发票',
  special: '增值税专用发票',
};

export {
  CHECKOUT_INVOICE_TITLE_MAX as INVOICE_TITLE_MAX,
  checkoutInvoiceErrors as validateInvoice,
  normalizeCheckoutInvoice as normalizeInvoice,
} from '../../domain/invoice-input';
