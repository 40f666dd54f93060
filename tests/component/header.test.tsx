// The shell's header against SPEC §2: company name + 退出 for members, 登录/注册 for visitors
// (a 401 user base is silent), no user-base call on user_hyzx/login/zhzx_bdwx, logout clears
// the login marker and reloads, the search-top state, and the login-style header.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { LOGIN_MARKER_KEY, pageLoad } from '../../src/api/user';
import { presentError } from '../../src/ui/error-presenter';
import { publishLocalStatus, setLocalRuntime } from '../../src/local/runtime';
import { Shell } from '../../src/app/shell/shell';
import { NOT_STARTED_MESSAGE } from '../../src/app/shell/top-nav/top-nav';
import { toast } from '../../src/ui/toast';
import type { RouteDef } from '../../src/routes/types';
import { FLAGS_HOME, makeCommon, makeUser, renderInApp, routeDef } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/ui/error-presenter', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/ui/error-presenter')>()),
  presentError: vi.fn(),
}));

const notSignedIn = () => new ApiError({ code: 10001, status: 401, msg: '请先登录' });

/** GET /api/global/shop_mode as the demo server answers it: invented licences, placeholder QR codes. */
const DEMO_SHOP_MODE = {
  demo: true,
  online_pay: 'sandbox',
  wechat: true,
  licences: [
    { name: '《药品经营许可证》', number: '粤AA0200618' },
    { name: '《互联网药品信息服务资格证书》', number: '（粤）-经营性-2023-0168' },
    { name: '《医疗器械经营许可证》', number: '粤穗食药监械经营许20230618号' },
  ],
  qr_codes: { mini_program: null, wechat_official: null },
};

function serve({ signedIn }: { signedIn: boolean }) {
  http.get.mockImplementation((path: string) => {
    switch (path) {
      case 'user/base':
        return signedIn ? Promise.resolve(makeUser()) : Promise.reject(notSignedIn());
      case 'focus/common':
        return Promise.resolve(makeCommon());
      case 'global/links':
        return Promise.resolve([{ id: 1, name: '国家药监局', url: 'https://www.nmpa.gov.cn' }]);
      case 'global/shop_mode':
        return Promise.resolve(DEMO_SHOP_MODE);
      case 'cart/total':
        return Promise.resolve({ count: 7 });
      case 'focus/top':
        return Promise.resolve([{ image: '', url: '/yx', title: '包邮专区 满额包邮' }]);
      case 'focus/right':
        return Promise.resolve([
          { image: '', url: '/lqzx', title: '领券中心' },
          { image: '', url: '/jfsc', title: '积分商城' },
        ]);
      default:
        return Promise.reject(new Error(`unexpected GET ${path}`));
    }
  });
}

function renderShell(def: RouteDef = routeDef({ name: 'home' })) {
  return renderInApp(
    <Shell def={def}>
      <p>页面内容</p>
    </Shell>,
  );
}

const userBaseCalls = () => http.get.mock.calls.filter(([p]) => p === 'user/base').length;

let reload: MockInstance<() => void>;

beforeEach(() => {
  sessionStorage.clear();
  reload = vi.spyOn(pageLoad, 'reload').mockImplementation(() => undefined);
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});
afterEach(() => {
  vi.mocked(presentError).mockClear();
  http.get.mockReset();
  http.delete.mockReset();
  reload.mockRestore();
});

describe('shell header', () => {
  it('shows the company name and 退出 when signed in', async () => {
    serve({ signedIn: true });
    renderShell();
    expect(await screen.findByText('广州康泰大药房有限公司')).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
    expect(screen.getByText('页面内容')).toBeTruthy();
  });

  it('shows 登录 and 注册 when the user base answers 401, silently', async () => {
    serve({ signedIn: false });
    renderShell();
    expect((await screen.findByRole('link', { name: '登录' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('button', { name: '退出' })).toBeNull();
    // SPEC §8 "header data failure: silently ignored": no redirect, toast or alert.
    expect(presentError).not.toHaveBeenCalled();
    // Visitors have no cart: the badge count is not requested.
    expect(http.get.mock.calls.some(([p]) => p === 'cart/total')).toBe(false);
  });

  it('started offline with the local store open: names the account and counts the draft, no 登录', async () => {
    http.get.mockImplementation((path: string) => {
      if (path === 'focus/common') return Promise.resolve(makeCommon());
      return Promise.reject(new ApiError({ code: 0, status: 0, msg: '网络连接失败', kind: 'network' }));
    });
    publishLocalStatus({
      account: { username: 'demo', companyId: 1 },
      cartDraft: { pending: true, seeded: true, lines: 4, localLines: 1 },
    });
    try {
      renderShell();
      expect(await screen.findByText('demo')).toBeTruthy();
      expect(screen.getByText('（离线）')).toBeTruthy();
      expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
      expect(await screen.findByRole('link', { name: '我的购物车，4 种商品' })).toBeTruthy();
      expect(screen.queryByText('免费注册')).toBeNull();
    } finally {
      setLocalRuntime(null);
    }
  });

  it.each(['user_hyzx', 'zhzx_bdwx'])('does not load the user base on %s', async (name) => {
    serve({ signedIn: true });
    renderShell(routeDef({ name, shell: { ...FLAGS_HOME, categoryMenu: false, sideBar: false } }));
    await screen.findByText('页面内容');
    await screen.findByRole('link', { name: '感冒灵' }); // common data arrived: the header did its calls
    expect(userBaseCalls()).toBe(0);
  });

  it('has the service links of SPEC §2', async () => {
    serve({ signedIn: true });
    renderShell();
    const bar = await screen.findByRole('navigation', { name: '站点导航' });
    const href = (name: string) => within(bar).getByRole('link', { name }).getAttribute('href');
    expect(href('返回首页')).toBe('/');
    expect(href('会员中心')).toBe('/user');
    expect(href('我的订单')).toBe('/order');
    expect(href('电子发票查询')).toBe('/dzfp');
    expect(within(bar).getByRole('button', { name: '添加到桌面' })).toBeTruthy();
    // The QR entry waits for the shop's mode (GET /api/global/shop_mode).
    await within(bar).findByRole('button', { name: '小程序' });
    fireEvent.click(within(bar).getByRole('button', { name: '小程序' }));
    const card = await screen.findByRole('dialog');
    expect(within(card).getByRole('img', { name: '微信小程序二维码' })).toBeTruthy();
  });

  it('logs out: DELETE user/logout, clears the login marker, reloads', async () => {
    serve({ signedIn: true });
    sessionStorage.setItem(LOGIN_MARKER_KEY, '1');
    http.delete.mockResolvedValue(null);
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: '退出' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(http.delete).toHaveBeenCalledWith('user/logout');
    expect(sessionStorage.getItem(LOGIN_MARKER_KEY)).toBeNull();
  });

  it('a failed logout goes to the shared error handler and does not reload', async () => {
    serve({ signedIn: true });
    http.delete.mockRejectedValue(new ApiError({ code: 500, status: 500, msg: '系统繁忙，请稍候再试' }));
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: '退出' }));
    await waitFor(() => expect(presentError).toHaveBeenCalledTimes(1));
    expect(reload).not.toHaveBeenCalled();
  });

  it('pins the logo row as the search-top bar from a 205 px scroll (SPEC §2)', async () => {
    serve({ signedIn: true });
    const { container } = renderShell();
    await screen.findByText('广州康泰大药房有限公司');
    const row = () => container.querySelector('[data-search-top]');
    expect(row()).toBeNull();
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 204 });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    });
    expect(row()).toBeNull();
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 205 });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    });
    expect(row()).not.toBeNull();
    // Still one search box: the pinned bar is the same element, so typing is not interrupted.
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
  });

  it('renders the nav (first 9 entries, SPEC §9; is_open → new tab) and a no-url item says not started', async () => {
    serve({ signedIn: true });
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      name: `导航${i + 1}`,
      url: `/n${i + 1}`,
      image: '',
      is_open: (i === 1 ? 1 : 0) as 0 | 1,
      children: [],
    }));
    http.get.mockImplementation((path: string) => {
      if (path === 'focus/common') return Promise.resolve(makeCommon({ nav: many }));
      if (path === 'user/base') return Promise.resolve(makeUser());
      return Promise.resolve([]);
    });
    renderShell();
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(9));
    expect(within(nav).getByRole('link', { name: '导航2' }).getAttribute('target')).toBe('_blank');
    expect(within(nav).getByRole('link', { name: '导航1' }).getAttribute('target')).toBeNull();
  });

  it('the footer shows licences, the content statement, footer links and the year from the server clock', async () => {
    serve({ signedIn: true });
    renderShell();
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByRole('link', { name: '国家药监局' });
    await within(footer).findByText(/《药品经营许可证》/);
    expect(footer.textContent).toContain('《药品经营许可证》');
    expect(footer.textContent).toContain('《互联网药品信息服务资格证书》');
    expect(footer.textContent).toContain('《医疗器械经营许可证》');
    expect(footer.textContent).toContain('不发布毒性药品、麻醉药品、精神药品、放射性药品、戒毒药品和医疗机构制剂');
    await waitFor(() => expect(footer.textContent).toContain('© 2026'));
  });

  it('uses the login-style header (no user-base call) on login routes', async () => {
    serve({ signedIn: true });
    renderShell(
      routeDef({
        name: 'login',
        title: '登录',
        shell: {
          ...FLAGS_HOME,
          header: false,
          loginHeader: true,
          sideBar: false,
          categoryMenu: false,
          nav: false,
          topRightAd: false,
        },
      }),
    );
    expect(await screen.findByText('登录', { selector: 'span' })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(userBaseCalls()).toBe(0);
  });

  it('a nav item without a url says the activity has not started', async () => {
    serve({ signedIn: true });
    const show = vi.spyOn(toast, 'show');
    renderShell();
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    fireEvent.click(await within(nav).findByRole('button', { name: '敬请期待' }));
    expect(show).toHaveBeenCalledWith({ message: NOT_STARTED_MESSAGE, tone: 'info' });
    show.mockRestore();
  });

  it('shows the operator ad slots: the top banner and the top-right card', async () => {
    serve({ signedIn: true });
    renderShell();
    const top = await screen.findByRole('complementary', { name: '活动公告' });
    expect((await within(top).findByRole('link', { name: /包邮专区 满额包邮/ })).getAttribute('href')).toBe('/yx');
    expect((await screen.findByRole('link', { name: '领券中心 ›' })).getAttribute('href')).toBe('/lqzx');
    expect(screen.getByRole('link', { name: '积分商城 ›' }).getAttribute('href')).toBe('/jfsc');
  });

  it('falls back to house promotions when the ad slots are unavailable', async () => {
    http.get.mockImplementation((path: string) => {
      if (path === 'user/base') return Promise.resolve(makeUser());
      if (path === 'focus/common') return Promise.resolve(makeCommon());
      return Promise.reject(new ApiError({ code: 404, status: 404, msg: '广告位不存在' }));
    });
    renderShell();
    const top = await screen.findByRole('complementary', { name: '活动公告' });
    expect(await within(top).findByText('新客专享')).toBeTruthy();
    expect(screen.getByText('保障')).toBeTruthy();
    expect(presentError).not.toHaveBeenCalled();
  });

  it('closing the top and bottom ad banners is remembered for the session', async () => {
    serve({ signedIn: true });
    const first = renderShell();
    fireEvent.click(await screen.findByRole('button', { name: '关闭顶部广告' }));
    fireEvent.click(screen.getByRole('button', { name: '关闭底部广告' }));
    expect(screen.queryByRole('complementary', { name: '活动公告' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: '推广' })).toBeNull();
    first.unmount();
    renderShell();
    await screen.findByText('页面内容');
    expect(screen.queryByRole('button', { name: '关闭顶部广告' })).toBeNull();
    expect(screen.queryByRole('button', { name: '关闭底部广告' })).toBeNull();
  });

  it('shows the lucky-draw prompt on home only', async () => {
    serve({ signedIn: true });
    const home = renderShell();
    expect(await screen.findByRole('complementary', { name: '幸运抽奖' })).toBeTruthy();
    home.unmount();
    renderShell(routeDef({ name: 'list_index', path: '/list_index' }));
    await screen.findByText('页面内容');
    expect(screen.queryByRole('complementary', { name: '幸运抽奖' })).toBeNull();
  });
});

// WCAG 2.5.3 (axe label-content-name-mismatch, issue 21): a speech user says what a control shows,
// so every control's accessible name must contain its visible text.
describe('shell control names', () => {
  /** Letters and digits only: axe ignores spacing, punctuation and symbols (›, ×) as well. */
  const words = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');
  function visibleText(element: Element): string {
    const clone = element.cloneNode(true) as Element;
    clone.querySelectorAll('[aria-hidden="true"], svg').forEach((hidden) => hidden.remove());
    return words(clone.textContent ?? '');
  }

  it('every link and button in the signed-in shell is named with its visible text', async () => {
    serve({ signedIn: true });
    renderShell();
    await screen.findByRole('link', { name: '我的购物车，7 种商品' });
    // Testing Library hands each control's computed accessible name to a `name` matcher.
    const named: { text: string; name: string }[] = [];
    const record = (name: string, control: Element | null) => (
      control && named.push({ text: visibleText(control), name: words(name) }),
      true
    );
    screen.getAllByRole('link', { name: record });
    screen.getAllByRole('button', { name: record });
    expect(named.length).toBeGreaterThan(10);
    const mismatched = named.filter(({ text, name }) => text !== '' && !name.includes(text));
    expect(mismatched).toEqual([]);
  });
});
