// Invoice rules written once for the page and the server (src/domain/invoice-input.ts).
import { describe, expect, it } from 'vitest';
import { checkoutInvoiceErrors, invoiceFieldsSchema, taxNoProblem } from '../../src/domain/invoice-input';

describe('taxNoProblem', () => {
  it('asks for a number only when required, and checks the shape of any given', () => {
    expect(taxNoProblem('', false)).toBeNull();
    expect(taxNoProblem('', true)).toBe('required');
    expect(taxNoProblem('91440106MA59C8K27X', true)).toBeNull();
    expect(taxNoProblem('123456789012345', false)).toBeNull();
    expect(taxNoProblem('1234', false)).toBe('format');
    expect(taxNoProblem('91440106ma59c8k27x', false)).toBe('format');
  });
});

describe('checkoutInvoiceErrors', () => {
  const good = {
    kind: 'special' as const,
    title: ' 测试大药房 ',
    tax_no: '91440106ma59c8k27x',
    email: ' a@example.com ',
  };

  it('accepts a complete request after trimming and upper-casing', () => {
    expect(checkoutInvoiceErrors(good)).toEqual({});
  });

  it('checks nothing without an invoice', () => {
    expect(checkoutInvoiceErrors({ kind: 'none', title: '', tax_no: 'x', email: 'x' })).toEqual({});
  });

  it('gives one message per refused field', () => {
    expect(checkoutInvoiceErrors({ kind: 'special', title: '', tax_no: '', email: 'x' })).toEqual({
      title: '请填写发票抬头',
      tax_no: '增值税专用发票须填写纳税人识别号',
      email: '请输入正确的邮箱地址',
    });
    expect(
      checkoutInvoiceErrors({ ...good, kind: 'normal', tax_no: '12', title: '药'.repeat(101), email: '' }),
    ).toEqual({
      title: '发票抬头最多100个字符',
      tax_no: '请输入正确的纳税人识别号',
      email: '请填写接收电子发票的邮箱',
    });
  });
});

describe('invoiceFieldsSchema', () => {
  it("uses the same 纳税人识别号 rule with the e-invoice form's words", () => {
    const special = invoiceFieldsSchema.safeParse({
      kind: 'special',
      title: '某药房',
      tax_no: '',
      email: 'a@example.com',
    });
    expect(special.success ? [] : special.error.issues.map((i) => i.message)).toEqual([
      '增值税专用发票须填写纳税人识别号',
    ]);
    const bad = invoiceFieldsSchema.safeParse({
      kind: 'normal',
      title: '某药房',
      tax_no: '12',
      email: 'a@example.com',
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['纳税人识别号为15-20位数字或大写字母']);
  });
});
