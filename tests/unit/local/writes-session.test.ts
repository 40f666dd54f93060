// The page-facing layer over a started store: writes online/offline, quota, sign-out warning and
// discard, account switch, and the boot that follows the signed-in user.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, configureHttp, resetHttp } from '../../../src/http/client';
import { cartListQuery } from '../../../src/api/cart';
import { userKeys } from '../../../src/api/user';
import type { UserBase } from '../../../src/domain/user';
import { bootLocal } from '../../../src/app/local-store';
import { localStoreOptions } from '../../../src/app/local-wiring';
import { dbNameFor, openLocalDb, type LocalAccount } from '../../../src/local/db';
import * as local from '../../../src/local/index';
// The store itself: these tests read its database.
import * as store from '../../../src/local/store';
import { currentLocalRuntime, localStatus } from '../../../src/local/runtime';
import { checkSignOut, finishSignOut, signOutWarningText } from '../../../src/local/session-guard';
import { STORAGE_FULL_MESSAGE, LocalStorageFullError, onStorageFull } from '../../../src/local/storage';
import {
  OFFLINE_SAVED_MESSAGE,
  cartAdd,
  cartDelete,
  cartEdit,
  favoriteAdd,
  favoriteCancel,
} from '../../../src/local/writes';
import { FakeServer, GOODS, authError, flush, freshAccount } from './harness';

function userOf(account: LocalAccount): UserBase {
  // Only the identity fields matter to the local store.
  return { username: account.username, customer: { id: account.companyId ?? 0 } } as unknown as UserBase;
}

afterEach(async () => {
  onlineManager.setOnline(true);
  await local.stopLocal();
  resetHttp();
});

async function started(account = freshAccount()) {
  const server = new FakeServer(account);
  const rt = await store.startLocal(userOf(account), { transport: server.transport, locks: null });
  if (!rt) throw new Error('local store did not start');
  await rt.engine.trigger('manual');
  return { account, server, rt };
}

async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await flush(2);
  }
  throw new Error('condition not reached');
}

const line = (goods_id: number, number: number) => ({ goods_id, number, ck_id: 3 });

describe('writes', () => {
  it('online: resolves with the server envelope (its msg) once the entry is acknowledged', async () => {
    const { server, rt } = await started();
    const result = await cartAdd([line(7, 2)], { goods: [GOODS.ganmaoling] });
    expect(result).toMatchObject({ provisional: false, msg: '加入购物车成功', envelope: { data: { count: 1 } } });
    expect(server.cartNumbers()).toEqual({ 7: 2 });
    expect(await rt.db.outbox.count()).toBe(0);
    const serverId = server.lines[0].id;
    await expect(cartEdit(serverId, 4)).resolves.toMatchObject({ provisional: false, msg: '修改成功' });
    await expect(cartDelete([serverId])).resolves.toMatchObject({ provisional: false, msg: '删除成功' });
    await expect(favoriteAdd([7])).resolves.toMatchObject({ msg: '收藏成功' });
    await expect(favoriteCancel([7])).resolves.toMatchObject({ msg: '已取消' });
    expect(server.lines).toEqual([]);
  });

  it('online refusal: rejects with the ApiError for the page to present; the banner row is closed', async () => {
    const { rt } = await started();
    const error = await cartAdd([line(10, 1)], { goods: [GOODS.offSale] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).msg).toBe('停售药：该商品暂不可购买');
    expect(await rt.db.conflicts.where('dismissed').equals(0).count()).toBe(0);
    expect(await rt.db.conflicts.count()).toBe(1);
  });

  it('offline: applies to the draft, queues, resolves provisional; the online event drains it', async () => {
    const { server, rt } = await started();
    onlineManager.setOnline(false);
    const r1 = await cartAdd([line(7, 1)], { goods: [GOODS.ganmaoling] });
    const r2 = await cartAdd([line(8, 2)], { goods: [GOODS.banlangen] });
    const r3 = await cartAdd([line(7, 2)]);
    const f = await favoriteAdd([8]);
    expect(r1).toMatchObject({ provisional: true, reason: 'offline', msg: OFFLINE_SAVED_MESSAGE });
    expect([r2.provisional, r3.provisional, f.provisional]).toEqual([true, true, true]);
    expect(server.received).toHaveLength(0);
    const draft = await local.readCart();
    expect(draft?.provisional).toBe(true);
    expect(draft?.lines.map((l) => [l.goods.id, l.number])).toEqual([
      [8, 2],
      [7, 3],
    ]);
    await until(() => localStatus().outboxCount === 4);

    onlineManager.setOnline(true);
    await until(async () => (await rt.db.outbox.count()) === 0);
    expect(server.cartNumbers()).toEqual({ 7: 3, 8: 2 });
    expect([...server.favorites]).toEqual([8]);
    expect(server.applied).toHaveLength(4);
    await until(async () => (await local.readCart())?.provisional === false);
    expect((await local.readCart())?.lines.every((l) => l.id > 0 && l.local === 0)).toBe(true);
  });

  it('without a local store (a visitor) the write goes straight to the server with an Idempotency-Key', async () => {
    const seen: { url: string; key: string | null }[] = [];
    configureHttp({
      baseUrl: 'http://shop.test/api',
      fetch: async (input, init) => {
        const req = new Request(input, init);
        seen.push({ url: req.url, key: req.headers.get('idempotency-key') });
        return new Response(JSON.stringify({ code: 10000, msg: '收藏成功', data: null }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    expect(currentLocalRuntime()).toBeNull();
    await expect(favoriteAdd([7])).resolves.toMatchObject({ provisional: false, msg: '收藏成功' });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('http://shop.test/api/favorite');
    expect(seen[0].key).toMatch(/\S{8,}/);
  });
});

describe('the engine over the real HTTP client', () => {
  it("reads through the query cache: it joins the header's user query and feeds the cart list query", async () => {
    const account = freshAccount();
    const server = new FakeServer(account);
    server.lines = [{ id: 1, goods_id: 7, type: 0, number: 2, is_selected: 1, price: 1250 }];
    const paths: string[] = [];
    configureHttp({
      baseUrl: 'http://shop.test/api',
      fetch: async (input, init) => {
        const url = new URL(new Request(input, init).url);
        paths.push(url.pathname);
        const data = url.pathname === '/api/cart/list' ? server.cartState() : userOf(account);
        return new Response(JSON.stringify({ code: 10000, msg: '', data }), { headers: { 'content-type': 'application/json' } });
      },
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(userKeys.base(), userOf(account));
    const rt = await store.startLocal(userOf(account), { ...localStoreOptions(queryClient), locks: null });
    await rt?.engine.trigger('manual');
    await until(async () => ((await local.readCart())?.lines.length ?? 0) === 1);
    // The header's fresh user base answered the session check: no extra GET user/base.
    expect(paths).toEqual(['/api/cart/list']);
    expect(queryClient.getQueryData(cartListQuery().queryKey)).toMatchObject({ data: [{ id: 1 }] });
  });
});

describe('quota', () => {
  it('a full disk is a typed error with the Chinese message offline, and falls back to the server online', async () => {
    const { rt } = await started();
    const reported: LocalStorageFullError[] = [];
    const off = onStorageFull((e) => reported.push(e));
    rt.db.outbox.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    onlineManager.setOnline(false);
    const err = await cartAdd([line(7, 1)], { goods: [GOODS.ganmaoling] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalStorageFullError);
    expect((err as Error).message).toBe(STORAGE_FULL_MESSAGE);
    expect(STORAGE_FULL_MESSAGE).toBe('本机存储空间不足，离线数据未能全部保存');
    expect(reported).toHaveLength(1);
    // Nothing half-written.
    expect(await rt.db.cartDrafts.count()).toBe(0);

    onlineManager.setOnline(true);
    configureHttp({
      baseUrl: 'http://shop.test/api',
      fetch: async () =>
        new Response(JSON.stringify({ code: 10000, msg: '加入购物车成功', data: { count: 1, lines: [5] } }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    await expect(cartAdd([line(7, 1)])).resolves.toMatchObject({ provisional: false, msg: '加入购物车成功' });
    off();
  });
});

describe('sign-out and account switch', () => {
  it('warns with the number of unsynced operations, then deletes the account database', async () => {
    const { account } = await started();
    expect(await checkSignOut()).toEqual({ pending: 0, warning: null });
    onlineManager.setOnline(false);
    await cartAdd([line(7, 1)], { goods: [GOODS.ganmaoling] });
    await favoriteAdd([8]);
    const check = await checkSignOut();
    expect(check).toEqual({ pending: 2, warning: '还有2条离线操作未同步，退出后将丢失，确定退出？' });
    expect(signOutWarningText(5)).toBe('还有5条离线操作未同步，退出后将丢失，确定退出？');

    expect(await Dexie.exists(dbNameFor(account))).toBe(true);
    await finishSignOut();
    expect(currentLocalRuntime()).toBeNull();
    expect(await Dexie.exists(dbNameFor(account))).toBe(false);
  });

  it("a different account signing in gets its own database; the first account's entries stay, unsent", async () => {
    const alice = freshAccount('alice');
    const bob = freshAccount('bob');
    const { rt: aliceRt } = await started(alice);
    onlineManager.setOnline(false);
    await cartAdd([line(7, 1)], { goods: [GOODS.ganmaoling] });
    onlineManager.setOnline(true);
    await aliceRt.engine.trigger('manual');
    // (Alice's server accepted it meanwhile; queue one more that stays.)
    onlineManager.setOnline(false);
    await favoriteAdd([9]);

    const bobServer = new FakeServer(bob);
    const bobRt = await store.startLocal(userOf(bob), { transport: bobServer.transport, locks: null });
    onlineManager.setOnline(true);
    await bobRt?.engine.trigger('manual');
    expect(currentLocalRuntime()?.account).toEqual(bob);
    expect(aliceRt.engine.status().state).toBe('stopped');
    expect(await bobRt?.db.outbox.count()).toBe(0);
    expect((await local.readCart())?.lines).toEqual([]);
    expect(bobServer.received).toHaveLength(0);

    const aliceDb = openLocalDb(alice);
    await aliceDb.open();
    expect((await aliceDb.outbox.toArray()).map((e) => e.kind)).toEqual(['favorite.add']);
    aliceDb.close();
  });
});

describe('boot', () => {
  it('starts the signed-in account after first paint, switches on a new user, stops on 401', async () => {
    const alice = freshAccount('alice');
    const bob = freshAccount('bob');
    const servers = new Map([
      [alice.username, new FakeServer(alice)],
      [bob.username, new FakeServer(bob)],
    ]);
    const queryClient = new QueryClient();
    const load = async () => ({
      ...local,
      startLocal: (who: UserBase | LocalAccount) =>
        store.startLocal(who, { transport: servers.get(who.username)!.transport, locks: null }),
    });
    let painted!: () => void;
    const afterPaint = new Promise<void>((r) => (painted = r));
    const dispose = bootLocal(queryClient, { load, afterPaint: () => afterPaint });

    queryClient.setQueryData(userKeys.base(), userOf(alice));
    await flush();
    // Nothing before first paint.
    expect(currentLocalRuntime()).toBeNull();
    painted();
    await until(() => currentLocalRuntime()?.account.username === alice.username);

    queryClient.setQueryData(userKeys.base(), userOf(bob));
    await until(() => currentLocalRuntime()?.account.username === bob.username);

    queryClient.removeQueries({ queryKey: userKeys.base() });
    await queryClient
      .fetchQuery({ queryKey: userKeys.base(), queryFn: () => Promise.reject(authError()), retry: false })
      .catch(() => undefined);
    await until(() => currentLocalRuntime() === null);
    dispose();
  });
});
