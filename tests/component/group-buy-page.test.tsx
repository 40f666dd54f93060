// /ptzq 拼团专区 against its API: each running group with group and member price, progress to the
// target, the countdown on the server's clock (not the test machine's), the join control sending a
// group line (type 2), prices hidden for visitors, and the empty state.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { GroupBuyGoods, GroupBuyList } from '../../src/domain/group-buy';
import GroupBuyPage from '../../src/features/group-buy/group-buy-page';
import { makeGoods } from './goods-fixtures';
import { makeUser, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

/** A server clock far from the machine's: the countdown must follow it. */
const SERVER_NOW = 1_767_225_600;

function group(id: number, over: Partial<GroupBuyGoods> = {}): GroupBuyGoods {
  return {
    ...makeGoods({ id, name: `拼团商品${id}`, price: 1_000, type: 2 }),
    promotion_id: 3,
    promotion_name: '爆款拼团',
    group_price: 800,
    target: 100,
    joined: 40,
    per_company_limit: 50,
    starts_at: SERVER_NOW - 86_400,
    ends_at: SERVER_NOW + 2 * 3_600,
    ...over,
  };
}

let answer: GroupBuyList;
let signedIn: boolean;

beforeEach(() => {
  signedIn = true;
  answer = { timestamp: SERVER_NOW, list: [group(1), group(2, { joined: 120, target: 100 })] };
  http.get.mockReset();
  http.post.mockReset();
  http.get.mockImplementation((path: string) => {
    if (path === 'activity/group_buy') return Promise.resolve(answer);
    if (path === 'user/base')
      return signedIn
        ? Promise.resolve(makeUser())
        : Promise.reject(new ApiError({ code: 10001, status: 401, msg: '请先登录' }));
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  http.post.mockResolvedValue({ code: 10000, msg: '', data: { lines: [1] } });
});

describe('group-buy page', () => {
  it('shows each group with prices, progress and the time left by the server clock', async () => {
    renderInApp(<GroupBuyPage />);
    const cards = await screen.findAllByTestId('group-buy-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByText('¥8.00')).toBeTruthy();
    expect(first.getByText('会员价 ¥10.00')).toBeTruthy();
    expect(first.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(first.getByTestId('group-joined').textContent).toBe('已拼 40/100盒');
    expect(first.getByText('还差60盒成团')).toBeTruthy();
    expect(first.getByRole('timer').textContent).toMatch(/^距结束 (02:00:00|01:59:5\d)$/);
    expect(first.getByRole('link', { name: '拼团商品1' }).getAttribute('href')).toBe('/list_info_pt/1');
    const second = within(cards[1]);
    expect(second.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(second.getByText('已达成团数量')).toBeTruthy();
  });

  it('joins with a group line (type 2)', async () => {
    renderInApp(<GroupBuyPage />);
    const [card] = await screen.findAllByTestId('group-buy-card');
    fireEvent.click(within(card).getByRole('button', { name: '加入购物车' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        'cart',
        { params: [expect.objectContaining({ goods_id: 1, type: 2 })] },
        expect.anything(),
      ),
    );
  });

  it('hides prices when the server does and says when nothing runs', async () => {
    answer = { timestamp: SERVER_NOW, list: [group(1, { group_price: null, price: null })] };
    const first = renderInApp(<GroupBuyPage />);
    expect(await screen.findByText('资质审核通过后可见价格')).toBeTruthy();
    first.unmount();
    answer = { timestamp: SERVER_NOW, list: [] };
    renderInApp(<GroupBuyPage />);
    expect(await screen.findByText('当前没有进行中的拼团活动')).toBeTruthy();
  });
});
