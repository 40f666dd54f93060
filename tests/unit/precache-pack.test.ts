// The precache pack (src/domain/precache-pack.ts) and the worker's install from it (sw/precache.ts,
// docs/decisions/precache-pack.md): a first visit stores every file from the one pack; an update
// fetches only the files it lacks; a pack that does not match the worker's manifest, or none at
// all, falls back to the files themselves. The worker's fetches go to a real local HTTP server;
// Cache Storage, which Node lacks, is an in-memory stand-in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePrecachePack, encodePrecachePack } from '../../src/domain/precache-pack';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the pack', () => {
  it('gives back each file, its revision and type, from one buffer', () => {
    const files = [
      { url: 'index.html', revision: 'r1', type: 'text/html; charset=utf-8', body: bytes('<!doctype html>页') },
      { url: 'assets/a-1.js', revision: null, type: 'text/javascript; charset=utf-8', body: bytes('export{}\n') },
      { url: 'icons/i.png', revision: 'r2', type: 'image/png', body: new Uint8Array([0x89, 0x0a, 0x00, 0xff]) },
      { url: 'assets/empty-2.css', revision: null, type: 'text/css; charset=utf-8', body: new Uint8Array() },
    ];
    const pack = decodePrecachePack(new Uint8Array(encodePrecachePack(files)));
    expect(pack).not.toBeNull();
    expect(pack!.entries.map(({ url, revision, type }) => ({ url, revision, type }))).toEqual(
      files.map(({ url, revision, type }) => ({ url, revision, type })),
    );
    for (const [i, entry] of pack!.entries.entries()) expect([...pack!.body(entry)]).toEqual([...files[i]!.body]);
  });

  it('refuses what is not a whole pack', () => {
    const whole = encodePrecachePack([
      { url: 'a.js', revision: null, type: 'text/javascript', body: bytes('x'.repeat(50)) },
    ]);
    expect(decodePrecachePack(new Uint8Array(whole.subarray(0, whole.byteLength - 1)))).toBeNull();
    expect(decodePrecachePack(new Uint8Array(bytes('<html>502 Bad Gateway</html>')))).toBeNull();
    expect(decodePrecachePack(new Uint8Array(bytes('{"version":2,"entries":[]}\n')))).toBeNull();
    expect(decodePrecachePack(new Uint8Array(bytes('{"version":1,"entries":[{"url":"a"}]}\n')))).toBeNull();
  });
});

/** The Cache Storage calls the install makes, kept in memory. */
class MemoryCache {
  readonly stored = new Map<string, { type: string | null; body: Uint8Array }>();
  async keys(): Promise<Request[]> {
    return [...this.stored.keys()].map((url) => new Request(url));
  }
  async put(key: string, response: Response): Promise<void> {
    this.stored.set(key, {
      type: response.headers.get('content-type'),
      body: new Uint8Array(await response.arrayBuffer()),
    });
  }
}

/** 50 hashed chunks, one revisioned page: more missing files than the pack is worth fetching for. */
const FILES = [
  {
    url: 'index.html',
    revision: 'rev-1',
    type: 'text/html; charset=utf-8',
    body: bytes('<!doctype html><title>康源</title>'),
  },
  ...Array.from({ length: 50 }, (_, i) => ({
    url: `assets/chunk${i}-h${i}.js`,
    revision: null,
    type: 'text/javascript; charset=utf-8',
    body: bytes(`export const n = ${i};\n`),
  })),
];
const MANIFEST = FILES.map(({ url, revision }) => ({ url, revision }));

describe('the worker’s install', () => {
  let server: Server;
  let origin = '';
  let pack: Uint8Array | null = null;
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      asked.push(path);
      if (path === '/precache-pack.txt' && pack) {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(pack);
        return;
      }
      const file = FILES.find((f) => `/${f.url}` === path);
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': file.type }).end(file.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => vi.unstubAllGlobals());

  /** A worker as the browser starts one: its own module, its manifest, an existing precache. */
  async function worker(cache: MemoryCache) {
    const location = new URL(`${origin}/sw.js`);
    vi.stubGlobal('location', location);
    vi.stubGlobal('self', { location, caches: { open: async () => cache } });
    vi.resetModules();
    const sw = await import('../../sw/precache');
    sw.precache.addToCacheList(MANIFEST);
    asked.length = 0;
    return sw;
  }

  const keyOf = (url: string, revision: string | null) =>
    revision ? `${origin}/${url}?__WB_REVISION__=${revision}` : `${origin}/${url}`;

  it('stores a first visit’s files from the pack, in one request', async () => {
    pack = encodePrecachePack(FILES);
    const cache = new MemoryCache();
    const sw = await worker(cache);
    await sw.installPrecache();
    expect(asked).toEqual(['/precache-pack.txt']);
    expect([...cache.stored.keys()].sort()).toEqual(FILES.map((f) => keyOf(f.url, f.revision)).sort());
    const page = cache.stored.get(keyOf('index.html', 'rev-1'))!;
    expect(page.type).toBe('text/html; charset=utf-8');
    expect(new TextDecoder().decode(page.body)).toBe('<!doctype html><title>康源</title>');
  });

  it('fetches only the few files an update lacks, not the pack', async () => {
    pack = encodePrecachePack(FILES);
    const cache = new MemoryCache();
    await (await worker(cache)).installPrecache();
    for (const url of ['assets/chunk3-h3.js', 'assets/chunk7-h7.js']) cache.stored.delete(keyOf(url, null));
    const sw = await worker(cache);
    await sw.installPrecache();
    expect(asked.sort()).toEqual(['/assets/chunk3-h3.js', '/assets/chunk7-h7.js']);
    expect(cache.stored.size).toBe(FILES.length);
  });

  it('takes from a pack of another build only what matches, and fetches the rest', async () => {
    // The pack a proxy kept from the build before: index.html had another revision then.
    pack = encodePrecachePack(
      FILES.map((f) => (f.url === 'index.html' ? { ...f, revision: 'rev-0', body: bytes('old') } : f)),
    );
    const cache = new MemoryCache();
    const sw = await worker(cache);
    await sw.installPrecache();
    expect(asked).toEqual(['/precache-pack.txt', '/index.html']);
    expect(new TextDecoder().decode(cache.stored.get(keyOf('index.html', 'rev-1'))!.body)).toBe(
      '<!doctype html><title>康源</title>',
    );
  });

  it('fetches every file when there is no pack', async () => {
    pack = null;
    const cache = new MemoryCache();
    const sw = await worker(cache);
    await sw.installPrecache();
    expect(asked.filter((p) => p !== '/precache-pack.txt')).toHaveLength(FILES.length);
    expect(cache.stored.size).toBe(FILES.length);
  });
});
