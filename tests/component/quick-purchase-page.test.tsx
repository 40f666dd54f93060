// /kjcg 快捷采购: the paste pad (match, choose an alternative, fix an unmatched line, add all in
// one partial request with refusals shown per row, a scanner's Enter) and the purchase history
// (sort and filter in the URL, quantities, add the ticked rows).
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';
import type { GoodsListItem } from '../../src/domain/catalog';
import type { MatchedLine, PurchaseHistoryRow } from '../../src/domain/quick-purchase';
import QuickPurchasePage from '../../src/features/quick-purchase/quick-purchase-page';
import { alert, AlertHost } from '../../src/ui/alert-dialog';
import { toast, ToastViewport } from '../../src/ui/toast';
import { makeGoods } from './goods-fixtures';
import { makeUser } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const WRITE_OPTS = { envelope: true, idempotencyKey: expect.any(String) };

const ganmao = makeGoods({ id: 11, name: '感冒灵颗粒', ypgg: '10g*9袋', price: 1200, number: 80 });
const amoxA = makeGoods({ id: 21, name: '阿莫西林胶囊', ypgg: '0.25g*24粒', price: 1500 });
const amoxB = makeGoods({ id: 22, name: '阿莫西林胶囊', ypgg: '0.5g*12粒', price: 1800 });
const banlan = makeGoods({ id: 31, name: '板蓝根颗粒', ypgg: '10g*20袋', price: 900 });

function matched(
  line: number,
  raw: string,
  query: string,
  number: number,
  match: GoodsListItem | null,
  alternatives: GoodsListItem[] = [],
): MatchedLine {
  return { line, raw, query, number, problem: null, match, method: match ? 'name' : null, alternatives };
}

/** The server's matcher, by query: what the tests paste. */
function serverMatch(content: string): MatchedLine[] {
  return content
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((raw, i) => {
      const [query, n] = raw.split('\t');
      const number = Number(n ?? 1);
      if (query === '感冒灵颗粒' || query === '11') return matched(i + 1, raw, query, number, ganmao);
      if (query === '阿莫西林胶囊') return matched(i + 1, raw, query, number, null, [amoxA, amoxB]);
      if (query === '板蓝根颗粒') return matched(i + 1, raw, query, number, banlan);
      return matched(i + 1, raw, query, number, null);
    });
}

const history: PurchaseHistoryRow[] = [
  {
    goods_id: 11,
    goods: ganmao,
    name: '感冒灵颗粒',
    sccj: ganmao.sccj,
    ypgg: ganmao.ypgg,
    bzdw: '盒',
    barcode: '',
    last_price: 1100,
    last_number: 8,
    times: 3,
    last_at: 1_746_000_000,
  },
  {
    goods_id: 31,
    goods: banlan,
    name: '板蓝根颗粒',
    sccj: banlan.sccj,
    ypgg: banlan.ypgg,
    bzdw: '盒',
    barcode: '',
    last_price: 850,
    last_number: 20,
    times: 1,
    last_at: 1_740_000_000,
  },
  {
    goods_id: 99,
    goods: null,
    name: '停售止咳糖浆',
    sccj: '某药厂',
    ypgg: '100ml',
    bzdw: '瓶',
    barcode: '',
    last_price: 700,
    last_number: 1,
    times: 1,
    last_at: 1_730_000_000,
  },
];

let cartPosts: { params: { goods_id: number; number: number }[]; partial?: number }[];

beforeEach(() => {
  cartPosts = [];
  http.get.mockImplementation((path: string) => {
    if (path === 'user/base') return Promise.resolve(makeUser());
    if (path === 'user/fast_buy')
      return Promise.resolve({ list: history, total: history.length, page: 1, page_size: 50 });
    if (path === 'user/fast_buy/lists') return Promise.resolve([]);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  http.post.mockImplementation(
    (path: string, body: { content?: string; params?: { goods_id: number; number: number }[]; partial?: number }) => {
      if (path === 'user/fast_buy/match') return Promise.resolve({ lines: serverMatch(body.content ?? '') });
      if (path === 'cart') {
        cartPosts.push({ params: body.params ?? [], partial: body.partial });
        const params = body.params ?? [];
        // The cart refuses 板蓝根 (stock); the rest is added.
        const refused = params.flatMap((p, index) =>
          p.goods_id === banlan.id ? [{ index, goods_id: p.goods_id, msg: '库存不足' }] : [],
        );
        return Promise.resolve({
          code: 10000,
          msg: refused.length ? '部分商品未能加入购物车' : '加入购物车成功',
          data: {
            count: params.length,
            lines: params.map((_p, i) => (refused.some((r) => r.index === i) ? null : 100 + i)),
            refused,
          },
        });
      }
      return Promise.reject(new Error(`unexpected POST ${path}`));
    },
  );
});

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
  http.post.mockReset();
});

function renderPage(initial: string) {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <AlertHost />
        <ToastViewport />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/kjcg', component: QuickPurchasePage }),
    createRoute({ getParentRoute: () => root, path: '$', component: () => null }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [initial] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

const table = () => screen.getByRole('table', { name: '清单匹配结果' });
const rowOf = (line: number) => table().querySelector(`tr[data-row="${line}"]`) as HTMLElement;

describe('paste pad', () => {
  it('matches a pasted list, lets the buyer choose and fix lines, and adds all in one partial request', async () => {
    renderPage('/kjcg?tab=paste');
    fireEvent.change(await screen.findByLabelText(/粘贴采购清单/), {
      target: { value: '感冒灵颗粒\t3\n阿莫西林胶囊\t2\n不认识的药\t4\n板蓝根颗粒\t6' },
    });
    fireEvent.click(screen.getByRole('button', { name: '识别清单' }));
    expect(await screen.findByText('共 4 行，已匹配 2 行，2 行未匹配（可修改后重新匹配）')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('user/fast_buy/match', {
      content: '感冒灵颗粒\t3\n阿莫西林胶囊\t2\n不认识的药\t4\n板蓝根颗粒\t6',
    });

    // Ambiguous: choose the second alternative.
    expect(within(rowOf(2)).getByText('有多个可能的商品，请选择')).toBeTruthy();
    fireEvent.change(within(rowOf(2)).getByLabelText('第2行选择商品'), { target: { value: String(amoxB.id) } });
    // Unknown: edit the line and match it again (Enter, as a scanner would send).
    const edit = within(rowOf(3)).getByLabelText('修改第3行');
    fireEvent.change(edit, { target: { value: '11\t4' } });
    fireEvent.keyDown(edit, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText('共 4 行，已匹配 4 行')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: '全部加入购物车（4）' }));
    await waitFor(() => expect(cartPosts).toHaveLength(1));
    expect(cartPosts[0]).toEqual({
      partial: 1,
      params: [
        expect.objectContaining({ goods_id: ganmao.id, number: 3 }),
        expect.objectContaining({ goods_id: amoxB.id, number: 2 }),
        expect.objectContaining({ goods_id: ganmao.id, number: 4 }),
        expect.objectContaining({ goods_id: banlan.id, number: 6 }),
      ],
    });
    expect(http.post).toHaveBeenCalledWith('cart', expect.anything(), WRITE_OPTS);
    expect(await within(rowOf(4)).findByText('未加入：库存不足')).toBeTruthy();
    expect(within(rowOf(1)).getByText('已加入购物车')).toBeTruthy();
    expect(await screen.findByText('已加入3种商品，1种未能加入（见各行说明）')).toBeTruthy();
  });

  it('a scanned code and Enter adds the line to the pad', async () => {
    renderPage('/kjcg?tab=paste');
    const scan = await screen.findByLabelText('扫码或输入商品后回车');
    fireEvent.change(scan, { target: { value: '11' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    expect(await screen.findByText('共 1 行，已匹配 1 行')).toBeTruthy();
    expect((scan as HTMLInputElement).value).toBe('');
    fireEvent.change(scan, { target: { value: '板蓝根颗粒' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    expect(await screen.findByText('共 2 行，已匹配 2 行')).toBeTruthy();
  });

  it('two codes scanned in quick succession are both matched and added, in order', async () => {
    renderPage('/kjcg?tab=paste');
    const scan = await screen.findByLabelText('扫码或输入商品后回车');
    fireEvent.change(scan, { target: { value: '11' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    fireEvent.change(scan, { target: { value: '板蓝根颗粒' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    expect(await screen.findByText('共 2 行，已匹配 2 行')).toBeTruthy();
    expect(
      http.post.mock.calls
        .filter(([p]) => p === 'user/fast_buy/match')
        .map(([, b]) => (b as { content: string }).content),
    ).toEqual(['11', '板蓝根颗粒']);
  });

  it('the same goods scanned twice is one row with quantity 2', async () => {
    renderPage('/kjcg?tab=paste');
    const scan = await screen.findByLabelText('扫码或输入商品后回车');
    for (const code of ['11', '11']) {
      fireEvent.change(scan, { target: { value: code } });
      fireEvent.keyDown(scan, { key: 'Enter' });
    }
    await waitFor(() => expect(http.post.mock.calls.filter(([p]) => p === 'user/fast_buy/match')).toHaveLength(2));
    await waitFor(() => expect((within(rowOf(1)).getByLabelText('第1行数量') as HTMLInputElement).value).toBe('2'));
    expect(screen.getByText('共 1 行，已匹配 1 行')).toBeTruthy();
  });

  it('an uploaded CSV is read on the device, shown in the text box and matched like a paste', async () => {
    renderPage('/kjcg?tab=paste');
    const input = await screen.findByLabelText('上传清单文件');
    const csv = new File(['\ufeff商品,规格,数量\r\n感冒灵颗粒,,3\r\n"阿莫西林胶囊",,2\r\n'], '清单.csv', {
      type: 'text/csv',
    });
    fireEvent.change(input, { target: { files: [csv] } });
    expect(await screen.findByText('共 2 行，已匹配 1 行，1 行未匹配（可修改后重新匹配）')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('user/fast_buy/match', { content: '感冒灵颗粒\t\t3\n阿莫西林胶囊\t\t2' });
    expect((screen.getByLabelText(/粘贴采购清单/) as HTMLTextAreaElement).value).toBe(
      '感冒灵颗粒\t\t3\n阿莫西林胶囊\t\t2',
    );
    expect(screen.getByText('已读取 清单.csv：2 行')).toBeTruthy();
  });

  it('refuses a file that is not a list with a message, calling no server', async () => {
    renderPage('/kjcg?tab=paste');
    const input = await screen.findByLabelText('上传清单文件');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '照片.png', { type: 'image/png' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('照片.png：仅支持 CSV 或 Excel（.xlsx）文件');
    fireEvent.change(input, { target: { files: [new File([''], '空.csv', { type: 'text/csv' })] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('空.csv：文件中没有商品行，请按模板填写后上传'),
    );
    expect(http.post).not.toHaveBeenCalled();
  });

  it('offers the template as a download', async () => {
    renderPage('/kjcg?tab=paste');
    const link = (await screen.findByRole('link', { name: '下载模板' })) as HTMLAnchorElement;
    expect(link.getAttribute('download')).toBe('快捷采购清单模板.csv');
    expect(decodeURIComponent(link.href.replace(/^data:text\/csv;charset=utf-8,/u, ''))).toContain(
      '商品（名称/批准文号/条形码/商品编码）,规格,数量',
    );
  });

  it(
    '扫码 without a camera API, or with the permission denied, says so and points to the scan box',
    { timeout: 30_000 },
    async () => {
      renderPage('/kjcg?tab=paste');
      fireEvent.click(await screen.findByRole('button', { name: '扫码' }));
      // The decoder is a lazy chunk: the first load in jsdom transforms it, which takes a moment.
      expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toMatch(
        /当前浏览器无法使用摄像头/,
      );
      fireEvent.click(screen.getByRole('button', { name: '完成' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      const getUserMedia = vi.fn(() => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })));
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia, enumerateDevices: () => Promise.resolve([]) },
      });
      try {
        fireEvent.click(screen.getByRole('button', { name: '扫码' }));
        expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toMatch(/^未获得摄像头权限/);
        expect(getUserMedia).toHaveBeenCalled();
      } finally {
        Reflect.deleteProperty(navigator, 'mediaDevices');
      }
    },
  );

  it('refuses an empty paste without calling the server', async () => {
    renderPage('/kjcg?tab=paste');
    fireEvent.click(await screen.findByRole('button', { name: '识别清单' }));
    expect(await screen.findByText('请粘贴采购清单，每行一个商品')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('mounts only the result rows near the viewport of a 600-line list, and all 600 go to the cart', async () => {
    renderPage('/kjcg?tab=paste');
    const content = Array.from({ length: 600 }, () => '感冒灵颗粒\t2').join('\n');
    fireEvent.change(await screen.findByRole('textbox', { name: /粘贴采购清单/ }), { target: { value: content } });
    fireEvent.click(screen.getByRole('button', { name: '识别清单' }));
    expect(await screen.findByText('共 600 行，已匹配 600 行')).toBeTruthy();
    const mounted = table().querySelectorAll('tr[data-row]').length;
    expect(mounted).toBeGreaterThan(5);
    expect(mounted).toBeLessThan(60);
    expect(rowOf(600)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '全部加入购物车（600）' }));
    await waitFor(() => expect(cartPosts).toHaveLength(1));
    expect(cartPosts[0].params).toHaveLength(600);
  });
});

describe('常购清单', () => {
  it('reorders a saved list in one partial request', async () => {
    http.get.mockImplementation((path: string) => {
      if (path === 'user/fast_buy/lists') {
        return Promise.resolve([
          {
            id: 7,
            name: '每周常备',
            updated_at: 1_746_000_000,
            items: [
              { goods_id: ganmao.id, number: 10, name: '感冒灵颗粒 10g*9袋', goods: ganmao },
              { goods_id: 99, number: 2, name: '停售止咳糖浆 100ml', goods: null },
            ],
          },
        ]);
      }
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
    renderPage('/kjcg?tab=lists');
    const card = await screen.findByRole('article', { name: '每周常备' });
    expect(within(card).getByText(/停售止咳糖浆 100ml（已下架）/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '一键加购' }));
    await waitFor(() => expect(cartPosts).toHaveLength(1));
    expect(cartPosts[0]).toEqual({
      partial: 1,
      params: [expect.objectContaining({ goods_id: ganmao.id, number: 10 })],
    });
    expect(await within(card).findByText('已加入购物车')).toBeTruthy();
  });
});

describe('purchase history', () => {
  it('shows last purchase and now, sorts and filters through the URL, and adds the ticked rows', async () => {
    const { router } = renderPage('/kjcg');
    const t = await screen.findByRole('table', { name: '购买记录' });
    expect(within(t).getByText('¥11.00')).toBeTruthy();
    expect(within(t).getByText('3次')).toBeTruthy();
    // Gone from sale: cannot be ticked.
    expect((within(t).getByLabelText('选择 停售止咳糖浆') as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('排序方式'), { target: { value: 'times' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ order: 'times_desc' }));
    fireEvent.change(screen.getByLabelText('筛选购买记录'), { target: { value: '感冒' } });
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ order: 'times_desc', keywords: '感冒' }));
    expect(http.get).toHaveBeenCalledWith('user/fast_buy', {
      order: 'times_desc',
      keywords: '感冒',
      page: 1,
      page_size: 50,
    });

    // Typing a quantity ticks the row; 全选 ticks the rest.
    fireEvent.change(within(t).getByLabelText('感冒灵颗粒 采购数量'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '加入购物车（1）' }));
    await waitFor(() => expect(cartPosts).toHaveLength(1));
    expect(cartPosts[0].params).toEqual([expect.objectContaining({ goods_id: ganmao.id, number: 12 })]);
    expect(await within(t).findByText('已加入购物车')).toBeTruthy();

    // A ticked row with a bad quantity holds the button back.
    fireEvent.click(within(t).getByLabelText('选择 板蓝根颗粒'));
    fireEvent.change(within(t).getByLabelText('板蓝根颗粒 采购数量'), { target: { value: '0' } });
    expect((screen.getByRole('button', { name: /加入购物车（/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
