// After-sales: the application form on the order detail (kind, reason, quantities limited to what
// is left, description, up to 6 photos checked before upload, one multipart request), and the
// after-sale detail pages /order/returnInfo/:id and /order/afterSalesInfo/:id.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { AfterSale, OrderDetail } from '../../src/domain/orders';
import { addPhotos, checkAfterSale } from '../../src/features/orders/after-sale-rules';
import { afterSaleSteps } from '../../src/features/orders/after-sale-text';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { currentHref, makeUser, renderRoute, serve } from './catalog-harness';
import { makeAfterSale, makeDetail, makeLine } from './order-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

let order: OrderDetail;
let afterSales: Record<number, AfterSale>;

beforeEach(() => {
  order = makeDetail({ id: 5, status: 'completed', can: { after_sale: true, rebuy: true } as OrderDetail['can'] });
  afterSales = { 9: makeAfterSale({ id: 9 }) };
  serve(http.get, {
    user: makeUser(),
    other: (path) => {
      if (path === 'order/5') return order;
      const m = /^after_sale\/(\d+)$/.exec(path);
      if (m) {
        const found = afterSales[Number(m[1])];
        if (!found) throw new ApiError({ code: 404, status: 404, msg: '售后单不存在' });
        return found;
      }
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

function image(name: string, type = 'image/jpeg', size = 1_000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openForm() {
  const view = renderRoute('/order/info/5?after_sale=1');
  const dialog = await screen.findByRole('dialog', { name: '申请售后' }, { timeout: 5_000 });
  return { ...view, dialog, form: within(dialog) };
}

describe('after-sale application', () => {
  it('opens from the detail page button and closes back to the plain detail URL', async () => {
    const { router } = renderRoute('/order/info/5');
    fireEvent.click(await screen.findByRole('button', { name: '申请售后' }, { timeout: 5_000 }));
    await screen.findByRole('dialog', { name: '申请售后' });
    expect(currentHref(router)).toBe('/order/info/5?after_sale=1');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentHref(router)).toBe('/order/info/5');
  });

  it('does not open for an order that allows no after-sale', async () => {
    order = makeDetail({ id: 5, status: 'paid' });
    renderRoute('/order/info/5?after_sale=1');
    await screen.findByRole('heading', { level: 1, name: '待发货' }, { timeout: 5_000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names every missing choice and sends nothing', async () => {
    const { form } = await openForm();
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    expect(form.getByRole('alert').textContent).toBe('请按提示修改后再提交');
    expect(form.getByText('请选择售后类型')).toBeTruthy();
    expect(form.getByText('请选择售后原因')).toBeTruthy();
    expect(form.getByText('请选择售后商品')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('limits each quantity to what is left after earlier applications', async () => {
    const { form } = await openForm();
    // 10 bought, 3 already in after-sales.
    expect(form.getByText('可申请 7盒')).toBeTruthy();
    const qty = form.getByRole('textbox', { name: '感冒灵颗粒 申请数量' });
    fireEvent.change(qty, { target: { value: '8' } });
    fireEvent.click(form.getByRole('radio', { name: '退货退款' }));
    fireEvent.change(form.getByRole('combobox', { name: '售后原因' }), { target: { value: '破损' } });
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    expect(form.getByText('最多可申请7盒')).toBeTruthy();
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(http.post).not.toHaveBeenCalled();

    fireEvent.change(qty, { target: { value: '6' } });
    const plus = form.getByRole('button', { name: '增加 感冒灵颗粒 数量' }) as HTMLButtonElement;
    fireEvent.click(plus);
    expect((qty as HTMLInputElement).value).toBe('7');
    expect(plus.disabled).toBe(true);
  });

  it('asks for a description when the reason is 其他', async () => {
    const { form } = await openForm();
    fireEvent.click(form.getByRole('radio', { name: '仅退款' }));
    fireEvent.change(form.getByRole('combobox', { name: '售后原因' }), { target: { value: '其他' } });
    fireEvent.click(form.getByRole('button', { name: '增加 阿莫西林胶囊 数量' }));
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    expect(form.getByText('请填写问题描述')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('accepts only JPG/PNG/WEBP photos up to 5 MB, at most 6, with previews to remove', async () => {
    const { form } = await openForm();
    const input = form.getByLabelText(/上传凭证图片/) as HTMLInputElement;
    fireEvent.change(input, {
      target: {
        files: [
          image('说明.pdf', 'application/pdf'),
          image('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1),
          image('ok.png', 'image/png'),
        ],
      },
    });
    const errors = form.getByRole('alert');
    expect(within(errors).getByText('说明.pdf：图片仅支持JPG、PNG、WEBP格式')).toBeTruthy();
    expect(within(errors).getByText('big.jpg：单张图片不能超过5MB')).toBeTruthy();
    expect(within(form.getByRole('list', { name: '已选图片' })).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.change(input, { target: { files: Array.from({ length: 6 }, (_, i) => image(`p${i}.jpg`)) } });
    expect(within(form.getByRole('list', { name: '已选图片' })).getAllByRole('listitem')).toHaveLength(6);
    expect(form.getByText('最多上传6张图片')).toBeTruthy();
    expect(input.disabled).toBe(true);

    fireEvent.click(form.getByRole('button', { name: '删除图片1' }));
    expect(within(form.getByRole('list', { name: '已选图片' })).getAllByRole('listitem')).toHaveLength(5);
    expect(input.disabled).toBe(false);
  });

  it('submits one multipart request with an Idempotency-Key and opens the new application', async () => {
    http.post.mockImplementation(async (path: string) => {
      if (path !== 'order/5/after_sale') throw new Error(`unexpected POST ${path}`);
      afterSales[10] = makeAfterSale({ id: 10, kind: 'return', status: 'submitted', history: [] });
      return afterSales[10];
    });
    const { form, router } = await openForm();
    fireEvent.click(form.getByRole('radio', { name: '退货退款' }));
    fireEvent.change(form.getByRole('combobox', { name: '售后原因' }), { target: { value: '破损' } });
    fireEvent.change(form.getByRole('textbox', { name: '感冒灵颗粒 申请数量' }), { target: { value: '2' } });
    fireEvent.change(form.getByRole('textbox', { name: '问题描述' }), { target: { value: '  外箱压坏  ' } });
    const photo = image('破损.jpg');
    fireEvent.change(form.getByLabelText(/上传凭证图片/), { target: { files: [photo] } });
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));

    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    const [path, body, opts] = http.post.mock.calls[0] as [string, FormData, { idempotencyKey?: string }];
    expect(path).toBe('order/5/after_sale');
    expect(body).toBeInstanceOf(FormData);
    expect([...body.entries()].filter(([k]) => k !== 'photos[]')).toEqual([
      ['kind', 'return'],
      ['reason', '破损'],
      ['description', '外箱压坏'],
      ['lines[0][order_line_id]', '101'],
      ['lines[0][number]', '2'],
    ]);
    const sent = body.getAll('photos[]');
    expect(sent).toHaveLength(1);
    expect((sent[0] as File).name).toBe('破损.jpg');
    expect(opts.idempotencyKey).toMatch(/\S{16,}/);

    expect(await screen.findByText('售后申请已提交，请等待审核')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/returnInfo/10'));
    expect(await screen.findByRole('heading', { level: 1, name: '退货详情' })).toBeTruthy();
  });

  it('checks drafts as pure rules', () => {
    const lines = [makeLine({ id: 1, number: 5, returned_number: 5 }), makeLine({ id: 2, number: 4 })];
    const draft = { kind: 'refund' as const, reason: '发错货', description: '', quantities: { 2: '4' }, photos: [] };
    expect(checkAfterSale(draft, lines)).toEqual({
      ok: true,
      input: {
        kind: 'refund',
        reason: '发错货',
        description: '',
        lines: [{ order_line_id: 2, number: 4 }],
        photos: [],
      },
    });
    const bad = checkAfterSale({ ...draft, quantities: { 1: '1', 2: '2.5' } }, lines);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.line).toEqual({ 1: '最多可申请0盒', 2: '售后数量须为正整数' });
    expect(addPhotos([], [image('a.svg', 'image/svg+xml')]).errors).toEqual(['a.svg：图片仅支持JPG、PNG、WEBP格式']);
  });
});

describe('after-sale detail pages', () => {
  it('shows steps, lines, photos, amount and history', async () => {
    renderRoute('/order/returnInfo/9');
    expect(await screen.findByRole('heading', { level: 1, name: '退货详情' }, { timeout: 5_000 })).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: '处理进度' })).getAllByRole('listitem');
    expect(steps.map((s) => [s.textContent, s.getAttribute('data-state')])).toEqual([
      ['已提交（已完成）', 'done'],
      ['已同意（进行中）', 'current'],
      ['退货中（未开始）', 'todo'],
      ['已退款（未开始）', 'todo'],
    ]);
    const info = screen.getByRole('region', { name: '申请信息' });
    expect(within(info).getByRole('link', { name: '202601010800005' }).getAttribute('href')).toBe('/order/info/5');
    expect(within(info).getByText('¥25.00')).toBeTruthy();
    expect(within(info).getByText('外箱破损，2盒压坏')).toBeTruthy();
    const rows = within(screen.getByRole('region', { name: '售后商品' })).getAllByRole('row');
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['感冒灵颗粒', '¥12.50', '2', '¥25.00']);
    expect(within(screen.getByRole('region', { name: '凭证图片' })).getAllByRole('img')).toHaveLength(2);
    const history = within(screen.getByRole('region', { name: '处理记录' })).getAllByRole('listitem');
    expect(history[0].textContent).toContain('客服已同意退货，请寄回商品');
  });

  it('shows other kinds under /order/afterSalesInfo with their own end step', async () => {
    afterSales[11] = makeAfterSale({ id: 11, kind: 'reissue', status: 'closed', photos: [] });
    renderRoute('/order/afterSalesInfo/11');
    expect(await screen.findByRole('heading', { level: 1, name: '售后详情' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '凭证图片' })).toBeNull();
    expect(afterSaleSteps({ kind: 'reissue', status: 'closed' }).map((s) => `${s.text}:${s.state}`)).toEqual([
      '已提交:done',
      '已同意:done',
      '已完成:done',
    ]);
    expect(afterSaleSteps({ kind: 'return', status: 'rejected' }).map((s) => `${s.text}:${s.state}`)).toEqual([
      '已提交:done',
      '已驳回:failed',
    ]);
  });

  it('says 售后单不存在 for an unknown application, without the global alert', async () => {
    renderRoute('/order/afterSalesInfo/404');
    expect(await screen.findByRole('heading', { level: 1, name: '售后单不存在' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
