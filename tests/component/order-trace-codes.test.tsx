// 药品追溯码 on /order/info/:id through the real router: each line's codes collapsed with their
// count against the quantity, the CSV/Excel download links, and 扫码验货 — codes typed one per
// Enter (as a USB scanner types them) are checked against the shipment, foreign and repeated
// codes flagged, the missing ones listed.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../src/domain/orders';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { makeUser, renderRoute, serve } from './catalog-harness';
import { makeDetail, makeLine } from './order-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const A1 = '81000000000000011234';
const A2 = '81000000000000021234';
const B1 = '81000000000000031234';
const FOREIGN = '83999999999999999999';

beforeEach(() => {
  const detail: OrderDetail = makeDetail({
    id: 9,
    status: 'shipped',
    lines: [
      makeLine({ id: 201, goods_id: 1, name: '感冒灵颗粒', number: 3, batch_no: 'G-1', trace_codes: [A1, A2] }),
      makeLine({ id: 202, goods_id: 2, name: '阿莫西林胶囊', number: 1, batch_no: 'A-77', trace_codes: [B1] }),
    ],
  });
  serve(http.get, { user: makeUser(), other: (path) => (path.startsWith('order/') ? detail : undefined) });
});

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
});

const scan = (code: string) => {
  const input = screen.getByRole('textbox', { name: '追溯码' });
  fireEvent.change(input, { target: { value: code } });
  fireEvent.submit(input.closest('form')!);
};

describe('药品追溯码 on the order detail', () => {
  it('shows each line’s codes collapsed with the count, and links the CSV and Excel downloads', async () => {
    renderRoute('/order/info/9');
    const region = await screen.findByRole('region', { name: '药品追溯码' }, { timeout: 5_000 });
    const summaries = region.querySelectorAll('summary');
    expect([...summaries].map((s) => s.textContent)).toEqual([
      '感冒灵颗粒 · 批号 G-1 · 追溯码 2/3盒',
      '阿莫西林胶囊 · 批号 A-77 · 追溯码 1/1盒',
    ]);
    expect(within(region).getByRole('list', { name: '感冒灵颗粒的追溯码' }).textContent).toBe(`${A1}${A2}`);
    expect((summaries[0].parentElement as HTMLDetailsElement).open).toBe(false);
    expect(within(region).getByRole('link', { name: '下载CSV' }).getAttribute('href')).toBe(
      '/api/order/9/trace_codes?format=csv',
    );
    expect(within(region).getByRole('link', { name: '下载Excel' }).getAttribute('href')).toBe(
      '/api/order/9/trace_codes?format=xlsx',
    );
  });

  it('扫码验货 flags a code not in the shipment and one scanned twice, and lists the missing', async () => {
    renderRoute('/order/info/9');
    fireEvent.click(await screen.findByRole('button', { name: '扫码验货' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: '扫码验货' });
    scan(A1);
    scan(FOREIGN);
    scan(A1);
    const log = within(dialog).getByRole('list', { name: '扫码记录' });
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`${A1} 重复扫码 感冒灵颗粒`, `${FOREIGN} 不属于本订单`, `${A1} 已核对 感冒灵颗粒`]);
    expect(within(dialog).getByRole('status').textContent).toBe('已核对 1/3 盒，2 次扫码有问题');
    expect(within(dialog).getByRole('list', { name: '未扫到的追溯码' }).textContent).toBe(
      `${A2} 感冒灵颗粒${B1} 阿莫西林胶囊`,
    );
    scan(A2);
    scan(B1);
    expect(within(dialog).getByRole('status').textContent).toBe('已核对 3/3 盒，2 次扫码有问题，全部到齐');
    expect(within(dialog).queryByRole('list', { name: '未扫到的追溯码' })).toBeNull();
  });
});
