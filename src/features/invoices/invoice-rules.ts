// The e-invoice request form's checks: the same zod schema the server validates POST /api/invoice
// with (src/domain/invoice-input.ts — SPEC §5 e-mail rule, 纳税人识别号 required for 专票), so
// the page and the server refuse the same input with the same words. One message per field.
import {
  invoiceFieldsSchema,
  INVOICE_KIND_TEXT,
  INVOICE_TITLE_MAX,
  type InvoiceKind,
} from '../../domain/invoice-input';
import type { InvoiceCreateInput } from '../../api/invoices';

export { INVOICE_KIND_TEXT };
export const INVOICE_TITLE_MAX_CHARS = INVOICE_TITLE_MAX;
/** The longest 纳税人识别号 shape (old 20-character numbers). */
export const TAX_NO_MAX_CHARS = 20;

export interface InvoiceDraft {
  kind: InvoiceKind;
  title: string;
  tax_no: string;
  email: string;
}

export type InvoiceField = 'kind' | 'title' | 'tax_no' | 'email';
export type InvoiceErrors = Partial<Record<InvoiceField, string>>;

export function checkInvoice(
  orderId: number,
  d: InvoiceDraft,
): { ok: true; input: InvoiceCreateInput } | { ok: false; errors: InvoiceErrors } {
  const parsed = invoiceFieldsSchema.safeParse(d);
  if (parsed.success) return { ok: true, input: { order_id: orderId, ...parsed.data } };
  const errors: InvoiceErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (
      (field === 'kind' || field === 'title' || field === 'tax_no' || field === 'email') &&
      errors[field] === undefined
    ) {
      errors[field] = issue.message;
    }
  }
  return { ok: false, errors };
}
