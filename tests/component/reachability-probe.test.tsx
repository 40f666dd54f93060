// Whether the server is back (src/app/online-bridge.ts, docs/offline.md "Is the server back?"):
// while only the worker says the server is gone, the page asks GET /api/health 1, 2, 4 and 8 s
// after the going-offline and each failed ask, then every 15 s, and stops once it is answered.
// fetch is the browser's (stubbed at that edge, with the page's clock faked).
import { onlineManager } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { applyWorkerReport, installOnlineBridge, resetOnlineBridgeForTests } from '../../src/app/online-bridge';

afterEach(() => {
  resetOnlineBridgeForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('asks soon after the server went away, then less often, and stops once it answers', async () => {
  vi.useFakeTimers();
  const start = Date.now();
  const asks: number[] = [];
  let serverUp = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asks.push(Date.now() - start);
      expect(url).toBe('/api/health');
      if (!serverUp) throw new TypeError('Failed to fetch');
      return new Response('{"code":10000}', { status: 200 });
    }),
  );
  installOnlineBridge();
  applyWorkerReport({ type: 'NETWORK_FAILED' });
  expect(onlineManager.isOnline()).toBe(false);

  await vi.advanceTimersByTimeAsync(45_000);
  expect(asks).toEqual([1_000, 3_000, 7_000, 15_000, 30_000, 45_000]);
  expect(onlineManager.isOnline()).toBe(false);

  serverUp = true;
  await vi.advanceTimersByTimeAsync(15_000);
  expect(asks).toHaveLength(7);
  expect(onlineManager.isOnline()).toBe(true);
  await vi.advanceTimersByTimeAsync(120_000);
  expect(asks).toHaveLength(7);

  // Gone again: the asks start soon again.
  applyWorkerReport({ type: 'NETWORK_FAILED' });
  serverUp = false;
  const again = Date.now() - start;
  await vi.advanceTimersByTimeAsync(3_000);
  expect(asks.slice(7)).toEqual([again + 1_000, again + 3_000]);
});
