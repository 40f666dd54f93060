// 发票 at checkout: what an invoice request needs before the order is placed — the same rules and
// messages as the server's checkout input (server/services/checkout/input.ts), checked here so
// the buyer sees them beside the fields instead of after a round trip.
import type { InvoiceRequest } from '../../domain/orders';
import { isEmail, MESSAGES } from '../../domain/formats';

export type InvoiceField = 'title' | 'tax_no' | 'email';
export type InvoiceErrors = Partial<Record<InvoiceField, string>>;

export const INVOICE_KIND_TEXT: Record<InvoiceRequest['kind'], string> = {
  none: '不开发票',
  normal: '普通发票',
  special: '增值税专用发票',
};

export const INVOICE_TITLE_MAX = 100;
export const INVOICE_EMAIL_MAX = 100;
/** 纳税人识别号: the 18-character 统一社会信用代码, or a legacy 15/17/20-character number. */
const TAX_NO_RE = /^[0-9A-Z]{15,20}$/;

export const INVOICE_MESSAGES = {
  titleRequired: '请填写发票抬头',
  titleTooLong: `发票抬头最多${INVOICE_TITLE_MAX}个字符`,
  taxNoRequired: '增值税专用发票须填写纳税人识别号',
  taxNo: '请输入正确的纳税人识别号',
  emailRequired: '请填写接收电子发票的邮箱',
  email: MESSAGES.email,
  emailTooLong: `邮箱最多${INVOICE_EMAIL_MAX}个字符`,
} as const;

export function normalizeInvoice(inv: InvoiceRequest): InvoiceRequest {
  return { kind: inv.kind, title: inv.title.trim(), tax_no: inv.tax_no.trim().toUpperCase(), email: inv.email.trim() };
}

export function validateInvoice(raw: InvoiceRequest): InvoiceErrors {
  if (raw.kind === 'none') return {};
  const inv = normalizeInvoice(raw);
  const errors: InvoiceErrors = {};
  if (inv.title === '') errors.title = INVOICE_MESSAGES.titleRequired;
  else if (inv.title.length > INVOICE_TITLE_MAX) errors.title = INVOICE_MESSAGES.titleTooLong;
  if (inv.tax_no === '') {
    if (inv.kind === 'special') errors.tax_no = INVOICE_MESSAGES.taxNoRequired;
  } else if (!TAX_NO_RE.test(inv.tax_no)) errors.tax_no = INVOICE_MESSAGES.taxNo;
  if (inv.email === '') errors.email = INVOICE_MESSAGES.emailRequired;
  else if (inv.email.length > INVOICE_EMAIL_MAX) errors.email = INVOICE_MESSAGES.emailTooLong;
  else if (!isEmail(inv.email)) errors.email = INVOICE_MESSAGES.email;
  return errors;
}
