// Invoice request rules, each written once for the page and the server: the 纳税人识别号 rule
// both forms share, the e-invoice request (/dzfp form, POST /api/invoice) as one zod schema, and
// the invoice part of checkout (step 2 form, POST /api/cart/checkout) as one check. The two forms
// keep their own wording and title limits, as they always had.
import { z } from 'zod';
import { emailSchema, isEmail, MESSAGES, requiredText } from './validators';
import type { InvoiceRequest } from './orders';

export const INVOICE_TITLE_MAX = 60;
/**
 * 纳税人识别号: today the 18-character 统一社会信用代码, but older 15- and 20-character tax numbers
 * still appear on invoices, so any 15-20 digits or capital letters pass.
 */
export const TAX_NO_RE = /^[0-9A-Z]{15,20}$/;

/**
 * What is wrong with a (trimmed, upper-cased) 纳税人识别号, or null: it may be left out unless
 * `required` (增值税专用发票), and when given it must have the shape of TAX_NO_RE.
 */
export function taxNoProblem(taxNo: string, required: boolean): 'required' | 'format' | null {
  if (taxNo === '') return required ? 'required' : null;
  return TAX_NO_RE.test(taxNo) ? null : 'format';
}

export const INVOICE_KIND_TEXT = { normal: '电子普通发票', special: '增值税专用发票' } as const;
export type InvoiceKind = keyof typeof INVOICE_KIND_TEXT;

export const INVOICE_MESSAGES = {
  kind: '请选择发票类型',
  titleRequired: '请输入发票抬头',
  titleTooLong: `发票抬头最多${INVOICE_TITLE_MAX}个字符`,
  taxNo: '纳税人识别号为15-20位数字或大写字母',
  taxNoRequired: '增值税专用发票须填写纳税人识别号',
} as const;

const M = INVOICE_MESSAGES;

/** The invoice fields without the order: kind, title, tax_no (required for special), email. */
export const invoiceFieldsSchema = z
  .object({
    kind: z.enum(['normal', 'special'], { error: M.kind }),
    title: requiredText(M.titleRequired, INVOICE_TITLE_MAX, M.titleTooLong),
    tax_no: z
      .string({ error: M.taxNo })
      .trim()
      .toUpperCase()
      .refine((v) => taxNoProblem(v, false) === null, { error: M.taxNo })
      .optional()
      .default(''),
    email: emailSchema,
  })
  .superRefine((v, ctx) => {
    if (taxNoProblem(v.tax_no, v.kind === 'special') === 'required')
      ctx.addIssue({ code: 'custom', path: ['tax_no'], message: M.taxNoRequired });
  });

export type InvoiceFields = z.output<typeof invoiceFieldsSchema>;

// ---- the invoice part of checkout (CheckoutRequest.invoice)

export const CHECKOUT_INVOICE_TITLE_MAX = 100;
export const CHECKOUT_INVOICE_EMAIL_MAX = 100;

export const CHECKOUT_INVOICE_MESSAGES = {
  titleRequired: '请填写发票抬头',
  titleTooLong: `发票抬头最多${CHECKOUT_INVOICE_TITLE_MAX}个字符`,
  taxNoRequired: '增值税专用发票须填写纳税人识别号',
  taxNo: '请输入正确的纳税人识别号',
  emailRequired: '请填写接收电子发票的邮箱',
  email: MESSAGES.email,
  emailTooLong: `邮箱最多${CHECKOUT_INVOICE_EMAIL_MAX}个字符`,
} as const;

export type CheckoutInvoiceField = 'title' | 'tax_no' | 'email';
export type CheckoutInvoiceErrors = Partial<Record<CheckoutInvoiceField, string>>;

/** Spaces trimmed, the 纳税人识别号 upper-cased: what is checked is what is sent and stored. */
export function normalizeCheckoutInvoice(inv: InvoiceRequest): InvoiceRequest {
  return { kind: inv.kind, title: inv.title.trim(), tax_no: inv.tax_no.trim().toUpperCase(), email: inv.email.trim() };
}

/** One message per refused field; none for `kind: 'none'` (no invoice, nothing to check). */
export function checkoutInvoiceErrors(raw: InvoiceRequest): CheckoutInvoiceErrors {
  if (raw.kind === 'none') return {};
  const C = CHECKOUT_INVOICE_MESSAGES;
  const inv = normalizeCheckoutInvoice(raw);
  const errors: CheckoutInvoiceErrors = {};
  if (inv.title === '') errors.title = C.titleRequired;
  else if (inv.title.length > CHECKOUT_INVOICE_TITLE_MAX) errors.title = C.titleTooLong;
  const taxNo = taxNoProblem(inv.tax_no, inv.kind === 'special');
  if (taxNo) errors.tax_no = taxNo === 'required' ? C.taxNoRequired : C.taxNo;
  if (inv.email === '') errors.email = C.emailRequired;
  else if (inv.email.length > CHECKOUT_INVOICE_EMAIL_MAX) errors.email = C.emailTooLong;
  else if (!isEmail(inv.email)) errors.email = C.email;
  return errors;
}
