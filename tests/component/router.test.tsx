// The router built from the manifest, driven through a memory history: every path and alias
// resolves to its row with the right document title; redirects and the member guard land where
// SPEC §2 says. The shell is stubbed: it has its own tests, here it only reports the row it got.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SITE_TITLE } from '../../src/domain/constants';
import { routes } from '../../src/routes/manifest';
import { fillPath, pathArities, pathParams } from '../../src/routes/paths';
import { Shell } from '../../src/app/shell/shell';
import { ShellSlot } from '../../src/routes/shell-slot';
import { createAppRouter, type AppRouter } from '../../src/routes/tree';
import { leafDef } from '../../src/routes/current-route';
import type { RouteDef } from '../../src/routes/types';
import { http } from '../../src/http/client';

vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => (
    <div data-testid="shell" data-route={def.name}>
      {children}
    </div>
  ),
}));

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
beforeAll(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

function setup({ signedIn = true, initial = '/' }: { signedIn?: boolean; initial?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const isSignedIn = vi.fn(() => Promise.resolve(signedIn));
  const history = createMemoryHistory({ initialEntries: [initial] });
  const router = createAppRouter({ queryClient, auth: { isSignedIn } }, { history });
  render(
    <QueryClientProvider client={queryClient}>
      <ShellSlot.Provider value={Shell}>
        <RouterProvider router={router} />
      </ShellSlot.Provider>
    </QueryClientProvider>,
  );
  return { router, isSignedIn };
}

async function go(router: AppRouter, href: string) {
  await act(() => router.navigate({ href }));
}

const current = (router: AppRouter) => leafDef(router.state.matches).name;
const pathname = (router: AppRouter) => router.state.location.pathname;
const search = (router: AppRouter) => router.state.location.search as Record<string, unknown>;

/** A concrete URL for every arity of a template, params filled with sample values. */
function sampleUrls(template: string): string[] {
  return pathArities(template).map((arity) => {
    const params = Object.fromEntries(pathParams(arity).map((p, i) => [p.name, p.name === 'id' ? '5' : `p${i}`]));
    return fillPath(arity, params);
  });
}

const pageRows = routes.filter((r) => !r.layout && !r.redirect);

describe('router built from the manifest', () => {
  it('resolves every path and alias to its row, keeps the URL as typed and sets the title', async () => {
    const { router } = setup();
    await waitFor(() => expect(current(router)).toBe('home'));
    let checked = 0;
    for (const row of pageRows) {
      for (const template of [row.path, ...(row.aliases ?? [])]) {
        for (const url of sampleUrls(template)) {
          await go(router, url);
          expect(current(router), url).toBe(row.name);
          expect(pathname(router), url).toBe(url);
          expect(document.title, url).toBe(`${row.title} - ${SITE_TITLE}`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(120);
    // The shell receives the matched row (its flags drive header, side bar …).
    expect(screen.getByTestId('shell').dataset.route).toBe(pageRows.at(-1)!.name);
  }, 60_000);

  it('matches mixed-case and optional-param paths', async () => {
    const { router } = setup();
    await go(router, '/hdzx/3');
    expect(current(router)).toBe('hdzx');
    await go(router, '/ppzq');
    expect(current(router)).toBe('ppzq_index');
    await go(router, '/ppzq/info/9');
    expect(current(router)).toBe('ppzq_info');
    await go(router, '/list/other/12');
    expect(current(router)).toBe('list_other');
  });

  it('follows the SPEC §2 redirects', async () => {
    const { router } = setup();
    const cases: Array<[string, string]> = [
      ['/forget', '/forget/step1'],
      ['/register', '/register/step1'],
      ['/register_index', '/register/step1'],
      ['/register_dd', '/register/dd/step1'],
      ['/order/wl/5', '/order/info/5'],
      ['/eleven_index', '/'],
      ['/activity', '/loading/activity'],
      ['/activity/x', '/loading/activity'],
      ['/no/such/page', '/404'],
      ['/list/info', '/404'],
    ];
    for (const [from, to] of cases) {
      await go(router, from);
      expect(pathname(router), from).toBe(to);
    }
    await go(router, '/order/wl/5');
    expect(current(router)).toBe('order_info');
    expect(document.title).toBe(`订单详情 - ${SITE_TITLE}`);
  });

  it('carries the query string through a path redirect', async () => {
    const { router } = setup();
    await go(router, '/register?invite=abc');
    expect(pathname(router)).toBe('/register/step1');
    expect(search(router)).toEqual({ invite: 'abc' });
  });

  it('shows "activity not found" for an unknown activity and follows a known one, counting its tap', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ code: 10000, msg: 'ok', data: null });
    const { router } = setup();
    await go(router, '/activity/x');
    expect(search(router).url).toBe('/x');
    expect(await screen.findByRole('heading', { name: '活动不存在或已结束' })).toBeTruthy();
    expect(post).not.toHaveBeenCalledWith('activity/tap', expect.anything());
    await go(router, '/activity/yjh/12');
    await waitFor(() => expect(pathname(router)).toBe('/yjh/12'));
    expect(current(router)).toBe('yjh');
    expect(post).toHaveBeenCalledWith('activity/tap', { url: '/yjh/12', source: 'activity_link' });
    post.mockRestore();
  });

  it('sends visitors of member pages to the login page with the way back', async () => {
    const { router } = setup({ signedIn: false });
    const cases: Array<[string, string]> = [
      ['/cart', '/cart'],
      ['/cart_step3/7?from=mail', '/cart_step3/7?from=mail'],
      ['/yhq', '/yhq'],
      ['/basic', '/basic'],
      ['/order/wl/5', '/order/info/5'],
      ['/zzfw', '/zzfw'],
      ['/user', '/user'],
    ];
    for (const [from, back] of cases) {
      await go(router, from);
      expect(pathname(router), from).toBe('/login');
      expect(search(router).redirect, from).toBe(back);
    }
    // Open pages stay open.
    await go(router, '/list');
    expect(current(router)).toBe('list_index');
  });

  it('lets members in, asking the session on each guarded navigation', async () => {
    const { router, isSignedIn } = setup();
    await go(router, '/wdqb');
    expect(current(router)).toBe('wdqb_yegl');
    expect(isSignedIn).toHaveBeenCalled();
  });

  it('shows the step banner on the cart steps with the current step marked', async () => {
    const { router } = setup();
    await go(router, '/cart/step2');
    const current2 = await screen.findByText('核对订单信息', { selector: 'li span' });
    expect(current2.closest('li')!.getAttribute('aria-current')).toBe('step');
    await go(router, '/cart/hm');
    await waitFor(() =>
      expect(screen.getByText('支付订单', { selector: 'li span' }).closest('li')!.getAttribute('aria-current')).toBe(
        'step',
      ),
    );
    await go(router, '/list');
    expect(screen.queryByRole('navigation', { name: '下单步骤' })).toBeNull();
  });

  it('passes /loading on to a same-site target and refuses others', async () => {
    const { router } = setup();
    await go(router, `/loading?to=${encodeURIComponent('/list/table?cat=3')}`);
    await waitFor(() => expect(pathname(router)).toBe('/list/table'));
    expect(search(router)).toEqual({ cat: 3 });
    await go(router, `/loading?to=${encodeURIComponent('https://evil.example/')}`);
    expect(await screen.findByRole('heading', { name: '跳转地址无效' })).toBeTruthy();
    expect(pathname(router)).toBe('/loading');
  });

  it('remembers scroll per route (pathname), preloads on intent', () => {
    const { router } = setup();
    expect(router.options.scrollRestoration).toBe(true);
    expect(router.options.defaultPreload).toBe('intent');
    const key = router.options.getScrollRestorationKey!;
    const at = (to: string, page?: number) => router.buildLocation({ to, search: page ? { page } : {} });
    expect(at('/list', 2).href).not.toBe(at('/list', 3).href);
    expect(key(at('/list', 2))).toBe(key(at('/list', 3)));
    expect(key(at('/list'))).not.toBe(key(at('/search')));
  });

  it('renders the 404 page with a way home', async () => {
    setup({ initial: '/definitely/missing' });
    expect(await screen.findByRole('heading', { name: '抱歉，您访问的页面不存在' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe(`页面不存在 - ${SITE_TITLE}`);
  });
});
