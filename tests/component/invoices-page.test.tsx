// /dzfp 电子发票 through the real router: completed orders with 申请开票, the request form (title
// from the company name, 纳税人识别号 required for 专票, SPEC §5 e-mail rule) and the submit; 我的发票
// with status and the PDF download link for issued invoices.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, OrderSummary } from '../../src/domain/orders';
import { checkInvoice } from '../../src/features/invoices/invoice-rules';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { currentHref, makeUser, renderRoute, serve } from './catalog-harness';
import { listOf, makeDetail, makeInvoice, makeSummary, pageOf } from './order-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

let invoices: Invoice[];
const completed = () => [
  makeSummary({ id: 4, order_no: 'DD202601010004', pay_amount: 12_345, can: { invoice: true } as OrderSummary['can'] }),
  makeSummary({ id: 12, order_no: 'DD202601010012', pay_amount: 5_000 }),
];

beforeEach(() => {
  invoices = [
    makeInvoice({ id: 3, status: 'issued', invoice_no: '25442000000012345678', issued_at: 1_767_300_000 }),
    makeInvoice({ id: 2, order_id: 12, order_no: 'DD202601010012', kind: 'special', status: 'requested' }),
    makeInvoice({ id: 1, order_id: 9, order_no: 'DD202601010009', status: 'rejected' }),
  ];
  serve(http.get, {
    user: makeUser(),
    other: (path) => {
      if (path === 'order') return listOf(completed());
      if (path === 'invoice') return pageOf(invoices);
      if (path === 'order/77') return makeDetail({ id: 77, status: 'completed' });
      return undefined;
    },
  });
});

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
  http.post.mockReset();
});

const row = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

async function openForm() {
  const view = renderRoute('/dzfp');
  const apply = await screen.findByRole('button', { name: '申请开票 DD202601010004' }, { timeout: 5_000 });
  fireEvent.click(apply);
  const dialog = await screen.findByRole('dialog', { name: '申请开票' });
  return { ...view, form: within(dialog) };
}

describe('e-invoice page', () => {
  it('lists completed normal orders, with 申请开票 only where the server allows it', async () => {
    renderRoute('/dzfp');
    await screen.findByRole('button', { name: '申请开票 DD202601010004' }, { timeout: 5_000 });
    expect(http.get).toHaveBeenCalledWith('order', { tab: 'completed', kind: 'normal', page: 1 });
    expect(within(row('DD202601010004')).getByText('¥123.45')).toBeTruthy();
    expect(within(row('DD202601010012')).getByText('已申请')).toBeTruthy();
    expect(within(row('DD202601010012')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: '可开票订单' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the form in the URL with the company name as title', async () => {
    const { form, router } = await openForm();
    expect(currentHref(router)).toBe('/dzfp?order=4');
    expect(form.getByText(/订单编号：DD202601010004/).textContent).toContain('¥123.45');
    await waitFor(() =>
      expect(form.getByRole('textbox', { name: '发票抬头' })).toHaveProperty('value', '广州康泰大药房有限公司'),
    );
    expect(form.getByRole('radio', { name: '电子普通发票' })).toHaveProperty('checked', true);
    fireEvent.click(form.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentHref(router)).toBe('/dzfp');
  });

  it('refuses a missing title, a bad e-mail and a 专票 without a valid tax number', async () => {
    const { form } = await openForm();
    const title = await form.findByDisplayValue('广州康泰大药房有限公司');
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    expect(form.getByText('请输入发票抬头')).toBeTruthy();
    expect(form.getByText('请输入邮箱')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(title, { target: { value: '广州康泰大药房有限公司' } });
    // SPEC §5: the domain needs at least one dot.
    fireEvent.change(form.getByRole('textbox', { name: '接收邮箱' }), { target: { value: 'fp@kt' } });
    fireEvent.click(form.getByRole('radio', { name: '增值税专用发票' }));
    expect(form.getByText('（必填）')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    expect(form.getByText('请输入正确的邮箱地址')).toBeTruthy();
    expect(form.getByText('增值税专用发票须填写纳税人识别号')).toBeTruthy();
    expect(form.queryByText('请输入发票抬头')).toBeNull();

    fireEvent.change(form.getByRole('textbox', { name: /纳税人识别号/ }), { target: { value: '1234' } });
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    expect(form.getByText('纳税人识别号为15-20位数字或大写字母')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('submits the request and shows it under 我的发票', async () => {
    http.post.mockImplementation(async (path: string) => {
      if (path !== 'invoice') throw new Error(`unexpected POST ${path}`);
      const created = makeInvoice({ id: 4, order_id: 4, order_no: 'DD202601010004', kind: 'special' });
      invoices = [created, ...invoices];
      return created;
    });
    const { form, router } = await openForm();
    fireEvent.click(form.getByRole('radio', { name: '增值税专用发票' }));
    fireEvent.change(form.getByRole('textbox', { name: /纳税人识别号/ }), { target: { value: '91440101ma59abcd1x' } });
    fireEvent.change(form.getByRole('textbox', { name: '接收邮箱' }), { target: { value: ' fp_1@kt-yy.com.cn ' } });
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        'invoice',
        {
          order_id: 4,
          kind: 'special',
          title: '广州康泰大药房有限公司',
          tax_no: '91440101MA59ABCD1X',
          email: 'fp_1@kt-yy.com.cn',
        },
        { idempotencyKey: expect.any(String) },
      ),
    );
    expect(await screen.findByText('发票申请已提交，开具后将发送至您的邮箱')).toBeTruthy();
    await waitFor(() => expect(currentHref(router)).toBe('/dzfp?tab=mine'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
    expect(screen.queryByText('该订单暂不能申请发票')).toBeNull();
  });

  it('lists my invoices with status and a PDF link for issued ones', async () => {
    renderRoute('/dzfp?tab=mine');
    await screen.findByText('已开具', {}, { timeout: 5_000 });
    expect(http.get).toHaveBeenCalledWith('invoice', { page: 1 });
    const issued = row('25442000000012345678');
    const link = within(issued).getByRole('link', { name: /下载PDF/ });
    expect(link.getAttribute('href')).toBe('/api/invoice/3/pdf');
    expect(link.hasAttribute('download')).toBe(true);
    expect(within(issued).getByText('电子普通发票')).toBeTruthy();
    const pending = row('DD202601010012');
    expect(within(pending).getByText('开票中')).toBeTruthy();
    expect(within(pending).getByText('增值税专用发票')).toBeTruthy();
    expect(within(pending).queryByRole('link', { name: /下载PDF/ })).toBeNull();
    expect(within(row('DD202601010009')).getByText('已驳回')).toBeTruthy();
    expect(screen.getByRole('link', { name: '我的发票' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the form from the order centre link, and refuses an order that cannot be invoiced', async () => {
    const { router } = renderRoute('/dzfp?order=4');
    expect(await screen.findByRole('dialog', { name: '申请开票' }, { timeout: 5_000 })).toBeTruthy();
    act(() => void router.navigate({ href: '/dzfp?order=77' }));
    expect(await screen.findByText('该订单暂不能申请发票')).toBeTruthy();
    await waitFor(() => expect(currentHref(router)).toBe('/dzfp'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks with the shared schema', () => {
    expect(checkInvoice(1, { kind: 'normal', title: ' 康泰 ', tax_no: '', email: 'a@b.cn' })).toEqual({
      ok: true,
      input: { order_id: 1, kind: 'normal', title: '康泰', tax_no: '', email: 'a@b.cn' },
    });
    expect(checkInvoice(1, { kind: 'normal', title: '康泰', tax_no: '', email: 'a.b@c.cn' })).toEqual({
      ok: false,
      errors: { email: '请输入正确的邮箱地址' },
    });
  });
});
