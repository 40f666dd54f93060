// Walks the route manifest against SPEC §2. The SPEC path list below is the oracle: it is copied
// from SPEC §2 as written there (`:id`, `:id?`), not derived from the manifest.
import { describe, expect, it } from 'vitest';
import { routes, routesByName } from '../../src/routes/manifest';
import { fillPath, pathArities, pathParams } from '../../src/routes/paths';
import type { RouteDef } from '../../src/routes/types';

const SPEC_PATHS = [
  // Top level
  '/404',
  '/noActivity',
  '/',
  '/login',
  '/loading',
  '/jfsc',
  '/list/other/:id/:name?',
  '/loading/activity',
  '/activity/:url?/:url1?/:url2?',
  '/yjh/:id?',
  '/Hdzx/:ids/:id?',
  '/jxqzc',
  '/qxzq',
  '/zyyp',
  '/kxzq',
  '/privacy',
  // Controlled-sales and free-shipping zones
  '/kxzq_new',
  '/kxzq_index',
  '/kxzq/new',
  '/kxzq/goods/:url/:ads?',
  '/yx',
  '/yx_index',
  '/yx_table',
  '/yx/table',
  '/yx_rule',
  '/yx/rule',
  // Goods lists
  '/list',
  '/list/table',
  '/list/no_image',
  '/list_info/:id',
  '/list/info/:id',
  '/list_info_pt/:id',
  '/list/info-pt/:id',
  // Search and brands
  '/search',
  '/search/table',
  '/ppzq',
  '/ppzq_index/:page?',
  '/ppzq/:page?',
  '/ppzq/info/:id/:page?',
  // Cart flow
  '/cart',
  '/cart/step2',
  '/cart_step3/:id',
  '/cart/step3/:id',
  '/cart/step4',
  '/cart_hm',
  '/cart/hm',
  // Password recovery
  '/forget',
  '/forget/step1',
  '/forget/step2',
  '/forget/step3',
  // Registration
  '/register',
  '/register_index',
  '/register/step1',
  '/register/step2',
  '/register/step3',
  '/register/wechat',
  '/register_dd',
  '/register/dd/step1',
  '/register/dd/step2',
  '/register/dd/step3',
  // Member and account
  '/user',
  '/zhzx',
  '/basic',
  '/zzzj',
  '/ddgl',
  '/bdwx',
  '/addr',
  '/wdxx',
  '/wdqb',
  '/wdqb_yegl',
  '/yegl',
  '/wdqb_jfgl',
  '/jfgl',
  '/wdqb_yhq',
  '/yhq',
  '/wdqb_xjq',
  '/xjq',
  '/order',
  '/order/info/:id',
  '/order/returnInfo/:id',
  '/order/afterSalesInfo/:id',
  '/order/wl/:id',
  '/jfdd',
  '/hmdd',
  // Promotions
  '/ptzq',
  '/mrtj',
  '/hb',
  '/welfare',
  '/zhzq',
  '/lqzx',
  '/zqmb',
  '/yyh',
  '/yyh/list',
  '/hdmb',
  '/zhmz',
  '/zhmz/list',
  '/dzht',
  // Self-service
  '/zzfw',
  '/kjcg',
  '/pzqg',
  '/pzqg/add',
  '/pzqg/info',
  '/dzfp',
  '/star',
  '/yjfk',
  // Help centre (payment pages also under /help/pay, "per the notes")
  '/help',
  '/help/xrzn/hyzc',
  '/help/xrzn/gwzn',
  '/help/xrzn/aqgy',
  '/help/fwbz/wzzz',
  '/help/fwbz/yhxy',
  '/help/fwbz/zskf',
  '/help/us/tsjy',
  '/help/us/link',
  '/news/hy',
  '/news/company',
  '/news/info/:id/:type',
  '/help/zfps/ddzf',
  '/help/zfps/hwps',
  '/help/zfps/ypth',
  '/help/pay/ddzf',
  '/help/pay/hwps',
  '/help/pay/ypth',
];

/** SPEC §2 names the manifest must use. */
const SPEC_NAMES = [
  'eleven_index',
  'list_index',
  'list_table',
  'list_no_image',
  'search_index',
  'search_table',
  'ppzq_info',
  'step1',
  'step2',
  'step3',
  'step4',
  'user_hyzx',
  'zhzx_bdwx',
];

/** SPEC `:id` / `:id?` → TanStack `$id` / `{-$id}`. */
function toTanStack(specPath: string): string {
  return specPath.replace(/:(\w+)\?/g, '{-$$$1}').replace(/:(\w+)/g, '$$$1');
}

/** A URL shape: params become `*`, case folded (the router matches case-insensitively). */
function shape(path: string): string {
  return path
    .split('/')
    .map((s) => (s.startsWith('$') || s.startsWith('{-$') ? '*' : s.toLowerCase()))
    .join('/');
}

const urlRows = routes.filter((r) => !r.layout);
const layoutRows = routes.filter((r) => r.layout);
const pathsOf = (r: RouteDef) => [r.path, ...(r.aliases ?? [])];
/** Every URL template served by a row, optional params expanded into each arity. */
const served = new Set(urlRows.flatMap((r) => pathsOf(r).flatMap(pathArities)));

describe('route manifest', () => {
  it('has unique names', () => {
    const names = routes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has every path and alias once, no two rows serving the same URL shape', () => {
    const declared = urlRows.flatMap(pathsOf);
    expect(new Set(declared).size).toBe(declared.length);
    const owner = new Map<string, string>();
    for (const row of urlRows) {
      const shapes = new Set(pathsOf(row).flatMap(pathArities).map(shape));
      for (const s of shapes) {
        expect(owner.get(s), `${s} served by ${owner.get(s)} and ${row.name}`).toBeUndefined();
        owner.set(s, row.name);
      }
    }
  });

  it('gives every non-redirect row a page and a title, and redirect rows no page', () => {
    for (const row of routes) {
      expect(row.title, row.name).toMatch(/\S/);
      if (row.redirect) expect(row.page, row.name).toBeUndefined();
      else expect(typeof row.page, row.name).toBe('function');
    }
  });

  it('serves every SPEC §2 path', () => {
    const missing = SPEC_PATHS.map(toTanStack).filter((p) => !served.has(p));
    expect(missing).toEqual([]);
  });

  it('uses the SPEC §2 route names', () => {
    for (const name of SPEC_NAMES) expect(routesByName.has(name), name).toBe(true);
  });

  it('links every child to a layout row and gives every layout a default child at its path', () => {
    const layoutNames = new Set(layoutRows.map((r) => r.name));
    for (const row of routes) {
      if (row.parent) expect(layoutNames.has(row.parent), `${row.name} → ${row.parent}`).toBe(true);
    }
    for (const layout of layoutRows) {
      expect(layout.parent, layout.name).toBeUndefined();
      expect(layout.redirect, layout.name).toBeUndefined();
      const children = urlRows.filter((r) => r.parent === layout.name);
      expect(children.length, layout.name).toBeGreaterThan(0);
      const servesParentUrl = children.some((c) => pathsOf(c).flatMap(pathArities).includes(layout.path));
      expect(servesParentUrl, `${layout.path} is served by a child of ${layout.name}`).toBe(true);
    }
  });

  it('fills the params of a redirect target from its source path', () => {
    for (const row of routes) {
      if (typeof row.redirect !== 'string') continue;
      const source = new Set(pathParams(row.path).map((p) => p.name));
      for (const param of pathParams(row.redirect)) {
        if (!param.optional) expect(source.has(param.name), `${row.name}: ${param.name}`).toBe(true);
      }
    }
  });

  it('redirects as SPEC §2 says', () => {
    const target = (name: string, params: Record<string, string> = {}) => {
      const r = routesByName.get(name)!.redirect!;
      return typeof r === 'function' ? r(params) : fillPath(r, params);
    };
    expect(target('forget')).toBe('/forget/step1');
    expect(target('register')).toBe('/register_index');
    expect(target('register_index')).toBe('/register/step1');
    expect(target('register_dd')).toBe('/register/dd/step1');
    expect(target('eleven_index')).toBe('/');
    expect(target('order_wl', { id: '5' })).toBe('/order/info/5');
    expect(target('activity')).toBe('/loading/activity');
    expect(target('activity', { url: 'yjh', url1: '12' })).toBe('/loading/activity?url=%2Fyjh%2F12');
    expect(target('catch_all', { _splat: 'nope' })).toBe('/404');
  });

  it('sets the shell flags SPEC §2 names', () => {
    const shell = (name: string) => routesByName.get(name)!.shell;
    expect(shell('home')).toMatchObject({ header: true, categoryMenu: true, nav: true });
    // Only home pins the category menu open; elsewhere it is the nav's drop-down.
    expect(routes.filter((r) => r.shell.categoryMenu && !r.redirect).map((r) => r.name)).toEqual(['home']);
    expect(shell('yx_rule')).toMatchObject({ header: false, footer: false, sideBar: false });
    for (const row of routes.filter((r) => r.name.startsWith('register') || r.name.startsWith('forget'))) {
      expect(row.shell, row.name).toMatchObject({ header: false, loginHeader: true });
    }
    expect(shell('login').loginHeader).toBe(true);
    for (const name of ['ptzq', 'mrtj', 'hb', 'welfare', 'zhzq', 'lqzx', 'yyh', 'zhmz']) {
      expect(shell(name).sideBar, name).toBe(true);
    }
  });

  it('shows the step banner on cart steps 1-4 and cart_hm as step 3', () => {
    expect(['step1', 'step2', 'step3', 'step4', 'cart_hm'].map((n) => routesByName.get(n)!.step)).toEqual([
      1, 2, 3, 4, 3,
    ]);
    expect(
      routes
        .filter((r) => r.step)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['cart_hm', 'step1', 'step2', 'step3', 'step4']);
  });

  it('guards member pages and leaves shopping, help and sign-in pages open', () => {
    const auth = (name: string) => routesByName.get(name)!.auth === true;
    for (const name of [
      'step1',
      'step2',
      'step3',
      'step4',
      'cart_hm',
      'user_hyzx',
      'zhzx_basic',
      'wdqb_yhq',
      'order_list',
      'order_info',
      'jfdd',
      'hmdd',
      'kjcg',
      'pzqg',
      'dzfp',
      'star',
      'yjfk',
    ]) {
      expect(auth(name), name).toBe(true);
    }
    for (const name of [
      'home',
      'login',
      'list_index',
      'list_info',
      'search_index',
      'register_step1',
      'forget_step1',
      'help_xrzn_hyzc',
      'ptzq',
      'not_found',
    ]) {
      expect(auth(name), name).toBe(false);
    }
    // Every child of a member-only layout is itself guarded (no guard is inherited silently).
    for (const row of urlRows.filter((r) =>
      ['user', 'zhzx', 'wdqb', 'order', 'zzfw', 'cart'].includes(r.parent ?? ''),
    )) {
      if (!row.redirect) expect(row.auth, row.name).toBe(true);
    }
  });

  it('keeps list and search pages alive', () => {
    for (const name of ['list_index', 'list_table', 'list_no_image', 'search_index', 'search_table']) {
      expect(routesByName.get(name)!.keepAlive, name).toBe(true);
    }
  });

  it('titles the pages SPEC §2 names', () => {
    const title = (name: string) => routesByName.get(name)!.title;
    expect(title('home')).toBe('首页');
    expect(title('login')).toBe('登录');
    expect([title('step1'), title('step2'), title('step3'), title('step4')]).toEqual([
      '购物车',
      '核对订单信息',
      '支付订单',
      '支付完成',
    ]);
    expect([title('forget_step1'), title('forget_step2'), title('forget_step3')]).toEqual([
      '忘记密码',
      '重置密码',
      '重置成功',
    ]);
    expect(title('wdqb_yhq')).toBe('我的优惠券');
    expect(title('welfare')).toContain('94折');
  });
});

describe('paths helpers', () => {
  it('fills required and optional params', () => {
    expect(fillPath('/ppzq/info/$id/{-$page}', { id: '3' })).toBe('/ppzq/info/3');
    expect(fillPath('/ppzq/info/$id/{-$page}', { id: '3', page: '2' })).toBe('/ppzq/info/3/2');
    expect(fillPath('/list/other/$id/{-$name}', { id: '1', name: '感冒 药' })).toBe(
      '/list/other/1/%E6%84%9F%E5%86%92%20%E8%8D%AF',
    );
    expect(() => fillPath('/order/info/$id', {})).toThrow();
  });

  it('expands optional params into every arity', () => {
    expect(pathArities('/ppzq/{-$page}').sort()).toEqual(['/ppzq', '/ppzq/{-$page}']);
    expect(pathArities('/activity/{-$url}/{-$url1}/{-$url2}')).toHaveLength(8);
    expect(pathArities('/')).toEqual(['/']);
  });
});
