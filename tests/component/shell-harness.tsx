// Test harness for the shell's component tests: a QueryClient built like the app's (so the
// SPEC §8 presenter and `silentErrors` meta are exercised) and a tiny memory router whose root
// renders the UI under test, so links and navigate() work and the URL can be asserted.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/app/query-client';
import type { CommonData } from '../../src/domain/contracts';
import type { UserBase } from '../../src/domain/user';
import type { RouteDef, ShellFlags } from '../../src/routes/types';

// jsdom has no scrolling; the router's scroll handling and 返回顶部 call it.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom lacks ResizeObserver; radix measures popovers and radios with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export function renderInApp(ui: ReactNode | (() => ReactNode), { initial = '/' }: { initial?: string } = {}) {
  const queryClient: QueryClient = createQueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity } },
  });
  const Root = () => (
    <>
      {typeof ui === 'function' ? ui() : ui}
      <Outlet />
    </>
  );
  const rootRoute = createRootRoute({ component: Root });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null });
  const splat = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, splat]),
    history: createMemoryHistory({ initialEntries: [initial] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export const FLAGS_HOME: ShellFlags = {
  header: true,
  loginHeader: false,
  footer: true,
  sideBar: true,
  categoryMenu: true,
  nav: true,
  topRightAd: true,
};

export function routeDef(partial: Partial<RouteDef> & Pick<RouteDef, 'name'>): RouteDef {
  return { path: '/', title: '测试', shell: FLAGS_HOME, ...partial };
}

export function makeUser(over: Partial<UserBase> = {}): UserBase {
  return {
    show: true,
    username: 'demo',
    name: '王药师',
    phone: '13800000000',
    company: '广州康泰大药房有限公司',
    face: '',
    rank: 1,
    admin: { name: '李经理', phone: '13911112222', is_default: 0 },
    address: '广州市天河区',
    is_passed: 1,
    points: 100,
    cart: 2,
    message_count: 3,
    wechat: '',
    common_config: { hot_line: '400-800-1234', qq1: '10001', qq2: '10002' },
    quality_inspection: { quality_inspection_url: '', msg: '' },
    login_url: '',
    is_show_youx: 1,
    is_special: 0,
    is_can_chat: 0,
    token: 'tok-1',
    is_AfterSale: 1,
    ywy: null,
    customer: { id: 1, review_status: 'approved', contract_signed: 1, is_head_office: 0 },
    ...over,
  };
}

export function makeCommon(over: Partial<CommonData> = {}): CommonData {
  const leaf = (id: number, name: string) => ({ id, name, logo: '', logo1: '', children: [], childrenShow: [] });
  return {
    rnss: ['感冒灵', '阿莫西林', '布洛芬'],
    nav: [
      { id: 1, name: '首页', url: '/', image: '', is_open: 0, children: [] },
      { id: 2, name: '领券中心', url: '/lqzx', image: '', is_open: 1, children: [] },
      { id: 3, name: '敬请期待', url: '', image: '', is_open: 0, children: [] },
    ],
    category: [
      {
        id: 10,
        name: '西药',
        logo: '',
        logo1: '',
        children: [
          { id: 11, name: '感冒用药', logo: '', logo1: '', children: [leaf(12, '感冒颗粒')], childrenShow: [12] },
        ],
        childrenShow: [11],
      },
    ],
    category_yx: [{ id: 20, name: '包邮西药', logo: '', logo1: '', children: [], childrenShow: [] }],
    category_zy: [],
    category_qx: [],
    brand: [],
    timestamp: 1_767_225_600, // 2026-01-01 08:00 Asia/Shanghai
    ...over,
  };
}
