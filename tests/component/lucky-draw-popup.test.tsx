// The home's lucky-draw popup (SPEC §4): offered only when is_join is 0; 开始抽奖 shows the
// loading state at once and the result only after 2 s even when the server answers at once;
// closing while it runs asks with the SPEC §8 text (继续抽奖 keeps it, 确定关闭 closes); the
// close animation lasts 1 s before the popup goes. Fake timers: no real waiting.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DrawActivity, DrawResult, DrawSimple } from '../../src/domain/lucky-draw';
import { LuckyDrawPopup } from '../../src/features/lucky-draw/draw-popup';
import { alert, AlertHost } from '../../src/ui/alert-dialog';
import { renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const SIMPLE: DrawSimple = { id: 3, name: '幸运大抽奖', image: '', is_join: 0, chances_left: 1 };
const ACTIVITY: DrawActivity = {
  ...SIMPLE,
  rules: '每单满1000元可抽一次',
  starts_at: 0,
  ends_at: 0,
  prizes: [
    { id: 1, name: '满500减20优惠券', remarks: '满500元可用', kind: 'coupon' },
    { id: 2, name: '谢谢参与', remarks: '', kind: 'none' },
  ],
};
const WIN: DrawResult = {
  record_id: 9,
  prize_id: 1,
  name: '满500减20优惠券',
  remarks: '满500元可用',
  kind: 'coupon',
  is_win: 1,
  chances_left: 0,
};

function answer(simple: DrawSimple | null, result: () => Promise<DrawResult> = () => Promise.resolve(WIN)) {
  http.get.mockImplementation((path: string) => {
    if (path === 'draw/simple') return Promise.resolve(simple);
    if (path === `draw/${SIMPLE.id}/activity`) return Promise.resolve(ACTIVITY);
    if (path === 'draw') return result();
    return Promise.reject(new Error(`unexpected ${path}`));
  });
}

const show = () =>
  renderInApp(
    <>
      <LuckyDrawPopup />
      <AlertHost />
    </>,
  );

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.clear();
  http.get.mockReset();
});
afterEach(() => {
  alert.dismissAll();
  vi.useRealTimers();
});

describe('LuckyDrawPopup', () => {
  it('is not offered when is_join is 1, nor without a draw', async () => {
    answer({ ...SIMPLE, is_join: 1, chances_left: 0 });
    const { unmount } = show();
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('draw/simple'));
    expect(screen.queryByRole('complementary', { name: '幸运抽奖' })).toBeNull();
    unmount();
    answer(null);
    show();
    await waitFor(() => expect(http.get).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('complementary', { name: '幸运抽奖' })).toBeNull();
  });

  it('appears whole, with its prizes: never before the activity answered (anchored low, it grew upwards)', async () => {
    let release: (activity: DrawActivity) => void = () => undefined;
    http.get.mockImplementation((path: string) => {
      if (path === 'draw/simple') return Promise.resolve(SIMPLE);
      if (path === `draw/${SIMPLE.id}/activity`) return new Promise<DrawActivity>((resolve) => (release = resolve));
      return Promise.reject(new Error(`unexpected ${path}`));
    });
    show();
    await waitFor(() => expect(http.get).toHaveBeenCalledWith(`draw/${SIMPLE.id}/activity`));
    expect(screen.queryByRole('complementary', { name: '幸运抽奖' })).toBeNull();
    await act(async () => release(ACTIVITY));
    const popup = await screen.findByRole('complementary', { name: '幸运抽奖' });
    expect(within(popup).getByRole('list', { name: '奖品' }).textContent).toContain('满500减20优惠券');
  });

  it('shows loading at once and the result after 2 s, though the server answered at once', async () => {
    answer(SIMPLE);
    show();
    expect(await screen.findByText('满500减20优惠券')).toBeTruthy();
    const pressedAt = Date.now();
    fireEvent.click(screen.getByRole('button', { name: '开始抽奖' }));
    expect(screen.getAllByText('抽奖中…').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith(
        'draw',
        { id: 3 },
        expect.objectContaining({ idempotencyKey: expect.any(String) }),
      ),
    );
    // The fake clock also follows real time (shouldAdvanceTime), so the steps are measured from the
    // press: still drawing 1.9 s after it (a 20 ms tick of slack), the result at 2 s (SPEC §4).
    await act(async () => {
      vi.advanceTimersByTime(pressedAt + 1_900 - Date.now());
    });
    expect(screen.queryByText(/恭喜您/)).toBeNull();
    expect(screen.getByRole('complementary', { name: '幸运抽奖' }).getAttribute('data-phase')).toBe('drawing');
    await act(async () => {
      vi.advanceTimersByTime(Math.max(0, pressedAt + 2_000 - Date.now()));
    });
    expect(await screen.findByText('恭喜您，抽中了满500减20优惠券（满500元可用）')).toBeTruthy();
    expect(screen.getByText('剩余抽奖次数：0')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看我的优惠券' }).getAttribute('href')).toBe('/wdqb_yhq');
  });

  it("links to the draw page with its rules, winners and the buyer's draws", async () => {
    answer(SIMPLE);
    show();
    const link = await screen.findByRole('link', { name: '活动规则、中奖名单和我的抽奖记录' });
    expect(link.getAttribute('href')).toBe('/xycj');
  });

  it('closing during the draw asks first; 继续抽奖 keeps it, 确定关闭 closes after the 1 s animation', async () => {
    let resolveDraw: (r: DrawResult) => void = () => undefined;
    answer(SIMPLE, () => new Promise<DrawResult>((resolve) => (resolveDraw = resolve)));
    show();
    fireEvent.click(await screen.findByRole('button', { name: '开始抽奖' }));
    fireEvent.click(screen.getByRole('button', { name: '关闭抽奖' }));
    expect(await screen.findByText('正在抽奖中，关闭后如未显示抽奖结果，请到个人中心查看')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续抽奖' }));
    await waitFor(() => expect(screen.queryByText('正在抽奖中，关闭后如未显示抽奖结果，请到个人中心查看')).toBeNull());
    const popup = screen.getByRole('complementary', { name: '幸运抽奖' });
    expect(popup.getAttribute('data-phase')).toBe('drawing');

    fireEvent.click(screen.getByRole('button', { name: '关闭抽奖' }));
    const confirmClose = await screen.findByRole('button', { name: '确定关闭' });
    const closedAt = Date.now();
    fireEvent.click(confirmClose);
    await act(async () => {
      vi.advanceTimersByTime(closedAt + 900 - Date.now());
    });
    // Still there, animating out (SPEC §4: a 1 s close animation).
    expect(screen.getByRole('complementary', { name: '幸运抽奖' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(Math.max(0, closedAt + 1_000 - Date.now()));
    });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: '幸运抽奖' })).toBeNull());
    expect(sessionStorage.getItem('lucky-draw-popup-closed')).toBe('1');
    resolveDraw(WIN);
  });

  it('closing while idle asks nothing and goes after the animation', async () => {
    answer(SIMPLE);
    show();
    fireEvent.click(await screen.findByRole('button', { name: '关闭抽奖' }));
    expect(screen.queryByText('正在抽奖中，关闭后如未显示抽奖结果，请到个人中心查看')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: '幸运抽奖' })).toBeNull());
  });
});
