// E-invoice request rules (/dzfp form, POST /api/invoice, and the invoice part of checkout): one zod
// schema for the page and the server.
import { z } from 'zod';
import { emailSchema, requiredText } from './validators';

export const INVOICE_TITLE_MAX = 60;
/**
 * 纳税人识别号: today the 18-character 统一社会信用代码, but older 15- and 20-character tax numbers
 * still appear on invoices, so any 15-20 digits or capital letters pass.
 */
export const TAX_NO_RE = /^[0-9A-Z]{15,20}$/;

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
      .refine((v) => v === '' || TAX_NO_RE.test(v), { error: M.taxNo })
      .optional()
      .default(''),
    email: emailSchema,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'special' && v.tax_no === '') ctx.addIssue({ code: 'custom', path: ['tax_no'], message: M.taxNoRequired });
  });

export type InvoiceFields = z.output<typeof invoiceFieldsSchema>;
