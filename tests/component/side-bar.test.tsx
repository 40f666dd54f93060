// The side bar (SPEC §2, §4): drawer width toggle, opening fetches the cart, lines and totals,
// delete with confirmation, empty cart, closed on cart routes, messages badge, customer service.
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SideBar } from '../../src/app/shell/side-bar/side-bar';
import { DRAWER_DRAFT_NOTE, EMPTY_CART_MESSAGE } from '../../src/app/shell/side-bar/cart-drawer';
import { publishLocalStatus, setLocalRuntime } from '../../src/local/runtime';
import type { UserBase } from '../../src/domain/user';
import { CHAT_OPEN_EVENT } from '../../src/domain/chat';
import type { RouteDef } from '../../src/routes/types';
import { AlertHost } from '../../src/ui/alert-dialog';
import { makeUser, renderInApp, routeDef } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const localStore = vi.hoisted(() => ({ readCart: vi.fn() }));
vi.mock('../../src/local/index', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/local/index')>()),
  ...localStore,
}));

const line = (id: number, name: string, price: number, number: number) => ({
  id,
  number,
  price,
  goods: { id: id * 10, name, sccj: '华润三九医药股份有限公司', ypgg: '10g*9袋', goods_image: `/img/${id}.svg` },
});

let cartLines = [line(1, '感冒灵颗粒', 1250, 2), line(2, '布洛芬缓释胶囊', 890, 3)];

/** Agent lines the member has not read (GET kf/unread). */
let chatUnread = 0;

beforeEach(() => {
  chatUnread = 0;
  cartLines = [line(1, '感冒灵颗粒', 1250, 2), line(2, '布洛芬缓释胶囊', 890, 3)];
  http.get.mockImplementation((path: string) => {
    switch (path) {
      case 'cart/total':
        return Promise.resolve({ count: cartLines.length });
      case 'cart/list':
        return Promise.resolve({ data: cartLines });
      case 'goods/hot':
        return Promise.resolve([]);
      case 'kf/unread':
        return Promise.resolve({ count: chatUnread });
      default:
        return Promise.reject(new Error(`unexpected GET ${path}`));
    }
  });
  http.post.mockImplementation((path: string, body: { ids: number[] }) => {
    if (path !== 'cart/batch_delete') return Promise.reject(new Error(`unexpected POST ${path}`));
    cartLines = cartLines.filter((l) => !body.ids.includes(l.id));
    // The drawer's delete goes through the local store's write layer, which asks for the envelope.
    return Promise.resolve({ code: 10000, msg: '删除成功', data: { count: body.ids.length } });
  });
});
afterEach(() => {
  http.get.mockReset();
  http.post.mockReset();
});

function renderSideBar(user: UserBase | null = makeUser(), def: RouteDef = routeDef({ name: 'home' })) {
  return renderInApp(
    <>
      <SideBar def={def} user={user} />
      <AlertHost />
    </>,
  );
}

const bar = () => screen.getByRole('complementary', { name: '快捷工具栏' });
const width = () => bar().style.getPropertyValue('--side-w');
const cartToggle = () => within(bar()).getByRole('button', { name: /购物车/ });
const listCalls = () => http.get.mock.calls.filter(([p]) => p === 'cart/list');

describe('side bar', () => {
  it('toggles the drawer between the closed and open widths; opening fetches the cart', async () => {
    renderSideBar();
    await screen.findByRole('complementary', { name: '快捷工具栏' });
    expect(width()).toBe('40px');
    expect(listCalls()).toHaveLength(0);

    fireEvent.click(cartToggle());
    expect(width()).toBe('310px');
    expect(cartToggle().getAttribute('aria-expanded')).toBe('true');
    const drawer = screen.getByRole('region', { name: '购物车' });
    expect(await within(drawer).findByText('感冒灵颗粒')).toBeTruthy();
    expect(listCalls()).toEqual([['cart/list', { filters: 99_999 }]]);
    expect(within(drawer).getAllByText('华润三九医药股份有限公司')).toHaveLength(2);
    expect(within(drawer).getByText('¥12.50')).toBeTruthy();
    expect(within(drawer).getByText('× 2', { exact: false })).toBeTruthy();
    // 2 + 3 items; 12.50×2 + 8.90×3 = 51.70
    expect(drawer.textContent).toMatch(/共\s*5\s*件商品/);
    expect(within(drawer).getByText('¥51.70')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: '去购物车结算' }).getAttribute('href')).toBe('/cart');

    fireEvent.click(cartToggle());
    expect(width()).toBe('40px');
    fireEvent.click(cartToggle());
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('draws a line whose picture cannot load (offline, not kept) as the placeholder, not a broken image', async () => {
    renderSideBar();
    fireEvent.click(await waitFor(() => cartToggle()));
    const drawer = screen.getByRole('region', { name: '购物车' });
    await within(drawer).findByText('感冒灵颗粒');
    const pictures = drawer.querySelectorAll('img');
    expect(pictures).toHaveLength(2);
    fireEvent.error(pictures[0]);
    await waitFor(() => expect(drawer.querySelectorAll('img')).toHaveLength(1));
    expect(drawer.querySelector('img')?.getAttribute('src')).toBe('/img/2.svg');
  });

  it('asks before deleting a line, then deletes it and reloads the drawer', async () => {
    renderSideBar();
    fireEvent.click(await screen.findByRole('button', { name: /购物车/ }));
    const drawer = screen.getByRole('region', { name: '购物车' });
    await within(drawer).findByText('感冒灵颗粒');
    fireEvent.click(within(drawer).getAllByRole('button', { name: '删除' })[0]);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('确定要删除该商品吗？')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    });
    expect(http.post).toHaveBeenCalledWith(
      'cart/batch_delete',
      { ids: [1] },
      { envelope: true, idempotencyKey: expect.any(String) },
    );
    await waitFor(() => expect(within(drawer).queryByText('感冒灵颗粒')).toBeNull());
    expect(within(drawer).getByText('布洛芬缓释胶囊')).toBeTruthy();
  });

  it('cancelling the confirmation keeps the line', async () => {
    renderSideBar();
    fireEvent.click(await screen.findByRole('button', { name: /购物车/ }));
    const drawer = screen.getByRole('region', { name: '购物车' });
    await within(drawer).findByText('感冒灵颗粒');
    fireEvent.click(within(drawer).getAllByRole('button', { name: '删除' })[0]);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(http.post).not.toHaveBeenCalled();
  });

  it('shows the device draft, marked, while cart changes are queued (no server call)', async () => {
    localStore.readCart.mockResolvedValue({
      lines: [
        { ...line(-1, '板蓝根颗粒', 1500, 4), local: 1, sort: -1 },
        { ...line(1, '感冒灵颗粒', 1250, 2), local: 0, sort: 0 },
      ],
      totals: null,
      provisional: true,
      asOf: 1,
    });
    publishLocalStatus({
      account: { username: 'demo', companyId: 1 },
      cartDraft: { pending: true, seeded: true, lines: 2, localLines: 1 },
    });
    try {
      renderSideBar();
      fireEvent.click(await screen.findByRole('button', { name: /购物车/ }));
      const drawer = screen.getByRole('region', { name: '购物车' });
      expect(await within(drawer).findByText(DRAWER_DRAFT_NOTE)).toBeTruthy();
      expect(within(drawer).getByText('板蓝根颗粒')).toBeTruthy();
      expect(within(drawer).getByText('6').closest('p')?.textContent).toMatch(/共\s*6\s*件商品/);
      expect(listCalls()).toHaveLength(0);
    } finally {
      setLocalRuntime(null);
    }
  });

  it('shows the empty-cart message', async () => {
    cartLines = [];
    renderSideBar();
    fireEvent.click(await screen.findByRole('button', { name: /购物车/ }));
    expect(await screen.findByText(EMPTY_CART_MESSAGE)).toBeTruthy();
  });

  it('stays closed on cart routes, where the cart tab links to the cart page', async () => {
    renderSideBar(makeUser(), routeDef({ name: 'step1', parent: 'cart', path: '/cart/step1' }));
    const tab = await screen.findByRole('link', { name: /购物车/ });
    expect(tab.getAttribute('href')).toBe('/cart');
    expect(width()).toBe('40px');
  });

  it('badges messages and links 我的 and 消息', async () => {
    renderSideBar(makeUser({ message_count: 12 }));
    const messages = await screen.findByRole('link', { name: /消息/ });
    expect(messages.getAttribute('href')).toBe('/wdxx');
    expect(messages.textContent).toContain('12');
    expect(screen.getByRole('link', { name: '我的' }).getAttribute('href')).toBe('/user');
  });

  it('opens the chat frame with username and token for chat-enabled members', async () => {
    renderSideBar(makeUser({ is_can_chat: 1, username: 'demo', token: 'a b&c' }));
    fireEvent.click(await screen.findByRole('button', { name: '在线客服' }));
    const dialog = await screen.findByRole('dialog', { name: '在线客服' });
    const src = dialog.querySelector('iframe')?.getAttribute('src') ?? '';
    expect(src).toContain('?username=demo&token=a%20b%26c');
  });

  it('shows the chat’s unread count on its entry, and a page’s 咨询客服 opens the frame with that card', async () => {
    chatUnread = 2;
    renderSideBar(makeUser({ is_can_chat: 1, username: 'demo', token: 't' }));
    await screen.findByRole('button', { name: '在线客服，2 条未读' });
    act(() => {
      window.dispatchEvent(new CustomEvent(CHAT_OPEN_EVENT, { detail: { goods_id: 12 } }));
    });
    const dialog = await screen.findByRole('dialog', { name: '在线客服' });
    expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('/kf/chat?username=demo&token=t&goods=12');
  });

  it('offers the two QQ links to members without chat', async () => {
    renderSideBar(makeUser({ is_can_chat: 0 }));
    fireEvent.click(await screen.findByRole('button', { name: '在线客服' }));
    const card = await screen.findByRole('dialog');
    const links = within(card).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'tencent://message/?uin=10001&Site=&Menu=yes',
      'tencent://message/?uin=10002&Site=&Menu=yes',
    ]);
  });

  it('asks a visitor to sign in inside the drawer', async () => {
    renderSideBar(null);
    fireEvent.click(await screen.findByRole('button', { name: /购物车/ }));
    expect(await screen.findByText('登录后查看购物车')).toBeTruthy();
    expect(listCalls()).toHaveLength(0);
  });

  it('started without the server, shows the offline member’s draft instead of asking to sign in', async () => {
    localStore.readCart.mockResolvedValue({
      lines: [{ ...line(1, '感冒灵颗粒', 1250, 2), local: 0, sort: 0 }],
      totals: null,
      provisional: true,
      asOf: 1,
    });
    publishLocalStatus({
      account: { username: 'demo', companyId: 1 },
      cartDraft: { pending: false, seeded: true, lines: 1, localLines: 0 },
    });
    onlineManager.setOnline(false);
    try {
      // No user base (the server cannot be reached); the shell knows the device's store is open.
      renderInApp(<SideBar def={routeDef({ name: 'home' })} user={null} offlineMember />);
      fireEvent.click(await screen.findByRole('button', { name: /购物车/ }));
      const drawer = screen.getByRole('region', { name: '购物车' });
      expect(await within(drawer).findByText('感冒灵颗粒')).toBeTruthy();
      expect(within(drawer).queryByText('登录后查看购物车')).toBeNull();
      expect(listCalls()).toHaveLength(0);
    } finally {
      onlineManager.setOnline(true);
      setLocalRuntime(null);
    }
  });
});
