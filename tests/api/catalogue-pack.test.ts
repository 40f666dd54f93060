// The catalogue pack (issue 35 §1, docs/offline.md "The catalogue pack"): one pack per
// price-and-visibility class, never carrying a goods or a price the class may not see (a 控销
// goods, another rank's price); the chunk URL of one class refused to a buyer of another; built
// once per (class, version) and served from memory; ETag and 304; a download resumes by chunk;
// a rank change or a store switch puts the buyer in another class, so another pack. A stale pack is
// rebuilt in the background while the held one is handed out; the classes in use are built at boot.
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import {
  classesInUse,
  currentPack,
  heldPack,
  packRebuild,
  warmPacks,
} from '../../server/services/catalogue/pack-cache.ts';
import { buildPack, loadPackGoods, rebuildPack } from '../../server/services/catalogue/pack-build.ts';
import { changeGoods } from '../../server/services/catalogue/change-goods.ts';
import { noteCatalogueChange } from '../../server/services/catalogue/changes.ts';
import { decodePackChunk, type PackChunk, type PackGoods, type PackManifest } from '../../src/domain/catalogue-pack.ts';

describe('GET /api/goods/pack', () => {
  let t: TestApp;
  let shop: Shop;
  let approved: ShopBuyer;
  let rankTwo: ShopBuyer;
  let pending: ShopBuyer;
  let special: ShopBuyer;
  let plain: number;
  let controlled: number;
  let laddered: number;

  const manifest = async (cookie: string | undefined) => t.call<PackManifest>('GET', '/api/goods/pack', { cookie });
  const manifestOf = async (b: ShopBuyer) => {
    const res = await manifest(b.cookie);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };
  const chunk = (cookie: string, href: string, headers: Record<string, string> = {}) =>
    t.app.request(href, { headers: { cookie, 'accept-encoding': 'gzip', ...headers } });
  const decode = async (res: Response): Promise<PackChunk> => {
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = res.headers.get('content-encoding') === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
    return JSON.parse(json.toString('utf8')) as PackChunk;
  };
  const allGoods = async (b: ShopBuyer): Promise<PackGoods[]> => {
    const m = await manifestOf(b);
    const out: PackGoods[] = [];
    for (let i = 0; i < m.chunks; i++) {
      const res = await chunk(b.cookie, `${m.href}/${i}`);
      expect(res.status).toBe(200);
      out.push(...decodePackChunk(await decode(res)));
    }
    return out;
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { sessionMemo: false } });
    shop = await createShop(t);
    approved = await shop.buyer();
    rankTwo = await shop.buyer();
    await t.db.execute(sql`UPDATE companies SET rank = 2 WHERE id = ${rankTwo.companyId}`);
    pending = await shop.buyer({ kind: 'pending' });
    special = await shop.buyer({ kind: 'special' });
    plain = await shop.goods({ name: '目录普通片', basePrice: 2_000, stock: 5 });
    controlled = await shop.goods({ name: '目录控销片', basePrice: 3_000, stock: 5, isKx: true });
    laddered = await shop.goods({ name: '目录阶梯片', basePrice: 1_000, stock: 50 });
    await t.db.execute(sql`INSERT INTO goods_prices (goods_id, rank, price) VALUES (${plain}, 2, 1800)`);
    await t.db.execute(
      sql`UPDATE goods SET ladder_price_type = 1, pinyin_full = 'muluputongpian', pinyin_initials = 'mlptp', barcode = '6901234567892' WHERE id = ${plain}`,
    );
    await t.db.execute(
      sql`INSERT INTO goods_ladder_prices (goods_id, min_number, price) VALUES (${laddered}, 10, 900), (${laddered}, 50, 800)`,
    );
  });
  afterAll(() => t.close());

  it('a visitor gets no pack', async () => {
    expect((await manifest(undefined)).status).toBe(401);
  });

  it('never carries a 控销 goods to a class without the entitlement; an entitled class has it', async () => {
    const mine = await allGoods(approved);
    expect(mine.map((g) => g.id)).toContain(plain);
    expect(mine.map((g) => g.id)).not.toContain(controlled);
    expect(mine.every((g) => g.flags === 0 || (g.flags & (1 << 4)) === 0)).toBe(true);
    const theirs = await allGoods(special);
    expect(theirs.map((g) => g.id)).toContain(controlled);
  });

  it('carries the class’s prices only: rank 1 never sees rank 2’s price, an unapproved class sees none', async () => {
    const one = (await allGoods(approved)).find((g) => g.id === plain)!;
    expect(one).toMatchObject({
      price: 2_000,
      base_price: 2_000,
      py: 'muluputongpian',
      pyi: 'mlptp',
      barcode: '6901234567892',
    });
    const two = (await allGoods(rankTwo)).find((g) => g.id === plain)!;
    expect(two.price).toBe(1_800);
    const none = await allGoods(pending);
    expect(none.find((g) => g.id === plain)).toMatchObject({
      price: null,
      base_price: null,
      retail_price: null,
      ladder: [],
    });
    expect(none.every((g) => g.price === null && g.ladder.length === 0)).toBe(true);
    // The raw bytes of rank 1's chunks never hold rank 2's number.
    const m = await manifestOf(approved);
    const text = JSON.stringify(await decode(await chunk(approved.cookie, `${m.href}/0`)));
    expect(text).not.toContain('1800');
    expect((await allGoods(approved)).find((g) => g.id === laddered)!.ladder).toEqual([10, 900, 50, 800]);
  });

  it('read page by page (so PGlite is never held by one long read), the pages make the same goods, ladders and prices as one read', async () => {
    for (const name of ['目录分页一', '目录分页二', '目录分页三'])
      await shop.goods({ name, basePrice: 1_500, stock: 5 });
    const v = { approved: true, isSpecial: false, rank: 1 };
    const whole = await loadPackGoods(t.db, v, 100_000);
    expect(whole.length).toBeGreaterThanOrEqual(5);
    for (const size of [1, 2, 3]) expect(await loadPackGoods(t.db, v, size)).toEqual(whole);
    expect(whole.find((g) => g.id === laddered)!.ladder).toEqual([10, 900, 50, 800]);
  });

  it('one pack per class: two buyers of a class share it, other classes have their own', async () => {
    const other = await shop.buyer();
    const [a, b, r2, kx, np] = await Promise.all([
      manifestOf(approved),
      manifestOf(other),
      manifestOf(rankTwo),
      manifestOf(special),
      manifestOf(pending),
    ]);
    expect(a.href).toBe(b.href);
    expect(new Set([a.class, r2.class, kx.class, np.class]).size).toBe(4);
    expect(a.overlay.entitlement).toBeTruthy();
  });

  it('a buyer asking for another class’s chunk is refused, whatever the version', async () => {
    const kx = await manifestOf(special);
    const res = await chunk(approved.cookie, `${kx.href}/0`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { msg: string }).msg).toBe('商品目录与当前账号不符，请重新下载');
    const r2 = await manifestOf(rankTwo);
    expect((await chunk(approved.cookie, `${r2.href}/0`)).status).toBe(403);
  });

  it('ETag: the same chunk again with If-None-Match is a 304 without a body', async () => {
    const m = await manifestOf(approved);
    const first = await chunk(approved.cookie, `${m.href}/0`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const again = await chunk(approved.cookie, `${m.href}/0`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const br = await chunk(approved.cookie, `${m.href}/0`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).not.toBe(etag);
    expect((await decode(br)).count).toBe((await decode(await chunk(approved.cookie, `${m.href}/0`))).count);
  });

  it('is built once per class and version: a catalogue change within the fresh time keeps the pack; later a new one is built', async () => {
    const before = await manifestOf(approved);
    await changeGoods(t.db, plain, { stock: 7 }, t.clock.now());
    const same = await manifestOf(approved);
    expect(same.version).toBe(before.version);
    expect(same.built_at).toBe(before.built_at);
    t.clock.advance(11 * 60_000);
    // The request that finds the pack stale is answered at once with the held one (correct at its
    // version: the device applies the feed from there); the rebuild runs in the background.
    const stale = await manifestOf(approved);
    expect(stale.version).toBe(before.version);
    expect(stale.built_at).toBe(before.built_at);
    const rebuild = packRebuild(t.deps, before.class);
    expect(rebuild, 'a rebuild runs in the background').not.toBeNull();
    await rebuild;
    const fresh = await manifestOf(approved);
    expect(fresh.version).toBeGreaterThan(before.version);
    expect(packRebuild(t.deps, before.class)).toBeNull();
    expect((await allGoods(approved)).find((g) => g.id === plain)!.stock).toBe(7);
    // A download that started on the previous pack can finish its chunks…
    expect((await chunk(approved.cookie, `${before.href}/0`)).status).toBe(200);
    // …but a version no longer held is gone: the device starts again from the manifest.
    const gone = await chunk(approved.cookie, `/api/goods/pack/${before.class}/999999/0`);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { msg: string }).msg).toBe('商品目录已更新，请重新下载');
  });

  it('resumes by chunk: a chunk past the last is refused, the others can be fetched in any order', async () => {
    const m = await manifestOf(approved);
    expect((await chunk(approved.cookie, `${m.href}/${m.chunks}`)).status).toBe(404);
    expect((await chunk(approved.cookie, `${m.href}/abc`)).status).toBe(404);
    const order = [...Array(m.chunks).keys()].reverse();
    const got = await Promise.all(
      order.map(async (i) => (await decode(await chunk(approved.cookie, `${m.href}/${i}`))).index),
    );
    expect(got).toEqual(order);
  });

  it('a rank change puts the buyer in another class: another pack', async () => {
    const buyer = await shop.buyer();
    const before = await manifestOf(buyer);
    await t.db.execute(sql`UPDATE companies SET rank = 2 WHERE id = ${buyer.companyId}`);
    const after = await manifestOf(buyer);
    expect(after.class).not.toBe(before.class);
    expect((await chunk(buyer.cookie, `${before.href}/0`)).status).toBe(403);
    expect((await allGoods(buyer)).find((g) => g.id === plain)!.price).toBe(1_800);
  });

  it('a store switch replaces the pack: acting as a store of another rank and 经营范围 gives that store’s class and overlay, and back', async () => {
    const head = await createMember(t.db, {
      username: 'pack-hq',
      company: { name: '目录连锁总部', kind: 'chain', businessScope: ['xy', 'zcy', 'zyyp'] },
    });
    const store = await createMember(t.db, {
      username: 'pack-hq-a',
      company: { name: '目录连锁门店', parentId: head.companyId!, rank: 2, businessScope: ['xy'] },
    });
    const cookie = await t.signIn('pack-hq', TEST_PASSWORD);
    const asHead = (await manifest(cookie)).body.data;
    expect(asHead.class).toBe('r1-std');
    expect(asHead.overlay.entitlement.scope).toEqual(['xy', 'zcy', 'zyyp']);

    expect((await t.call('POST', `/api/user/stores/${store.companyId}/act`, { cookie })).status).toBe(200);
    const asStore = (await manifest(cookie)).body.data;
    expect(asStore.class).toBe('r2-std');
    expect(asStore.overlay.entitlement.scope).toEqual(['xy']);
    // The head office's chunks are not the store's: refused while acting, so the device starts again.
    expect((await chunk(cookie, `${asHead.href}/0`)).status).toBe(403);
    const storeChunk = await chunk(cookie, `${asStore.href}/0`);
    expect(storeChunk.status).toBe(200);
    expect(decodePackChunk(await decode(storeChunk)).find((g) => g.id === plain)!.price).toBe(1_800);

    expect((await t.call('DELETE', '/api/user/stores/act', { cookie })).status).toBe(200);
    expect((await manifest(cookie)).body.data.class).toBe('r1-std');
  });

  it('a client taking neither brotli nor gzip gets the same JSON; gzip is made once, on its first request', async () => {
    const m = await manifestOf(approved);
    const plainRes = await chunk(approved.cookie, `${m.href}/0`, { 'accept-encoding': 'identity' });
    expect(plainRes.status).toBe(200);
    expect(plainRes.headers.get('content-encoding')).toBeNull();
    const plainJson = JSON.parse(Buffer.from(await plainRes.arrayBuffer()).toString('utf8')) as PackChunk;
    const gz = await decode(await chunk(approved.cookie, `${m.href}/0`));
    expect(gz).toEqual(plainJson);
    const pack = (await heldPack(t.deps, m.class, m.version))!;
    expect(await pack.chunks[0]!.gzip()).toBe(await pack.chunks[0]!.gzip());
  });

  it('the classes the companies are in are built at boot: the first buyer of a class finds its pack built', async () => {
    const buyer = await shop.buyer();
    await t.db.execute(sql`UPDATE companies SET rank = 4 WHERE id = ${buyer.companyId}`);
    expect(await classesInUse(t.db)).toEqual(expect.arrayContaining(['r1-std', 'r4-std', 'np-std', 'r1-kx']));
    expect(await warmPacks(t.deps)).toContain('r4-std');
    const version = (await currentPack(t.deps, 'r4-std')).version;
    // Held before the buyer's first request, and that request gets exactly it.
    const held = await heldPack(t.deps, 'r4-std', version);
    expect(held).not.toBeNull();
    expect(await currentPack(t.deps, 'r4-std')).toBe(held);
    expect((await manifestOf(buyer)).version).toBe(version);
  });

  it('a rebuild reads only the goods the change log names and makes the same pack as a whole read', async () => {
    const decodeAll = async (chunks: { br: Buffer }[]) =>
      chunks
        .flatMap((c) => decodePackChunk(JSON.parse(brotliDecompressSync(c.br).toString('utf8')) as PackChunk))
        .sort((a, b) => a.id - b.id);
    const held = await buildPack(t.db, 'r1-std', () => t.clock.now());
    expect(held.made).toBe('full');
    // A stock change, a goods taken off sale, a new goods put on sale: each noted in the change log.
    await changeGoods(t.db, laddered, { stock: 44 }, t.clock.now());
    const added = await shop.goods({ name: '目录新增片', basePrice: 1_500, stock: 9 });
    const gone = await shop.goods({ name: '目录下架片', basePrice: 1_600, stock: 9 });
    const mid = await buildPack(t.db, 'r1-std', () => t.clock.now());
    await t.db.execute(sql`UPDATE goods SET is_on_sale = false WHERE id = ${gone}`);
    await noteCatalogueChange(t.db, [gone], 'off_sale', t.clock.now());
    await noteCatalogueChange(t.db, [added], 'edited', t.clock.now());
    const rebuilt = await rebuildPack(t.db, mid, () => t.clock.now());
    expect(rebuilt.made).toEqual({ changed: 2, chunks: 1 });
    expect(rebuilt.version).toBeGreaterThan(mid.version);
    const whole = await buildPack(t.db, 'r1-std', () => t.clock.now());
    expect(rebuilt.version).toBe(whole.version);
    expect(rebuilt.goods).toBe(whole.goods);
    expect(await decodeAll(rebuilt.chunks)).toEqual(await decodeAll(whole.chunks));
    const ids = (await decodeAll(rebuilt.chunks)).map((g) => g.id);
    expect(ids).toContain(added);
    expect(ids).not.toContain(gone);
    // From the first pack: the stock change too.
    const fromHeld = await rebuildPack(t.db, held, () => t.clock.now());
    expect(fromHeld.made).toMatchObject({ changed: expect.any(Number) });
    expect((await decodeAll(fromHeld.chunks)).find((g) => g.id === laddered)!.stock).toBe(44);
    expect(await decodeAll(fromHeld.chunks)).toEqual(await decodeAll(whole.chunks));
    // An hour after the last whole read the class is read whole again.
    t.clock.advance(61 * 60_000);
    expect((await rebuildPack(t.db, rebuilt, () => t.clock.now())).made).toBe('full');
  });

  it('a burst of parallel first requests builds the class once', async () => {
    const packs = await Promise.all(Array.from({ length: 12 }, () => currentPack(t.deps, 'r7-std')));
    expect(new Set(packs).size).toBe(1);
    const again = await Promise.all(Array.from({ length: 12 }, () => currentPack(t.deps, 'r7-std')));
    expect(again[0]).toBe(packs[0]);
  });
});
