// /wdxx 我的消息 through the real router against a fake server: kind tabs and the read filter in
// the URL, paging, opening a message marks it read (one call, the dot goes, the unread count and
// the user base's message_count follow), 全部标为已读, the message's link, and the empty state.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, MessageKind, MessagePage } from '../../src/domain/messages';
import type { UserBase } from '../../src/domain/user';
import { messageKeys } from '../../src/api/messages';
import { userKeys } from '../../src/api/user';
import type { RouteDef } from '../../src/routes/types';
import { toast } from '../../src/ui/toast';
import { currentHref, makeUser, renderRoute, serve } from './catalog-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

let inbox: Message[];

function message(id: number, kind: MessageKind, over: Partial<Message> = {}): Message {
  return {
    id,
    kind,
    title: `消息${id}`,
    body: `正文${id}`,
    link: null,
    is_read: 0,
    created_at: 1_767_000_000 + id * 60,
    ...over,
  };
}

const unreadCount = () => inbox.filter((m) => m.is_read === 0).length;

/** The server's answer to GET user/message: filters, newest first, 10 a page. */
function answer(params: { kind?: string; status?: string; page: number }): MessagePage {
  const rows = inbox
    .filter((m) => !params.kind || m.kind === params.kind)
    .filter((m) => (params.status === 'unread' ? m.is_read === 0 : params.status === 'read' ? m.is_read === 1 : true))
    .sort((a, b) => b.id - a.id);
  return {
    list: rows.slice((params.page - 1) * 10, params.page * 10),
    total: rows.length,
    page: params.page,
    page_size: 10,
    unread: unreadCount(),
  };
}

beforeEach(() => {
  inbox = [
    message(1, 'system', { title: '资质审核通过', is_read: 1 }),
    message(2, 'promotion', { title: '优惠券即将过期', link: '/yhq' }),
    message(3, 'order', {
      title: '售后申请已通过',
      body: '订单DD1的仅退款申请：客服已审核通过您的售后申请。',
      link: '/order/afterSalesInfo/7',
    }),
  ];
  serve(http.get, {
    user: makeUser({ message_count: 2 }),
    other: (path, params) => (path === 'user/message' ? answer(params as { page: number }) : undefined),
  });
  http.post.mockImplementation(async (path: string, body: { ids?: number[]; all?: number }) => {
    if (path !== 'user/message/read') throw new Error(`unexpected POST ${path}`);
    let count = 0;
    for (const m of inbox) {
      if (m.is_read === 0 && (body.all === 1 || body.ids?.includes(m.id))) {
        m.is_read = 1;
        count += 1;
      }
    }
    return { count, unread: unreadCount() };
  });
});

afterEach(() => {
  act(() => toast.clear());
  http.get.mockReset();
  http.post.mockReset();
});

const item = (title: string) => screen.getByRole('button', { name: new RegExp(title) }).closest('li')!;

describe('my messages page', () => {
  it('lists the messages newest first with their kind and the unread count', async () => {
    renderRoute('/wdxx');
    await screen.findByRole('button', { name: /售后申请已通过/ }, { timeout: 5_000 });
    expect(http.get).toHaveBeenCalledWith('user/message', { page: 1 });
    const titles = within(screen.getByRole('list', { name: '消息列表' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(titles[0]).toContain('订单消息售后申请已通过');
    expect(titles[2]).toContain('系统消息资质审核通过');
    expect(screen.getByText('2 条未读')).toBeTruthy();
    expect(item('售后申请已通过').dataset.read).toBe('no');
    expect(item('资质审核通过').dataset.read).toBe('yes');
    expect(screen.getByRole('link', { name: '全部消息' }).getAttribute('aria-current')).toBe('page');
  });

  it('opening an unread message shows it, marks it read and lowers the badge count', async () => {
    const { queryClient } = renderRoute('/wdxx');
    // The shell (mocked here) holds the user base the side-bar badge reads.
    queryClient.setQueryData(userKeys.base(), makeUser({ message_count: 2 }));
    const head = await screen.findByRole('button', { name: /售后申请已通过/ }, { timeout: 5_000 });
    fireEvent.click(head);
    expect(head.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('订单DD1的仅退款申请：客服已审核通过您的售后申请。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看售后详情' }).getAttribute('href')).toBe('/order/afterSalesInfo/7');
    await waitFor(() => expect(item('售后申请已通过').dataset.read).toBe('yes'));
    expect(http.post).toHaveBeenCalledTimes(1);
    expect(http.post).toHaveBeenCalledWith('user/message/read', { ids: [3] });
    expect(screen.getByText('1 条未读')).toBeTruthy();
    expect(queryClient.getQueryData<UserBase>(userKeys.base())?.message_count).toBe(1);

    // A read message opens without another call.
    fireEvent.click(screen.getByRole('button', { name: /资质审核通过/ }));
    fireEvent.click(head);
    expect(http.post).toHaveBeenCalledTimes(1);
  });

  it('全部标为已读 clears every dot and the badge', async () => {
    const { queryClient } = renderRoute('/wdxx');
    queryClient.setQueryData(userKeys.base(), makeUser({ message_count: 2 }));
    await screen.findByRole('button', { name: /售后申请已通过/ }, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(screen.getByText('没有未读消息')).toBeTruthy());
    expect(http.post).toHaveBeenCalledWith('user/message/read', { all: 1 });
    expect(item('售后申请已通过').dataset.read).toBe('yes');
    expect(item('优惠券即将过期').dataset.read).toBe('yes');
    expect(screen.getByRole('button', { name: '全部标为已读' })).toHaveProperty('disabled', true);
    expect(queryClient.getQueryData<UserBase>(userKeys.base())?.message_count).toBe(0);
  });

  it('a list answer asked for before 全部标为已读 and arriving after it does not bring the dots back', async () => {
    const { queryClient } = renderRoute('/wdxx');
    await screen.findByRole('button', { name: /售后申请已通过/ }, { timeout: 5_000 });
    // The list is asked for again (a return to the page, a refresh) and its answer is slow: the
    // server read the inbox before the buyer marked everything read.
    const before = structuredClone(answer({ page: 1 }));
    let release: (page: MessagePage) => void = () => {};
    const held = new Promise<MessagePage>((resolve) => (release = resolve));
    serve(http.get, {
      user: makeUser({ message_count: 2 }),
      other: (path) => (path === 'user/message' ? held : undefined),
    });
    void queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
    const listCalls = () => http.get.mock.calls.filter(([path]) => path === 'user/message').length;
    await waitFor(() => expect(listCalls()).toBe(2));

    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(screen.getByText('没有未读消息')).toBeTruthy());
    await act(async () => release(before));
    await waitFor(() => expect(queryClient.isFetching({ queryKey: messageKeys.lists() })).toBe(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByText('没有未读消息')).toBeTruthy();
    expect(item('售后申请已通过').dataset.read).toBe('yes');
    expect(item('优惠券即将过期').dataset.read).toBe('yes');
  });

  it('kind tabs and the read filter live in the URL and ask the server for them', async () => {
    const { router } = renderRoute('/wdxx');
    await screen.findByRole('button', { name: /售后申请已通过/ }, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('link', { name: '促销消息' }));
    await waitFor(() => expect(currentHref(router)).toBe('/wdxx?kind=promotion'));
    await screen.findByRole('button', { name: /优惠券即将过期/ });
    expect(screen.queryByRole('button', { name: /售后申请已通过/ })).toBeNull();
    expect(http.get).toHaveBeenCalledWith('user/message', { kind: 'promotion', page: 1 });

    fireEvent.click(within(screen.getByRole('navigation', { name: '阅读状态' })).getByRole('link', { name: '已读' }));
    await waitFor(() => expect(currentHref(router)).toBe('/wdxx?kind=promotion&status=read'));
    expect(await screen.findByText('没有已读的促销消息')).toBeTruthy();
    expect(http.get).toHaveBeenCalledWith('user/message', { kind: 'promotion', status: 'read', page: 1 });
  });

  it('pages through a long list with the page in the URL', async () => {
    inbox = Array.from({ length: 23 }, (_, i) => message(i + 1, 'system'));
    const { router } = renderRoute('/wdxx?page=3');
    await screen.findByRole('button', { name: /消息3(?!\d)/ }, { timeout: 5_000 });
    expect(within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('button')).toHaveLength(3);
    expect(http.get).toHaveBeenCalledWith('user/message', { page: 3 });
    fireEvent.click(screen.getByRole('link', { name: /上一页/ }));
    await waitFor(() => expect(currentHref(router)).toBe('/wdxx?page=2'));
    await screen.findByRole('button', { name: /消息13/ });
  });
});
