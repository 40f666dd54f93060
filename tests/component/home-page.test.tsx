// The home page against its API: carousel slides (LCP picture eager + high priority, the others
// deferred), arrows/dots/auto-advance with pause on hover, the flash-sale countdown on server
// time (refetch at zero; no sale → no strip), recommendations as goods tiles, hot goods, brand
// links, zone entrances, and the member column for visitors and signed-in buyers.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { FlashSale, FocusItem, GoodsListItem } from '../../src/domain/catalog';
import type { GoodsCard } from '../../src/domain/contracts';
import { CAROUSEL_INTERVAL_MS } from '../../src/features/home/focus-carousel';
import { HomePage } from '../../src/features/home/home-page';
import { ZONES } from '../../src/features/home/zone-entrances';
import { toast } from '../../src/ui/toast';
import { makeCommon, makeUser, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const SERVER_NOW_SEC = 1_767_225_600;

const SLIDES: FocusItem[] = [
  { image: '/media/banner/index-1.svg', url: '/list?category_id=3', title: '感冒季常备药品专场' },
  { image: '/media/banner/index-2.svg', url: '/mrtj', title: '满减狂欢 满1000减50' },
  { image: '/media/banner/index-3.svg', url: '', title: '敬请期待' },
];

function makeGoods(id: number, over: Partial<GoodsListItem> = {}): GoodsListItem {
  return {
    id,
    name: `商品${id}`,
    sccj: '华润三九医药股份有限公司',
    ypgg: '10g*9袋',
    bzdw: '盒',
    zbz: 1,
    goods_image: `/media/goods/${id}.svg`,
    price: 1250,
    base_price: 1500,
    number: 500,
    is_buy: 1,
    tags: [],
    common_name: '',
    approval_no: '国药准字Z44020705',
    batch_no: '20250101',
    produced_on: '2025-01-01',
    expires_on: '2027-12-31',
    retail_price: 1800,
    ladder_price: [],
    ladder_price_type: 0,
    mid_pack_strict: 0,
    jzl: 100,
    min_buy: 1,
    purchase_limit: 0,
    is_free_shipping: 0,
    free_shipping_number: 0,
    is_dpby: 0,
    qg_number: 0,
    is_youx: 0,
    is_jxq: 0,
    is_kx: 0,
    is_zy: 0,
    is_qx: 0,
    is_rx: 0,
    is_ephedrine: 0,
    ephedrine_limit: 0,
    type: 0,
    ck_id: 1,
    ck_name: '广州仓',
    brand_id: null,
    sales: 100,
    is_favorite: 0,
    ...over,
  };
}

function makeSale(over: Partial<FlashSale> = {}): FlashSale {
  return {
    id: 7,
    name: '午间秒杀专场',
    start_time: SERVER_NOW_SEC - 3_600,
    end_time: SERVER_NOW_SEC + 7_200,
    timestamp: SERVER_NOW_SEC,
    list: [
      { ...makeGoods(101, { name: '999感冒灵颗粒' }), spike_price: 990, spike_stock: 30, sold: 70 },
      { ...makeGoods(102, { name: '阿莫西林胶囊' }), spike_price: 550, spike_stock: 0, sold: 50 },
    ],
    ...over,
  };
}

const HOT: GoodsCard[] = [
  { ...makeGoods(201, { name: '布洛芬缓释胶囊' }) },
  { ...makeGoods(202, { name: '板蓝根颗粒' }) },
];

interface Serve {
  signedIn?: boolean;
  spike?: FlashSale | null | (() => FlashSale | null);
  slides?: FocusItem[];
}

function serve({ signedIn = false, spike = makeSale(), slides = SLIDES }: Serve = {}) {
  http.get.mockImplementation((path: string) => {
    switch (path) {
      case 'user/base':
        return signedIn
          ? Promise.resolve(makeUser())
          : Promise.reject(new ApiError({ code: 10001, status: 401, msg: '请先登录' }));
      case 'focus':
        return Promise.resolve(slides);
      case 'focus/common':
        return Promise.resolve(
          makeCommon({
            brand: [
              { id: 5, name: '999', logo: '/media/banner/brand-5.svg' },
              { id: 6, name: '同仁堂', logo: '' },
            ],
          }),
        );
      case 'focus/postList':
        return Promise.resolve([{ image: '', url: '/news/company', title: '关于春节期间发货安排的公告' }]);
      case 'focus/xrtj':
        return Promise.resolve([{ image: '/media/banner/xrtj-1.svg', url: '/list/info/1', title: '新人推荐' }]);
      case 'focus/demo':
        return Promise.resolve(specials);
      case 'index/spike':
        return Promise.resolve(typeof spike === 'function' ? spike() : spike);
      case 'index_wntj/1':
        return Promise.resolve([makeGoods(1, { name: '连花清瘟胶囊' }), makeGoods(2, { name: '蒲地蓝消炎片' })]);
      case 'goods/hot':
        return Promise.resolve(HOT);
      default:
        return Promise.reject(new Error(`unexpected GET ${path}`));
    }
  });
}

/** The sections below the fold arrive in a lazy chunk, which jsdom compiles on first use. */
const findRegion = (name: string) => screen.findByRole('region', { name }, { timeout: 5_000 });

const calls = (path: string) => http.get.mock.calls.filter(([p]) => p === path).length;

let specials: FocusItem[];

beforeEach(() => {
  http.get.mockReset();
  specials = [
    { image: '/media/banner/demo-1.svg', url: '/list?category_id=1', title: '西药专场' },
    { image: '/media/banner/demo-3.svg', url: '/qxzq', title: '医疗器械专场' },
  ];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('home page', () => {
  it('shows the carousel slides from the API with the first picture ready for LCP', async () => {
    serve();
    renderInApp(<HomePage />);
    const carousel = await screen.findByRole('region', { name: '首页焦点图' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = await within(carousel).findAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(3);
    expect(slides[0].getAttribute('aria-roledescription')).toBe('slide');
    expect(slides[0].getAttribute('aria-label')).toBe('第 1 张，共 3 张：感冒季常备药品专场');

    const first = slides[0].querySelector('img');
    if (!first) throw new Error('the first slide has no picture');
    expect(first.getAttribute('src')).toBe('/media/banner/index-1.svg');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('width')).toBe('1200');
    expect(first.getAttribute('height')).toBe('400');
    // The other pictures are requested after first paint, lazily.
    await waitFor(() => expect(slides[1].querySelector('img')?.getAttribute('loading')).toBe('lazy'));

    const link = within(slides[0]).getByRole('link', { name: /感冒季常备药品专场/ });
    expect(link.getAttribute('href')).toBe('/list?category_id=3');
  });

  it('moves with arrows and dots, advances every 5 s and pauses on hover', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve();
    renderInApp(<HomePage />);
    const carousel = await screen.findByRole('region', { name: '首页焦点图' });
    const dot = (n: number) => within(carousel).getByRole('button', { name: new RegExp(`^第 ${n} 张`) });
    await waitFor(() => expect(dot(1).getAttribute('aria-current')).toBe('true'));

    fireEvent.click(within(carousel).getByRole('button', { name: '下一张' }));
    expect(dot(2).getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(carousel).getByRole('button', { name: '上一张' }));
    fireEvent.click(within(carousel).getByRole('button', { name: '上一张' }));
    expect(dot(3).getAttribute('aria-current')).toBe('true');
    fireEvent.click(dot(1));
    expect(dot(1).getAttribute('aria-current')).toBe('true');

    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(dot(2).getAttribute('aria-current')).toBe('true');

    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(3 * CAROUSEL_INTERVAL_MS));
    expect(dot(2).getAttribute('aria-current')).toBe('true');
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(dot(3).getAttribute('aria-current')).toBe('true');

    fireEvent.click(within(carousel).getByRole('button', { name: '暂停自动播放' }));
    act(() => vi.advanceTimersByTime(3 * CAROUSEL_INTERVAL_MS));
    expect(dot(3).getAttribute('aria-current')).toBe('true');
    expect(within(carousel).getByRole('button', { name: '开始自动播放' })).toBeTruthy();
  });

  it('shows a house slide when the operator has none', async () => {
    serve({ slides: [] });
    renderInApp(<HomePage />);
    const carousel = await screen.findByRole('region', { name: '首页焦点图' });
    expect((await within(carousel).findByRole('link', { name: /新人好礼/ })).getAttribute('href')).toBe('/lqzx');
    expect(within(carousel).queryByRole('button', { name: '下一张' })).toBeNull();
  });

  it('shows the flash sale with a countdown on server time', async () => {
    serve();
    renderInApp(<HomePage />);
    const strip = await findRegion('限时秒杀');
    expect(within(strip).getByText('午间秒杀专场')).toBeTruthy();
    // Two hours left by the server's clock, whatever the test machine's clock says.
    expect(within(strip).getByRole('timer', { name: /^距结束(2小时0分0秒|1小时59分5\d秒)$/ })).toBeTruthy();
    expect(within(strip).getByTestId('flash-countdown').textContent).toMatch(/^(02:00:00|01:59:5\d)$/);
    expect(within(strip).getByRole('link', { name: '999感冒灵颗粒' }).getAttribute('href')).toBe('/list/info/101');
    expect(within(strip).getByText('已抢70%')).toBeTruthy();
    expect(within(strip).getByText('已抢光')).toBeTruthy();
  });

  it('counts to the start before the sale opens and refetches when it opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    serve({
      spike: () => {
        answers += 1;
        // First answer: opens in 30 s. Later answers come from a server whose clock has moved on.
        const now = answers === 1 ? SERVER_NOW_SEC : SERVER_NOW_SEC + 30;
        return makeSale({ start_time: SERVER_NOW_SEC + 30, end_time: SERVER_NOW_SEC + 600, timestamp: now });
      },
    });
    renderInApp(<HomePage />);
    const strip = await findRegion('限时秒杀');
    expect(within(strip).getByRole('timer', { name: /^距开始0小时0分(30|29)秒$/ })).toBeTruthy();
    expect(calls('index/spike')).toBe(1);
    act(() => vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(calls('index/spike')).toBe(2));
    await waitFor(() => expect(within(strip).getByRole('timer', { name: /^距结束0小时9分/ })).toBeTruthy());
  });

  it('adds a running flash-sale goods at the flash price as a flash line; sold-out goods have no control', async () => {
    serve({ signedIn: true });
    http.post.mockResolvedValue({ code: 10000, msg: '', data: { lines: [1] } });
    renderInApp(<HomePage />);
    const strip = await findRegion('限时秒杀');
    const items = within(strip).getAllByRole('listitem');
    expect(within(items[1]).queryByRole('button', { name: '加入购物车' })).toBeNull();
    fireEvent.click(within(items[0]).getByRole('button', { name: '加入购物车' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        'cart',
        { params: [expect.objectContaining({ goods_id: 101, type: 1, price: 990 })] },
        expect.anything(),
      ),
    );
  });

  it('says 已结束 for a sale the server reports as over', async () => {
    serve({ spike: makeSale({ start_time: SERVER_NOW_SEC - 7_200, end_time: SERVER_NOW_SEC - 1 }) });
    renderInApp(<HomePage />);
    const strip = await findRegion('限时秒杀');
    expect(within(strip).getByText('已结束')).toBeTruthy();
    expect(within(strip).queryByRole('timer')).toBeNull();
    // The add control follows the phase: none once the sale is over.
    expect(within(strip).queryByRole('button', { name: '加入购物车' })).toBeNull();
  });

  it('hides the strip when there is no flash sale', async () => {
    serve({ spike: null });
    renderInApp(<HomePage />);
    expect(await findRegion('为你推荐')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '限时秒杀' })).toBeNull();
    expect(screen.queryByText('距结束')).toBeNull();
  });

  it('renders the sections once when the flash sale cannot be loaded (no remount loop)', async () => {
    serve();
    const base = http.get.getMockImplementation();
    let failed = 0;
    http.get.mockImplementation((path: string, ...rest: unknown[]) =>
      path === 'index/spike'
        ? // A network failure a moment later, as offline: the strip's mount refetches the failed
          // sale, and that refetch must not close the gate and remount the sections again.
          new Promise((_, reject) =>
            setTimeout(() => {
              failed += 1;
              reject(new ApiError({ code: 0, status: 0, msg: '网络连接失败', kind: 'network' }));
            }, 20),
          )
        : base?.(path, ...rest),
    );
    const { queryClient } = renderInApp(<HomePage />);
    expect(await findRegion('为你推荐')).toBeTruthy();
    // No fixed wait: once every sale request has failed and nothing is fetching, a remount loop
    // would already have asked again (a third request, or one in flight).
    await waitFor(() => {
      expect(failed).toBeGreaterThan(0);
      expect(failed).toBe(calls('index/spike'));
      expect(queryClient.isFetching()).toBe(0);
    });
    await act(async () => undefined);
    expect(queryClient.isFetching()).toBe(0);
    expect(calls('index/spike')).toBeLessThanOrEqual(2);
    expect(screen.queryByRole('region', { name: '限时秒杀' })).toBeNull();
  });

  it('shows recommendations as goods tiles, hot goods, brands and zone entrances', async () => {
    serve();
    renderInApp(<HomePage />);
    const recommend = await findRegion('为你推荐');
    expect((await within(recommend).findByRole('link', { name: '连花清瘟胶囊' })).getAttribute('href')).toBe(
      '/list/info/1',
    );
    expect(within(recommend).getByRole('link', { name: '蒲地蓝消炎片' })).toBeTruthy();

    const hot = screen.getByRole('region', { name: '热销榜' });
    expect((await within(hot).findByRole('link', { name: '布洛芬缓释胶囊' })).getAttribute('href')).toBe(
      '/list/info/201',
    );

    const brands = screen.getByRole('region', { name: '品牌专区' });
    expect((await within(brands).findByRole('link', { name: '999' })).getAttribute('href')).toBe('/ppzq/info/5');
    expect(within(brands).getByRole('link', { name: '同仁堂' }).getAttribute('href')).toBe('/ppzq/info/6');

    const zones = screen.getByRole('navigation', { name: '特色专区' });
    const zoneLinks = within(zones).getAllByRole('link');
    expect(zoneLinks.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(ZONES.map((z) => [z.label, z.href]));
    expect(zoneLinks.map((a) => a.getAttribute('href'))).toEqual([
      '/jxqzc',
      '/zyyp',
      '/qxzq',
      '/kxzq',
      '/yx',
      '/ppzq',
      '/mrtj',
      '/lqzx',
    ]);

    const notices = await screen.findByRole('region', { name: '平台公告' });
    expect(within(notices).getByRole('link', { name: '关于春节期间发货安排的公告' }).getAttribute('href')).toBe(
      '/news/company',
    );
  });

  it('shows the 首页专场 slot (GET /api/focus/demo) as 专场推荐 banners, and nothing when it is empty', async () => {
    serve();
    const { unmount } = renderInApp(<HomePage />);
    const section = await findRegion('专场推荐');
    const links = await within(section).findAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['西药专场', '/list?category_id=1'],
      ['医疗器械专场', '/qxzq'],
    ]);
    expect(calls('focus/demo')).toBe(1);
    unmount();
    http.get.mockClear();

    specials = [];
    serve();
    renderInApp(<HomePage />);
    await findRegion('为你推荐');
    await waitFor(() => expect(calls('focus/demo')).toBe(1));
    expect(screen.queryByRole('region', { name: '专场推荐' })).toBeNull();
  });

  it('offers 登录 and 注册 to visitors', async () => {
    serve({ signedIn: false });
    renderInApp(<HomePage />);
    expect((await screen.findByRole('link', { name: '登录' })).getAttribute('href')).toBe('/login?redirect=%2F');
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('link', { name: '会员中心' })).toBeNull();
  });

  it('shows the company and member links to a signed-in buyer', async () => {
    serve({ signedIn: true });
    renderInApp(<HomePage />);
    expect(await screen.findByText('广州康泰大药房有限公司')).toBeTruthy();
    expect(screen.getByText('您好，王药师')).toBeTruthy();
    expect(screen.getByText('资质已认证')).toBeTruthy();
    expect(screen.getByRole('link', { name: '会员中心' }).getAttribute('href')).toBe('/user');
    expect(screen.getByRole('link', { name: '我的订单' }).getAttribute('href')).toBe('/order');
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
  });

  it('answers a slide without a target with "activity not started"', async () => {
    serve();
    const { router } = renderInApp(<HomePage />);
    const carousel = await screen.findByRole('region', { name: '首页焦点图' });
    fireEvent.click(await within(carousel).findByRole('button', { name: /^第 3 张/ }));
    const show = vi.spyOn(toast, 'show').mockReturnValue(0);
    fireEvent.click(within(carousel).getByRole('button', { name: '敬请期待' }));
    expect(show).toHaveBeenCalledWith({ message: '活动尚未开始，敬请期待', tone: 'info' });
    show.mockRestore();
    expect(router.state.location.pathname).toBe('/');
  });
});
