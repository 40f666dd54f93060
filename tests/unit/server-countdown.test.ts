// @vitest-environment jsdom
// useServerCountdown (SPEC §4 clock): counts on server time whatever the client clock says,
// ticks every CLOCK_TICK_MS, stops at zero and calls onEnd exactly once.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_TICK_MS } from '../../src/domain/constants';
import { useServerCountdown } from '../../src/features/home/use-server-countdown';

/** 2026-01-01 08:00:00 Asia/Shanghai, as the server sends it (10 digits = seconds). */
const SERVER_NOW_SEC = 1_767_225_600;
/** The client's clock is years off: only elapsed time may be taken from it. */
const WRONG_CLIENT_MS = Date.UTC(2020, 0, 1, 0, 0, 0);

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(WRONG_CLIENT_MS);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useServerCountdown', () => {
  it('counts down from server time, one second per tick, ignoring the client clock', () => {
    const onEnd = vi.fn();
    const { result } = renderHook(() => useServerCountdown(SERVER_NOW_SEC + 10, SERVER_NOW_SEC, onEnd));
    expect(result.current).toBe(10);
    advance(CLOCK_TICK_MS);
    expect(result.current).toBe(9);
    advance(3 * CLOCK_TICK_MS);
    expect(result.current).toBe(6);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('ends at zero and calls onEnd once', () => {
    const onEnd = vi.fn();
    const { result } = renderHook(() => useServerCountdown(SERVER_NOW_SEC + 3, SERVER_NOW_SEC, onEnd));
    advance(2 * CLOCK_TICK_MS);
    expect(result.current).toBe(1);
    expect(onEnd).not.toHaveBeenCalled();
    advance(CLOCK_TICK_MS);
    expect(result.current).toBe(0);
    expect(onEnd).toHaveBeenCalledTimes(1);
    advance(10 * CLOCK_TICK_MS);
    expect(result.current).toBe(0);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('reaches zero at the end itself, not up to a second early, when the end is mid-second', () => {
    const onEnd = vi.fn();
    const serverNowMs = SERVER_NOW_SEC * 1000;
    // Millisecond timestamps (13 digits) are taken as they are (SPEC §9).
    const { result } = renderHook(() => useServerCountdown(serverNowMs + 2_500, serverNowMs, onEnd));
    expect(result.current).toBe(2);
    advance(2_499);
    expect(result.current).toBe(1);
    expect(onEnd).not.toHaveBeenCalled();
    advance(1);
    expect(result.current).toBe(0);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('accounts for the time an answer spent in the cache (receivedAtMs)', () => {
    const receivedAt = WRONG_CLIENT_MS - 4_000;
    const { result } = renderHook(() => useServerCountdown(SERVER_NOW_SEC + 10, SERVER_NOW_SEC, undefined, receivedAt));
    expect(result.current).toBe(6);
    advance(CLOCK_TICK_MS);
    expect(result.current).toBe(5);
  });

  it('does not call onEnd for a countdown that is already over (no refetch loop)', () => {
    const onEnd = vi.fn();
    const { result } = renderHook(() => useServerCountdown(SERVER_NOW_SEC - 5, SERVER_NOW_SEC, onEnd));
    expect(result.current).toBe(0);
    advance(5 * CLOCK_TICK_MS);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('re-anchors on a new server answer and calls the newest onEnd', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(
      ({ end, now, onEnd }: { end: number; now: number; onEnd: () => void }) => useServerCountdown(end, now, onEnd),
      { initialProps: { end: SERVER_NOW_SEC + 2, now: SERVER_NOW_SEC, onEnd: first } },
    );
    advance(2 * CLOCK_TICK_MS);
    expect(first).toHaveBeenCalledTimes(1);
    // The refetch answers with the next sale: ends 60 s after the new server time.
    rerender({ end: SERVER_NOW_SEC + 62, now: SERVER_NOW_SEC + 2, onEnd: second });
    advance(0);
    expect(result.current).toBe(60);
    advance(60 * CLOCK_TICK_MS);
    expect(result.current).toBe(0);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('stops ticking on unmount', () => {
    const onEnd = vi.fn();
    const { unmount } = renderHook(() => useServerCountdown(SERVER_NOW_SEC + 2, SERVER_NOW_SEC, onEnd));
    unmount();
    advance(5 * CLOCK_TICK_MS);
    expect(onEnd).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
