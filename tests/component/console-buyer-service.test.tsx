// The console's 客服 screens with the real router and query client, the server replaced by a fetch
// stub: 品种求购's reply dialog shows the buyer's company, checks the goods id, puts the server's
// field message under its field and sends reply + goods_id; 消息推送 asks before a 公告 to all and
// sends the company ids typed; roles without the area are told so and see no nav entry.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Operator, Paged } from '../../src/domain/admin';
import type { AdminProductRequest, SentBuyerMessage } from '../../src/domain/buyer-service';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let signedIn: Operator | null;
let handlers: Record<string, (call: Call) => { status?: number; code?: number; msg?: string; data: unknown }>;

const paged = <T,>(list: T[]): Paged<T> => ({ list, total: list.length, page: 1, size: 20 });

const request: AdminProductRequest = {
  id: 31,
  name: '氨溴索口服溶液',
  sccj: '勃林格殷格翰',
  ypgg: '100ml:0.6g',
  approval_no: '国药准字H20133377',
  quantity: 60,
  expected_price: 2850,
  remark: '冬季用量大',
  status: 'pending',
  status_text: '待处理',
  reply: '',
  replied_at: null,
  goods_id: null,
  created_at: 1_748_750_400,
  company_id: 3,
  company_name: '广州市康宁大药房有限公司',
  goods_name: null,
};

function respond(status: number, code: number, msg: string, data: unknown): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  signedIn = null;
  localStorage.clear();
  handlers = {
    'GET /api/admin/me': () =>
      signedIn ? { data: signedIn } : { status: 401, code: 10001, msg: '请先登录运营后台', data: null },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${url.pathname}`];
      if (!handler) throw new Error(`unexpected ${call.method} ${url.pathname}`);
      const answer = handler(call);
      return respond(answer.status ?? 200, answer.code ?? 10000, answer.msg ?? 'ok', answer.data);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console 品种求购', () => {
  it("replies with a goods id: local check, the server's field message under the field, then the reply sent", async () => {
    signedIn = operator('support');
    let listed = false;
    handlers['GET /api/admin/product_requests'] = () => ({
      data: paged([listed ? { ...request, status: 'listed', status_text: '已上架' } : request]),
    });
    let attempt = 0;
    handlers['POST /api/admin/product_requests/31/reply'] = () => {
      attempt += 1;
      if (attempt === 1)
        return {
          status: 422,
          code: 422,
          msg: '该商品未上架，不能标记为已上架',
          data: { errors: { goods_id: ['该商品未上架，不能标记为已上架'] } },
        };
      listed = true;
      return { msg: '已标记为已上架', data: { ...request, status: 'listed', goods_id: 5 } };
    };
    openAt('/admin/product-requests?status=pending');
    const row = (await screen.findByText('氨溴索口服溶液')).closest('tr')!;
    expect(within(row).getByText('广州市康宁大药房有限公司')).toBeTruthy();
    expect(screen.getByRole('link', { name: '品种求购' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '回复' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('广州市康宁大药房有限公司（编号 3）')).toBeTruthy();
    expect(within(dialog).getByText('¥28.50')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/回复内容/), { target: { value: '已上架，欢迎采购' } });
    fireEvent.change(within(dialog).getByLabelText(/已上架商品编号/), { target: { value: '5号' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发送回复' }));
    expect(await within(dialog).findByText('商品编号只能是数字')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/已上架商品编号/), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发送回复' }));
    expect(await within(dialog).findByText('该商品未上架，不能标记为已上架')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '发送回复' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ reply: '已上架，欢迎采购', goods_id: 5 });
    // The list is asked again after the reply.
    expect(await screen.findByText('已上架', { selector: 'td' })).toBeTruthy();
  });

  it('tells a role without the area so and leaves it out of the nav', async () => {
    signedIn = operator('finance');
    openAt('/admin/product-requests');
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '品种求购' })).toBeNull();
    expect(screen.queryByRole('link', { name: '消息推送' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/admin/product_requests')).toBe(false);
  });
});

describe('console 消息推送', () => {
  it('asks before a 公告 to all, sends named company ids as a list, and lists what was sent', async () => {
    signedIn = operator('support');
    const sent: SentBuyerMessage[] = [];
    handlers['GET /api/admin/buyer_messages'] = () => ({ data: paged(sent) });
    handlers['POST /api/admin/buyer_messages'] = (call) => {
      const body = call.body as { target: 'all' | 'companies'; company_ids?: number[]; title: string; body: string };
      const recipients = body.target === 'all' ? 57 : (body.company_ids ?? []).length;
      sent.unshift({
        id: sent.length + 1,
        target: body.target,
        company_ids: body.company_ids ?? [],
        recipients,
        title: body.title,
        body: body.body,
        link: null,
        staff_name: '冯晓',
        created_at: Date.parse('2025-06-01T02:00:00Z'),
      });
      return { msg: `已发送给${recipients}家企业`, data: { recipients } };
    };
    openAt('/admin/buyer-messages');
    const form = await screen.findByRole('form', { name: '发送消息' });
    expect(await screen.findByText('还没有发送过消息')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: '发送' }));
    expect(await within(form).findByText('请填写接收企业的编号')).toBeTruthy();
    expect(within(form).getByText('请填写标题')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/企业编号/), { target: { value: '12, 15 12' } });
    fireEvent.change(within(form).getByLabelText(/标题/), { target: { value: '到货提醒' } });
    fireEvent.change(within(form).getByLabelText(/内容/), { target: { value: '您关注的品种已到货' } });
    fireEvent.click(within(form).getByRole('button', { name: '发送' }));
    expect(await within(form).findByText('已发送给2家企业')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      target: 'companies',
      company_ids: [12, 15],
      title: '到货提醒',
      body: '您关注的品种已到货',
      link: '',
    });

    fireEvent.click(within(form).getByLabelText(/全部已审核企业/));
    fireEvent.change(within(form).getByLabelText(/标题/), { target: { value: '春节放假公告' } });
    fireEvent.change(within(form).getByLabelText(/内容/), { target: { value: '2月1日至2月7日暂停发货' } });
    fireEvent.click(within(form).getByRole('button', { name: '发送' }));
    const confirm = await screen.findByRole('dialog', { name: '发送公告' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定发送' }));
    expect(await within(form).findByText('已发送给57家企业')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      target: 'all',
      title: '春节放假公告',
      body: '2月1日至2月7日暂停发货',
      link: '',
    });
    expect(await screen.findByText('全部已审核企业（公告）', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('企业 12、15')).toBeTruthy();
  });
});
