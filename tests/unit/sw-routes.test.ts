// The service worker's route table (sw/routes.ts): which request lands in which runtime cache,
// and that per-user answers never do.
import { describe, expect, it } from 'vitest';
import {
  CACHE,
  HEADER_STORED_COPY,
  RUNTIME_CACHE_PATTERN,
  USER_SCOPED_CACHES,
  isCacheScope,
  isPageToWorkerMessage,
  isWorkerToPageMessage,
} from '../../src/domain/cache-names';
import { storedCopyPlugin } from '../../sw/plugins';
import { isPerUserPath, runtimeCacheFor, sessionEventFor } from '../../sw/routes';

describe('runtimeCacheFor', () => {
  it.each([
    ['/api/goods/list', CACHE.catalogue],
    ['/api/goods/detail/1', CACHE.catalogue],
    ['/api/goods/search', CACHE.catalogue],
    ['/api/goods/hot', CACHE.catalogue],
    ['/api/goods/brands', CACHE.catalogue],
    ['/api/goods/activities', CACHE.catalogue],
    ['/api/index/spike', CACHE.catalogue],
    ['/api/index_wntj/1', CACHE.catalogue],
    ['/api/focus', CACHE.catalogue],
    ['/api/focus/kxzq_ad', CACHE.catalogue],
    ['/api/focus/brand/3', CACHE.catalogue],
    ['/api/global/links', CACHE.catalogue],
    ['/api/focus/common', CACHE.categories],
    ['/api/article/12', CACHE.help],
    ['/api/articles', CACHE.help],
    ['/api/help/tree', CACHE.help],
    ['/img/logo.png', CACHE.images],
    ['/media/goods/12.svg', CACHE.images],
    ['/api/user/papers', CACHE.papers],
    ['/api/user/contract', CACHE.papers],
    ['/api/user/contract/pdf', CACHE.papers],
    ['/api/jybg/report/17', CACHE.papers],
    ['/api/order/12/delivery-note', CACHE.papers],
  ])('GET %s → %s', (path, cache) => {
    expect(runtimeCacheFor('GET', path)).toBe(cache);
  });

  it.each([
    '/api/cart',
    '/api/cart/list',
    '/api/cart/total',
    '/api/user/base',
    '/api/user/user_money',
    '/api/order',
    '/api/order/12',
    '/api/order/12/trace_codes',
    '/api/user/contract/sign',
    // The list of pictures to keep is read online only; the pictures land in thumbnails-v1.
    '/api/user/kept-thumbnails',
    '/api/user/zizhi',
    '/api/jybg/filter',
    '/api/jybg/report/17/x',
    '/api/favorite',
    '/api/address',
    '/api/invoice/3/pdf',
    '/api/health',
    '/api/goods/listing',
    '/api/register/status',
    '/media/uploads/1.pdf',
    '/list',
    '/assets/index-abc.js',
  ])('GET %s is not cached at runtime', (path) => {
    expect(runtimeCacheFor('GET', path)).toBeNull();
  });

  it('the kept thumbnails are a runtime cache of ours, per account (dropped on logout and account switch)', () => {
    expect(CACHE.thumbnails).toBe('thumbnails-v1');
    expect(RUNTIME_CACHE_PATTERN.test(CACHE.thumbnails)).toBe(true);
    expect(USER_SCOPED_CACHES).toContain('thumbnails-v1');
    expect(USER_SCOPED_CACHES).not.toContain(CACHE.images);
  });

  it('never caches anything but GET', () => {
    expect(runtimeCacheFor('POST', '/api/goods/list')).toBeNull();
    expect(runtimeCacheFor('HEAD', '/api/goods/detail/1')).toBeNull();
    expect(runtimeCacheFor('POST', '/api/user/contract/sign')).toBeNull();
  });

  it('treats every per-user area as per-user, whatever follows', () => {
    for (const path of [
      '/api/cart',
      '/api/cart/3/edit',
      '/api/user_money',
      '/api/order/1/pay',
      '/api/invoice',
      '/api/after_sale/4',
      '/api/upload/9',
      '/api/pay/transfer_info',
      '/api/register/status',
    ]) {
      expect(isPerUserPath(path), path).toBe(true);
    }
    expect(isPerUserPath('/api/goods/list')).toBe(false);
  });
});

describe('sessionEventFor', () => {
  it('watches sign-in and sign-out only', () => {
    expect(sessionEventFor('POST', '/api/user/login')).toBe('login');
    expect(sessionEventFor('DELETE', '/api/user/logout')).toBe('logout');
    expect(sessionEventFor('GET', '/api/user/login')).toBeNull();
    expect(sessionEventFor('GET', '/api/user/base')).toBeNull();
  });
});

describe('page ↔ worker contract', () => {
  it('accepts the two scope shapes only', () => {
    expect(isCacheScope('visitor')).toBe(true);
    expect(isCacheScope('u:demo')).toBe(true);
    expect(isCacheScope('u:')).toBe(false);
    expect(isCacheScope('demo')).toBe(false);
    expect(isCacheScope(null)).toBe(false);
  });

  it('validates messages both ways', () => {
    expect(isPageToWorkerMessage({ type: 'SET_SCOPE', scope: 'u:demo' })).toBe(true);
    expect(isPageToWorkerMessage({ type: 'SET_SCOPE', scope: 'anyone' })).toBe(false);
    expect(isPageToWorkerMessage({ type: 'CLEAR_USER_CACHES' })).toBe(true);
    expect(isPageToWorkerMessage('SKIP_WAITING')).toBe(false);
    expect(isWorkerToPageMessage({ type: 'SERVED_FROM_CACHE', url: '/api/goods/list', cachedAt: 1 })).toBe(true);
    expect(isWorkerToPageMessage({ type: 'SERVED_FROM_CACHE', url: '/api/goods/list' })).toBe(false);
    expect(isWorkerToPageMessage({ type: 'SYNC_OUTBOX' })).toBe(true);
  });
});

describe('storedCopyPlugin', () => {
  it("marks a stale-while-revalidate copy so the page does not take it for the server's answer", async () => {
    const cached = new Response('{"code":10000}', {
      status: 200,
      headers: { 'content-type': 'application/json', 'X-Cached-At': '5' },
    });
    const hook = storedCopyPlugin.cachedResponseWillBeUsed;
    if (!hook) throw new Error('no hook');
    const marked = await hook({ cachedResponse: cached } as Parameters<typeof hook>[0]);
    expect(marked?.headers.get(HEADER_STORED_COPY)).toBe('1');
    expect(marked?.headers.get('X-Cached-At')).toBe('5');
    expect(await marked?.text()).toBe('{"code":10000}');
    expect(await hook({ cachedResponse: undefined } as Parameters<typeof hook>[0])).toBeNull();
  });
});
