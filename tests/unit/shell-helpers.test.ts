// Small pure rules of the shell: route kinds from manifest rows, category link targets,
// copyright year from the server clock, chat/QQ URLs, safe login redirects, login error text.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { categoryHref, categoryNavigation, loadingHref } from '../../src/app/shell/category-menu/category-link';
import { copyrightYear } from '../../src/app/shell/footer/copyright-year';
import {
  isCartRoute,
  isFreeShippingRoute,
  isHomeRoute,
  isListRoute,
  loadsUserBase,
} from '../../src/app/shell/route-kind';
import { chatFrameUrl, qqChatUrl } from '../../src/app/shell/side-bar/chat';
import { isSearchTop } from '../../src/app/shell/header/use-search-top';
import { drawerTotals } from '../../src/api/cart-summary';
import { loginErrorMessage } from '../../src/features/auth/login-error';
import { redirectTarget } from '../../src/features/auth/redirect-target';
import { routesByName } from '../../src/routes/manifest';

const row = (name: string) => {
  const def = routesByName.get(name);
  if (!def) throw new Error(`no manifest row ${name}`);
  return def;
};

describe('route kinds, read from the real manifest rows', () => {
  it('skips the user base only on user_hyzx, login and zhzx_bdwx', () => {
    expect(['user_hyzx', 'login', 'zhzx_bdwx'].map((n) => loadsUserBase(row(n)))).toEqual([false, false, false]);
    expect(loadsUserBase(row('home'))).toBe(true);
    expect(loadsUserBase(row('zhzx_basic'))).toBe(true);
  });

  it('knows the cart flow (step1…step4, cart_hm), list/search, the yx zone and home', () => {
    for (const n of ['step1', 'step2', 'step3', 'step4', 'cart_hm']) expect(isCartRoute(row(n)), n).toBe(true);
    expect(isCartRoute(row('home'))).toBe(false);
    for (const n of ['list_index', 'list_table', 'list_info', 'search_index', 'search_table'])
      expect(isListRoute(row(n)), n).toBe(true);
    expect(isListRoute(row('home'))).toBe(false);
    for (const n of ['yx_index', 'yx_table']) expect(isFreeShippingRoute(row(n)), n).toBe(true);
    expect(isFreeShippingRoute(row('list_index'))).toBe(false);
    expect(isHomeRoute(row('home'))).toBe(true);
    expect(isHomeRoute(row('list_index'))).toBe(false);
  });
});

describe('category links', () => {
  it('adds yx=1 only for the free-shipping variant', () => {
    expect(categoryHref(5, 'standard')).toBe('/list?category_id=5');
    expect(categoryHref(5, 'freeShipping')).toBe('/list?category_id=5&yx=1');
  });

  it('goes through /loading on list routes, a document load elsewhere', () => {
    expect(loadingHref('/list?category_id=5&yx=1')).toBe('/loading?to=%2Flist%3Fcategory_id%3D5%26yx%3D1');
    expect(categoryNavigation('/list?category_id=5', true)).toEqual({
      kind: 'spa',
      href: '/loading?to=%2Flist%3Fcategory_id%3D5',
    });
    expect(categoryNavigation('/list?category_id=5', false)).toEqual({ kind: 'document', href: '/list?category_id=5' });
  });
});

describe('copyright year', () => {
  it('uses the server clock in China time, the device clock until it is known', () => {
    // 2025-12-31 16:30 UTC is already 2026 in Shanghai.
    expect(copyrightYear(Date.UTC(2025, 11, 31, 16, 30) / 1000, 0)).toBe(2026);
    expect(copyrightYear(undefined, Date.UTC(2027, 5, 1))).toBe(2027);
  });
});

describe('customer service URLs', () => {
  it('passes username and token to the chat frame', () => {
    expect(chatFrameUrl('/kf/chat', 'demo', 't&1')).toBe('/kf/chat?username=demo&token=t%261');
    expect(chatFrameUrl('https://kf.example/c?x=1', 'a', 'b')).toBe('https://kf.example/c?x=1&username=a&token=b');
  });

  it('builds tencent:// QQ links', () => {
    expect(qqChatUrl('800123')).toBe('tencent://message/?uin=800123&Site=&Menu=yes');
  });
});

describe('header search-top threshold', () => {
  it('collapses at a 205 px scroll (SPEC §2) and beyond', () => {
    expect(isSearchTop(204)).toBe(false);
    expect(isSearchTop(205)).toBe(true);
  });
});

describe('drawer totals', () => {
  it('sums quantities and price × number in fen', () => {
    const goods = { id: 1, name: '', sccj: '', ypgg: '', goods_image: '' };
    expect(
      drawerTotals([
        { id: 1, number: 2, price: 1250, goods },
        { id: 2, number: 3, price: 890, goods },
      ]),
    ).toEqual({
      count: 5,
      amountFen: 5170,
    });
    expect(drawerTotals([])).toEqual({ count: 0, amountFen: 0 });
    // A hidden price (qualification pending) hides the total rather than understating it.
    expect(
      drawerTotals([
        { id: 1, number: 2, price: null, goods },
        { id: 2, number: 1, price: 100, goods },
      ]),
    ).toEqual({
      count: 3,
      amountFen: null,
    });
  });
});

describe('login redirect and errors', () => {
  it('follows same-origin relative paths only', () => {
    expect(redirectTarget('/order?page=2#top')).toBe('/order?page=2#top');
    for (const bad of [
      undefined,
      3,
      '',
      'order',
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/login?x=1',
      '/a\u0000b',
    ]) {
      expect(redirectTarget(bad), String(bad)).toBe('/');
    }
  });

  it('words each failure for the form', () => {
    expect(loginErrorMessage(new ApiError({ code: 400, status: 400, msg: '用户名或密码错误' }))).toBe(
      '用户名或密码错误',
    );
    expect(
      loginErrorMessage(
        new ApiError({ code: 422, status: 422, msg: 'x', fieldErrors: { username: [], password: ['请输入密码'] } }),
      ),
    ).toBe('请输入密码');
    expect(loginErrorMessage(new ApiError({ code: 500, status: 500, msg: 'boom' }))).toBe('系统繁忙，请稍候再试');
    expect(loginErrorMessage(new ApiError({ code: 0, status: 0, msg: '', kind: 'timeout' }))).toBe(
      '请求超时，请稍后重试',
    );
    expect(loginErrorMessage(new Error('x'))).toBe('登录失败，请稍后重试');
  });
});
