// The offline banner and its online state (src/app/offline-banner.tsx, src/app/online-bridge.ts):
// onlineManager goes offline on the browser's event or on a service-worker report, the banner shows
// the newest stored-at time of the cached data, and goes when the server answers again. Also the
// page's scope reports to the worker (src/app/cache-scope.ts). The real worker: tests/e2e/offline-catalogue.test.ts.
import { act, render, screen } from '@testing-library/react';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { HEADER_STORED_COPY } from '../../src/domain/cache-names';
import { configureHttp, http, resetHttp } from '../../src/http/client';
import { userKeys } from '../../src/api/user';
import { scopeOfUserBase, startCacheScopeSync } from '../../src/app/cache-scope';
import { OfflineBanner, formatAsOf } from '../../src/app/offline-banner';
import { applyWorkerReport, resetOnlineBridgeForTests } from '../../src/app/online-bridge';
import type { UserBase } from '../../src/domain/user';

/** 2025-03-05 14:07 in Beijing. */
const AS_OF = Date.UTC(2025, 2, 5, 6, 7);
const LATER = AS_OF + 60 * 60_000;

afterEach(() => {
  act(() => resetOnlineBridgeForTests());
});

describe('OfflineBanner', () => {
  it('is hidden online', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('shows the newest stored-at time of what the worker served from its cache', () => {
    render(<OfflineBanner />);
    act(() => applyWorkerReport({ type: 'SERVED_FROM_CACHE', url: '/api/goods/list', cachedAt: AS_OF }));
    act(() => applyWorkerReport({ type: 'SERVED_FROM_CACHE', url: '/api/goods/detail/1', cachedAt: LATER }));
    act(() => applyWorkerReport({ type: 'SERVED_FROM_CACHE', url: '/api/focus', cachedAt: AS_OF }));
    expect(onlineManager.isOnline()).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('当前处于离线状态，数据更新于 2025-03-05 15:07');
  });

  it("shows when the page's own request cannot reach the server, and goes when one answers", async () => {
    render(<OfflineBanner />);
    configureHttp({ baseUrl: 'http://shop.test/api', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    try {
      await act(async () => {
        await expect(http.post('cart', { params: [] })).rejects.toMatchObject({ kind: 'network' });
      });
      expect(onlineManager.isOnline()).toBe(false);
      expect(screen.getByRole('status')).toBeTruthy();
      configureHttp({
        baseUrl: 'http://shop.test/api',
        fetch: () =>
          Promise.resolve(
            new Response(JSON.stringify({ code: 10000, msg: 'ok', data: { count: 1 } }), { status: 200 }),
          ),
      });
      await act(async () => {
        await http.get('cart/total');
      });
      expect(onlineManager.isOnline()).toBe(true);
    } finally {
      resetHttp();
    }
  });

  it("keeps the as-of time when a stored copy (the shell's categories) arrives after the cached goods", async () => {
    render(<OfflineBanner />);
    act(() => applyWorkerReport({ type: 'SERVED_FROM_CACHE', url: '/api/goods/detail/1', cachedAt: LATER }));
    const stored = new Headers({ [HEADER_STORED_COPY]: '1' });
    configureHttp({
      baseUrl: 'http://shop.test/api',
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ code: 10000, msg: 'ok', data: {} }), { status: 200, headers: stored }),
        ),
    });
    try {
      await act(async () => {
        await http.get('focus/common');
      });
      expect(onlineManager.isOnline()).toBe(false);
      expect(screen.getByRole('status').textContent).toBe('当前处于离线状态，数据更新于 2025-03-05 15:07');
    } finally {
      resetHttp();
    }
  });

  it('goes away when the server answers again', () => {
    render(<OfflineBanner />);
    act(() => applyWorkerReport({ type: 'NETWORK_FAILED' }));
    expect(screen.getByRole('status').textContent).toBe('当前处于离线状态，显示的是此前保存的数据');
    act(() => applyWorkerReport({ type: 'NETWORK_OK' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it("follows the browser's own offline and online events", () => {
    render(<OfflineBanner />);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('formats times in Beijing time', () => {
    expect(formatAsOf(Date.UTC(2025, 11, 31, 16, 5))).toBe('2026-01-01 00:05');
  });
});

describe('cache scope reports', () => {
  const postMessage = vi.fn();

  beforeEach(() => {
    postMessage.mockReset();
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: { postMessage }, addEventListener: () => undefined },
    });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('maps a settled user base to a scope; offline proves nothing', () => {
    expect(scopeOfUserBase({ username: 'demo' } as UserBase, null)).toBe('u:demo');
    expect(scopeOfUserBase(undefined, new ApiError({ code: 10001, status: 401, msg: '请先登录' }))).toBe('visitor');
    expect(
      scopeOfUserBase(undefined, new ApiError({ code: 0, status: 0, msg: '网络连接失败', kind: 'network' })),
    ).toBeNull();
  });

  it('tells the worker when the account behind the user base changes, once per change', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = startCacheScopeSync(client, userKeys.base());
    client.setQueryData(userKeys.base(), { username: 'demo' } as UserBase);
    client.setQueryData(userKeys.base(), { username: 'demo' } as UserBase);
    await client
      .fetchQuery({
        queryKey: userKeys.base(),
        queryFn: () => Promise.reject(new ApiError({ code: 10001, status: 401, msg: '请先登录' })),
        staleTime: 0,
      })
      .catch(() => undefined);
    stop();
    expect(postMessage.mock.calls.map(([message]) => message)).toEqual([
      { type: 'SET_SCOPE', scope: 'u:demo' },
      { type: 'SET_SCOPE', scope: 'visitor' },
    ]);
  });
});
