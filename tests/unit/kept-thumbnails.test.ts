// The device's walk over the kept-thumbnails list (src/api/kept-thumbnails.ts keepListed): the
// pictures in the server's order (most valuable first) kept while both caps hold, the rest — the
// least valuable — and those no longer named dropped; pictures already held are not fetched again;
// a foreign or failing picture is skipped. The Cache API and fetch are the browser's, stood in by
// a map and a counter here (the browser test runs the real ones).
import { describe, expect, it } from 'vitest';
import { keepListed, type KeepIo } from '../../src/api/kept-thumbnails';
import type { KeptThumbnailsList } from '../../src/domain/kept-thumbnails';

const BASE = 'https://shop.test/star';
const at = (path: string) => new URL(path, BASE).href;

function memoryCache(): KeepIo['cache'] & { held: Map<string, Response> } {
  const held = new Map<string, Response>();
  const key = (r: RequestInfo | URL) => (typeof r === 'string' ? r : r instanceof URL ? r.href : r.url);
  return {
    held,
    match: async (r: RequestInfo | URL) => held.get(key(r))?.clone(),
    put: async (r: RequestInfo | URL, res: Response) => void held.set(key(r), res),
    keys: async () => [...held.keys()].map((u) => new Request(u)),
    delete: async (r: RequestInfo | URL) => held.delete(key(r)),
  } as KeepIo['cache'] & { held: Map<string, Response> };
}

/** A picture server: each picture `bytes` long; `missing` answers 404. */
function pictures(bytes: number, missing: string[] = []) {
  const asked: string[] = [];
  const fetcher: KeepIo['fetch'] = async (url) => {
    asked.push(url);
    if (missing.some((m) => url.endsWith(m))) return new Response('no', { status: 404 });
    return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/svg+xml' } });
  };
  return { asked, fetcher };
}

const list = (ids: number[], max_count: number, max_bytes: number): KeptThumbnailsList => ({
  thumbnails: ids.map((id) => ({ goods_id: id, src: `/media/goods/${id}.svg` })),
  max_count,
  max_bytes,
});

describe('keepListed', () => {
  it('keeps the most valuable within the byte cap and drops the least valuable and the no longer named', async () => {
    const cache = memoryCache();
    const { fetcher } = pictures(100);
    // Held from an earlier walk: goods 5 (now last in value) and goods 9 (no longer named).
    await keepListed(list([5, 9], 300, 10_000), { cache, fetch: fetcher, base: BASE });
    expect([...cache.held.keys()].sort()).toEqual([at('/media/goods/5.svg'), at('/media/goods/9.svg')]);

    const out = await keepListed(list([1, 2, 3, 4, 5], 300, 250), { cache, fetch: fetcher, base: BASE });
    expect(out).toEqual({ kept: 2, bytes: 200, fetched: 2, dropped: 2 });
    expect([...cache.held.keys()].sort()).toEqual([at('/media/goods/1.svg'), at('/media/goods/2.svg')]);
    expect(cache.held.get(at('/media/goods/1.svg'))!.headers.get('Content-Type')).toBe('image/svg+xml');
  });

  it('stops at the count cap; what is held is not fetched again', async () => {
    const cache = memoryCache();
    const first = pictures(10);
    await keepListed(list([1, 2, 3], 2, 10_000), { cache, fetch: first.fetcher, base: BASE });
    expect(first.asked).toEqual([at('/media/goods/1.svg'), at('/media/goods/2.svg')]);
    const again = pictures(10);
    const out = await keepListed(list([1, 2, 3], 3, 10_000), { cache, fetch: again.fetcher, base: BASE });
    expect(again.asked).toEqual([at('/media/goods/3.svg')]);
    expect(out).toEqual({ kept: 3, bytes: 30, fetched: 1, dropped: 0 });
  });

  it('skips a picture that fails and one from another origin; an aborted walk drops nothing', async () => {
    const cache = memoryCache();
    const { fetcher, asked } = pictures(10, ['/2.svg']);
    const named = list([1, 2, 3], 300, 10_000);
    named.thumbnails.push({ goods_id: 4, src: 'https://elsewhere.test/4.svg' });
    const out = await keepListed(named, { cache, fetch: fetcher, base: BASE });
    expect(out).toEqual({ kept: 2, bytes: 20, fetched: 2, dropped: 0 });
    expect(asked).not.toContain('https://elsewhere.test/4.svg');

    const stop = new AbortController();
    stop.abort();
    const stopped = await keepListed(list([7], 300, 10_000), { cache, fetch: fetcher, base: BASE }, stop.signal);
    expect(stopped.dropped).toBe(0);
    expect(cache.held.size).toBe(2);
  });
});
