// The self-service pages through the real router: /pzqg by status, /pzqg/add (the name from
// ?keyword=, SPEC §5 checks before sending, the send and the way back to the list), /pzqg/info
// (reply, the listed goods with add-to-cart), /yjfk (form, earlier feedback and replies) and
// /alerts (list and delete).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedbackItem } from '../../src/domain/feedback';
import type { GoodsAlert } from '../../src/domain/goods-alerts';
import type { ProductRequest, ProductRequestDetail } from '../../src/domain/product-requests';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { currentHref, makeUser, renderRoute, serve } from './catalog-harness';
import { makeDetail, makeGoods } from './goods-fixtures';
import { pageOf } from './order-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const request = (over: Partial<ProductRequest> = {}): ProductRequest => ({
  id: 1,
  name: '氨溴索口服溶液',
  sccj: '勃林格殷格翰',
  ypgg: '100ml',
  approval_no: '',
  quantity: 60,
  expected_price: 2850,
  remark: '',
  status: 'pending',
  status_text: '待处理',
  reply: '',
  replied_at: null,
  goods_id: null,
  created_at: 1_767_300_000,
  ...over,
});

const feedbackItem = (over: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id: 1,
  category: 'delivery',
  category_text: '物流配送',
  content: '到货慢了两天',
  contact: '',
  photos: [],
  reply: '',
  replied_at: null,
  created_at: 1_767_300_000,
  ...over,
});

const alertRow = (over: Partial<GoodsAlert> = {}): GoodsAlert => ({
  id: 9,
  kind: 'restock',
  kind_text: '到货通知',
  target_price: null,
  notified_at: null,
  created_at: 1_767_300_000,
  goods: { id: 5, name: '连花清瘟胶囊', sccj: '以岭药业', ypgg: '24粒', goods_image: '', price: 1250, number: 0 },
  ...over,
});

let other: (path: string, params?: unknown) => unknown;
beforeEach(() => {
  other = () => undefined;
  serve(http.get, { user: makeUser(), other: (path, params) => other(path, params) });
});

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
  http.post.mockReset();
  http.delete.mockReset();
});

describe('/pzqg', () => {
  it('lists the requests with their status and filters by the tab in the URL', async () => {
    other = (path, params) => {
      if (path !== 'user/buy') return undefined;
      const status = (params as { status?: string }).status;
      return pageOf(
        status === 'listed'
          ? [request({ id: 2, name: '蒲地蓝', status: 'listed', status_text: '已上架' })]
          : [request()],
      );
    };
    renderRoute('/pzqg');
    const row = await screen.findByRole('row', { name: /氨溴索口服溶液/ }, { timeout: 5_000 });
    expect(within(row).getByText('待处理')).toBeTruthy();
    expect(within(row).getByText('¥28.50')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '氨溴索口服溶液' }).getAttribute('href')).toBe('/pzqg/info?id=1');
    fireEvent.click(screen.getByRole('link', { name: '已上架' }));
    await screen.findByRole('row', { name: /蒲地蓝/ });
    expect(http.get).toHaveBeenCalledWith('user/buy', { status: 'listed', page: 1 });
  });
});

describe('the search page', () => {
  it('links "没找到想要的？" to the request form with the keyword', async () => {
    renderRoute('/search?keywords=%E6%B0%A8%E6%BA%B4%E7%B4%A2');
    const links = await screen.findAllByRole('link', { name: /发布求购/ }, { timeout: 5_000 });
    for (const link of links) expect(link.getAttribute('href')).toBe('/pzqg/add?keyword=%E6%B0%A8%E6%BA%B4%E7%B4%A2');
    expect(screen.getAllByText(/没找到想要的？/).length).toBeGreaterThan(0);
  });
});

describe('/pzqg/add', () => {
  it('fills the name from ?keyword=, checks before sending, sends the form and returns to the list', async () => {
    other = (path) => (path === 'user/buy' ? pageOf([]) : undefined);
    http.post.mockResolvedValue({ code: 10000, msg: '求购信息已提交，我们会尽快处理', data: request() });
    const { router } = renderRoute('/pzqg/add?keyword=%E6%B0%A8%E6%BA%B4%E7%B4%A2');
    const name = (await screen.findByRole('textbox', { name: /商品名称/ }, { timeout: 5_000 })) as HTMLInputElement;
    expect(name.value).toBe('氨溴索');

    fireEvent.change(screen.getByRole('textbox', { name: /期望价格/ }), { target: { value: '十元' } });
    fireEvent.click(screen.getByRole('button', { name: '提交求购' }));
    expect(await screen.findByText('月需求量须为1-1000000的整数')).toBeTruthy();
    expect(screen.getByText('期望价格须为大于0的金额，如 12.50')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /月需求量/ }), { target: { value: '60' } });
    fireEvent.change(screen.getByRole('textbox', { name: /期望价格/ }), { target: { value: ' 28.5 ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交求购' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    const [path, body] = http.post.mock.calls[0];
    expect(path).toBe('user/buy');
    expect(body).toMatchObject({ name: '氨溴索', quantity: '60', expected_price: '28.5', sccj: '' });
    await waitFor(() => expect(currentHref(router)).toBe('/pzqg'));
    expect(await screen.findByText('求购信息已提交，我们会尽快处理')).toBeTruthy();
  });
});

describe('/pzqg/info', () => {
  it('shows the reply and the listed goods with add-to-cart', async () => {
    const detail: ProductRequestDetail = {
      ...request({
        id: 7,
        status: 'listed',
        status_text: '已上架',
        reply: '已为您上架',
        replied_at: 1_767_400_000,
        goods_id: 5,
      }),
      goods: makeGoods({ id: 5, name: '氨溴索口服溶液 100ml' }),
    };
    other = (path) => (path === 'user/buy/7' ? detail : undefined);
    renderRoute('/pzqg/info?id=7');
    const reply = await screen.findByRole('region', { name: '平台回复' }, { timeout: 5_000 });
    expect(within(reply).getByText('已为您上架')).toBeTruthy();
    const listed = screen.getByRole('region', { name: '已上架商品' });
    expect(within(listed).getByRole('link', { name: '氨溴索口服溶液 100ml' }).getAttribute('href')).toBe(
      '/list/info/5',
    );
    expect(within(listed).getByRole('button', { name: /加入购物车/ })).toBeTruthy();
  });

  it('says it is waiting while there is no reply, and shows no goods', async () => {
    other = (path) => (path === 'user/buy/3' ? { ...request({ id: 3 }), goods: null } : undefined);
    renderRoute('/pzqg/info?id=3');
    expect(await screen.findByText(/采购人员处理后会在这里回复您/, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '已上架商品' })).toBeNull();
  });
});

describe('/yjfk', () => {
  it('asks for a category and text before sending, sends text-only feedback and lists replies', async () => {
    other = (path) =>
      path === 'user/feedback'
        ? pageOf([
            feedbackItem({ id: 2, reply: '已安排加急配送', photos: ['/api/upload/8'] }),
            feedbackItem({ id: 1, content: '包装破损' }),
          ])
        : undefined;
    http.post.mockResolvedValue({ code: 10000, msg: '感谢您的反馈，我们会尽快回复', data: feedbackItem() });
    renderRoute('/yjfk');
    const list = await screen.findByRole('list', { name: '我的反馈' }, { timeout: 5_000 });
    expect(within(list).getByText('已安排加急配送')).toBeTruthy();
    expect(within(list).getByRole('img', { name: '截图1' }).getAttribute('src')).toBe('/api/upload/8');
    expect(within(list).getByText('已收到，客服会尽快回复您')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await screen.findByText('请选择反馈类型')).toBeTruthy();
    expect(screen.getByText('请填写反馈内容')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: /反馈类型/ }), { target: { value: 'website' } });
    fireEvent.change(screen.getByRole('textbox', { name: /反馈内容/ }), {
      target: { value: '希望支持按上次数量补货' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /联系方式/ }), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await screen.findByText('联系方式须为手机号、固定电话（如 010-12345678）或邮箱')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /联系方式/ }), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0].slice(0, 2)).toEqual([
      'user/feedback',
      { category: 'website', content: '希望支持按上次数量补货', contact: '13800138000' },
    ]);
    expect(await screen.findByText('感谢您的反馈，我们会尽快回复')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /反馈内容/ }) as HTMLTextAreaElement).value).toBe('');
  });

  it('sends screenshots as one multipart request and refuses a GIF before sending', async () => {
    other = (path) => (path === 'user/feedback' ? pageOf([]) : undefined);
    http.post.mockResolvedValue({ code: 10000, msg: '感谢您的反馈，我们会尽快回复', data: feedbackItem() });
    renderRoute('/yjfk');
    const input = (await screen.findByLabelText(/上传截图/, undefined, { timeout: 5_000 })) as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' });
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46])], 'a.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [png, gif] } });
    expect(await screen.findByText('图片仅支持JPG、PNG、WEBP格式')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /移除截图/ })).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: /反馈类型/ }), { target: { value: 'other' } });
    fireEvent.change(screen.getByRole('textbox', { name: /反馈内容/ }), { target: { value: '页面显示异常' } });
    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    const [path, body, opts] = http.post.mock.calls[0];
    expect(path).toBe('user/feedback');
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).getAll('photos[]')).toHaveLength(1);
    expect((body as FormData).get('content')).toBe('页面显示异常');
    expect(opts.idempotencyKey).toEqual(expect.any(String));
  });
});

describe('/alerts', () => {
  it('lists alerts with their state and deletes one', async () => {
    other = (path) =>
      path === 'user/alerts'
        ? pageOf([
            alertRow(),
            alertRow({
              id: 8,
              kind: 'price_drop',
              kind_text: '降价提醒',
              target_price: 1000,
              notified_at: 1_767_400_000,
              goods: { ...alertRow().goods, id: 6, name: '感冒灵颗粒', number: 20 },
            }),
          ])
        : undefined;
    http.delete.mockResolvedValue({ code: 10000, msg: '提醒已删除', data: null });
    renderRoute('/alerts');
    const waiting = await screen.findByRole('row', { name: /连花清瘟胶囊/ }, { timeout: 5_000 });
    expect(within(waiting).getByText('等待中')).toBeTruthy();
    expect(within(waiting).getByText('缺货')).toBeTruthy();
    const sent = screen.getByRole('row', { name: /感冒灵颗粒/ });
    expect(within(sent).getByText('¥10.00')).toBeTruthy();
    expect(within(sent).getByText(/已通知/)).toBeTruthy();
    fireEvent.click(within(waiting).getByRole('button', { name: '删除提醒 连花清瘟胶囊' }));
    await waitFor(() => expect(http.delete).toHaveBeenCalledWith('user/alerts/9', undefined, { envelope: true }));
    expect(await screen.findByText('提醒已删除')).toBeTruthy();
  });
});

describe('goods page alerts', () => {
  it("offers 到货通知 at zero stock and 降价提醒 below today's price", async () => {
    const goods = makeDetail({ id: 5, name: '连花清瘟胶囊', number: 0, price: 1250, base_price: 1250 });
    let alerts: GoodsAlert[] = [];
    other = (path) => {
      if (path === 'goods/detail/5') return goods;
      if (path === 'goods/activities') return [];
      if (path === 'user/alerts') return pageOf(alerts);
      return undefined;
    };
    http.post.mockImplementation(async (_path: string, body: { kind: string }) => {
      alerts = [alertRow({ kind: body.kind as GoodsAlert['kind'] })];
      return { code: 10000, msg: '已订阅到货通知，到货后将发消息提醒您', data: alerts[0] };
    });
    renderRoute('/list/info/5');
    fireEvent.click(await screen.findByRole('button', { name: '到货通知' }, { timeout: 5_000 }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('user/alerts', { goods_id: 5, kind: 'restock' }, { envelope: true }),
    );
    expect(await screen.findByText('已订阅到货通知')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '降价提醒' }));
    const dialog = within(await screen.findByRole('dialog', { name: '降价提醒' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /提醒价格/ }), { target: { value: '12.5' } });
    fireEvent.click(dialog.getByRole('button', { name: '设置提醒' }));
    expect(await dialog.findByText('提醒价格须低于当前价格')).toBeTruthy();
    expect(http.post).toHaveBeenCalledTimes(1);
    fireEvent.change(dialog.getByRole('textbox', { name: /提醒价格/ }), { target: { value: '9.9' } });
    fireEvent.click(dialog.getByRole('button', { name: '设置提醒' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenLastCalledWith(
        'user/alerts',
        { goods_id: 5, kind: 'price_drop', target_price: '9.9' },
        { envelope: true },
      ),
    );
  });
});
