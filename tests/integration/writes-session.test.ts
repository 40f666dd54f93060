// The page-facing layer over a started store, against the real app through the real HTTP client:
// writes online/offline, quota, sign-out warning and discard, account switch, and the boot that
// follows the signed-in user.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/client';
import { cartListQuery } from '../../src/api/cart';
import { userBaseQuery, userKeys } from '../../src/api/user';
import type { UserBase } from '../../src/domain/user';
import { bootLocal } from '../../src/app/local-store';
import { localStoreOptions } from '../../src/app/local-wiring';
import { dbNameFor, openLocalDb, type LocalAccount } from '../../src/local/db';
import * as local from '../../src/local/index';
// The store itself: these tests read its database.
import * as store from '../../src/local/store';
import { currentLocalRuntime, localStatus } from '../../src/local/runtime';
import { checkSignOut, finishSignOut, signOutWarningText } from '../../src/local/session-guard';
import { STORAGE_FULL_MESSAGE, LocalStorageFullError, onStorageFull } from '../../src/local/storage';
import {
  OFFLINE_SAVED_MESSAGE,
  cartAdd,
  cartDelete,
  cartEdit,
  favoriteAdd,
  favoriteCancel,
} from '../../src/local/writes';
import { flush } from '../helpers/local-store';
import { startRealShop, uniqueName, type Member, type RealShop } from './real-shop';
import { until } from './until';

let shop: RealShop;
let g: RealShop['goodsId'];
beforeAll(async () => {
  shop = await startRealShop();
  g = shop.goodsId;
});
afterAll(() => shop.close());

beforeEach(() => {
  shop.browser.reset();
  shop.browser.install();
});
afterEach(async () => {
  onlineManager.setOnline(true);
  await local.stopLocal();
});

/** A fresh member signed in on the browser with their store started and synced once. */
async function started(member?: Member) {
  const m = member ?? (await shop.member(uniqueName()));
  shop.browser.signInAs(m);
  const rt = await store.startLocal(m.user, { locks: null });
  if (!rt) throw new Error('local store did not start');
  await rt.engine.trigger('manual');
  return { member: m, rt };
}

const line = (goods_id: number, number: number) => ({ goods_id, number, ck_id: shop.cat.warehouseId });

describe('writes', () => {
  it('online: resolves with the server envelope (its msg) once the entry is acknowledged', async () => {
    const { member, rt } = await started();
    const result = await cartAdd([line(g.ganmaoling, 2)], { goods: [await shop.listed(member, 'ganmaoling')] });
    expect(result).toMatchObject({ provisional: false, msg: '加入购物车成功', envelope: { data: { count: 1 } } });
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 2 });
    expect(await rt.db.outbox.count()).toBe(0);
    const serverId = (await shop.cart(member)).data[0].id;
    await expect(cartEdit(serverId, 4)).resolves.toMatchObject({ provisional: false, msg: '修改成功' });
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 4 });
    await expect(cartDelete([serverId])).resolves.toMatchObject({ provisional: false, msg: '删除成功' });
    await expect(favoriteAdd([g.ganmaoling])).resolves.toMatchObject({ msg: '收藏成功' });
    expect(await shop.favorites(member)).toEqual([g.ganmaoling]);
    await expect(favoriteCancel([g.ganmaoling])).resolves.toMatchObject({ msg: '已取消' });
    expect(await shop.favorites(member)).toEqual([]);
    expect(await shop.cartNumbers(member)).toEqual({});
  });

  it('online refusal: rejects with the ApiError for the page to present; the banner row is closed', async () => {
    const { rt } = await started();
    const error = await cartAdd([line(g.offSale, 1)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).msg).toBe('停售药：该商品暂不可购买');
    expect(await rt.db.conflicts.where('dismissed').equals(0).count()).toBe(0);
    expect(await rt.db.conflicts.count()).toBe(1);
  });

  it('offline: applies to the draft, queues, resolves provisional; the online event drains it', async () => {
    const { member, rt } = await started();
    const goods = [await shop.listed(member, 'ganmaoling'), await shop.listed(member, 'banlangen')];
    onlineManager.setOnline(false);
    const r1 = await cartAdd([line(g.ganmaoling, 1)], { goods });
    const r2 = await cartAdd([line(g.banlangen, 2)], { goods });
    const r3 = await cartAdd([line(g.ganmaoling, 2)]);
    const f = await favoriteAdd([g.banlangen]);
    expect(r1).toMatchObject({ provisional: true, reason: 'offline', msg: OFFLINE_SAVED_MESSAGE });
    expect([r2.provisional, r3.provisional, f.provisional]).toEqual([true, true, true]);
    expect(shop.browser.writes()).toHaveLength(0);
    const draft = await local.readCart();
    expect(draft?.provisional).toBe(true);
    expect(draft?.lines.map((l) => [l.goods.id, l.number])).toEqual([
      [g.banlangen, 2],
      [g.ganmaoling, 3],
    ]);
    await until(() => localStatus().outboxCount === 4);

    onlineManager.setOnline(true);
    await until(async () => (await rt.db.outbox.count()) === 0);
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 3, [g.banlangen]: 2 });
    expect(await shop.favorites(member)).toEqual([g.banlangen]);
    expect(shop.browser.applied()).toHaveLength(4);
    await until(async () => (await local.readCart())?.provisional === false);
    expect((await local.readCart())?.lines.every((l) => l.id > 0 && l.local === 0)).toBe(true);
  });

  it('without a local store the write goes straight to the server with an Idempotency-Key', async () => {
    const member = await shop.member(uniqueName());
    shop.browser.signInAs(member);
    expect(currentLocalRuntime()).toBeNull();
    await expect(favoriteAdd([g.ganmaoling])).resolves.toMatchObject({ provisional: false, msg: '收藏成功' });
    expect(shop.browser.writes()).toHaveLength(1);
    expect(shop.browser.writes()[0]).toMatchObject({ path: 'favorite', status: 200 });
    expect(shop.browser.writes()[0].key).toMatch(/\S{8,}/);
    expect(await shop.favorites(member)).toEqual([g.ganmaoling]);
  });
});

describe('the engine over the real HTTP client', () => {
  it("reads through the query cache: it joins the header's user query and feeds the cart list query", async () => {
    const member = await shop.member(uniqueName());
    const added = await shop.t.call('POST', '/api/cart', {
      body: { params: [{ goods_id: g.ganmaoling, number: 2 }] },
      cookie: member.cookie,
    });
    const lineId = (added.body.data as { lines: number[] }).lines[0];
    shop.browser.signInAs(member);
    const queryClient = new QueryClient();
    queryClient.setQueryData(userKeys.base(), member.user);
    const rt = await store.startLocal(member.user, { ...localStoreOptions(queryClient), locks: null });
    await rt?.engine.trigger('manual');
    await until(async () => ((await local.readCart())?.lines.length ?? 0) === 1);
    // The header's fresh user base answered the session check: no extra GET user/base.
    expect(shop.browser.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET cart/list']);
    expect(queryClient.getQueryData(cartListQuery().queryKey)).toMatchObject({ data: [{ id: lineId }] });
  });
});

describe('quota', () => {
  it('a full disk is a typed error with the Chinese message offline, and falls back to the server online', async () => {
    const { member, rt } = await started();
    const reported: LocalStorageFullError[] = [];
    const off = onStorageFull((e) => reported.push(e));
    rt.db.outbox.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    onlineManager.setOnline(false);
    const err = await cartAdd([line(g.ganmaoling, 1)], { goods: [await shop.listed(member, 'ganmaoling')] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LocalStorageFullError);
    expect((err as Error).message).toBe(STORAGE_FULL_MESSAGE);
    expect(STORAGE_FULL_MESSAGE).toBe('本机存储空间不足，离线数据未能全部保存');
    expect(reported).toHaveLength(1);
    // Nothing half-written.
    expect(await rt.db.cartDrafts.count()).toBe(0);

    onlineManager.setOnline(true);
    await expect(cartAdd([line(g.ganmaoling, 1)])).resolves.toMatchObject({
      provisional: false,
      msg: '加入购物车成功',
    });
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 1 });
    off();
  });
});

describe('sign-out and account switch', () => {
  it('warns with the number of unsynced operations, then deletes the account database', async () => {
    const { member } = await started();
    expect(await checkSignOut()).toEqual({ pending: 0, warning: null });
    onlineManager.setOnline(false);
    await cartAdd([line(g.ganmaoling, 1)]);
    await favoriteAdd([g.banlangen]);
    const check = await checkSignOut();
    expect(check).toEqual({ pending: 2, warning: '还有2条离线操作未同步，退出后将丢失，确定退出？' });
    expect(signOutWarningText(5)).toBe('还有5条离线操作未同步，退出后将丢失，确定退出？');

    expect(await Dexie.exists(dbNameFor(member.account))).toBe(true);
    await finishSignOut();
    expect(currentLocalRuntime()).toBeNull();
    expect(await Dexie.exists(dbNameFor(member.account))).toBe(false);
  });

  it("a different account signing in gets its own database; the first account's entries stay, unsent", async () => {
    const alice = await shop.member(uniqueName('alice'));
    const bob = await shop.member(uniqueName('bob'));
    const { rt: aliceRt } = await started(alice);
    onlineManager.setOnline(false);
    await cartAdd([line(g.ganmaoling, 1)]);
    onlineManager.setOnline(true);
    await aliceRt.engine.trigger('manual');
    // (The server accepted Alice's add meanwhile; queue one more that stays.)
    expect(await shop.cartNumbers(alice)).toEqual({ [g.ganmaoling]: 1 });
    onlineManager.setOnline(false);
    await favoriteAdd([g.limited]);

    shop.browser.signInAs(bob);
    const writesBefore = shop.browser.writes().length;
    const bobRt = await store.startLocal(bob.user, { locks: null });
    onlineManager.setOnline(true);
    await bobRt?.engine.trigger('manual');
    expect(currentLocalRuntime()?.account).toEqual(bob.account);
    expect(aliceRt.engine.status().state).toBe('stopped');
    expect(await bobRt?.db.outbox.count()).toBe(0);
    expect((await local.readCart())?.lines).toEqual([]);
    expect(shop.browser.writes()).toHaveLength(writesBefore);
    expect(await shop.favorites(bob)).toEqual([]);
    expect(await shop.favorites(alice)).toEqual([]);

    const aliceDb = openLocalDb(alice.account);
    await aliceDb.open();
    expect((await aliceDb.outbox.toArray()).map((e) => e.kind)).toEqual(['favorite.add']);
    aliceDb.close();
  });
});

describe('boot', () => {
  it('starts the signed-in account after first paint, switches on a new user, stops on 401', async () => {
    const alice = await shop.member(uniqueName('alice'));
    const bob = await shop.member(uniqueName('bob'));
    const queryClient = new QueryClient();
    const load = async () => ({
      ...local,
      startLocal: (who: UserBase | LocalAccount) => store.startLocal(who, { locks: null }),
    });
    let painted!: () => void;
    const afterPaint = new Promise<void>((r) => (painted = r));
    const dispose = bootLocal(queryClient, { load, afterPaint: () => afterPaint });

    shop.browser.signInAs(alice);
    queryClient.setQueryData(userKeys.base(), alice.user);
    await flush();
    // Nothing before first paint.
    expect(currentLocalRuntime()).toBeNull();
    painted();
    await until(() => currentLocalRuntime()?.account.username === alice.account.username);

    shop.browser.signInAs(bob);
    queryClient.setQueryData(userKeys.base(), bob.user);
    await until(() => currentLocalRuntime()?.account.username === bob.account.username);

    // Signed out: the real server answers the header's user query with 401.
    shop.browser.signInAs(null);
    queryClient.removeQueries({ queryKey: userKeys.base() });
    await queryClient.fetchQuery({ ...userBaseQuery(), retry: false }).catch(() => undefined);
    await until(() => currentLocalRuntime() === null);
    dispose();
  });
});
