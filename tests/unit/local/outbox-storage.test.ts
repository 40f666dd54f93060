// The outbox contract (requests per kind, id rewriting), storage helpers, and the rule that first-paint modules of src/local never load Dexie.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toFormBody } from '../../../src/http/client';
import type { LocalDb } from '../../../src/local/db';
import { newIdempotencyKey } from '../../../src/http/idempotency-key';
import { createEntry, tempIdsIn, withMappedIds, withoutIds } from '../../../src/local/outbox';
import { requestFor } from '../../../src/local/outbox-kinds';
import { enqueue, pendingEntries } from '../../../src/local/outbox-queue';
import {
  estimateStorage,
  guardQuota,
  isQuotaError,
  LocalStorageFullError,
  requestPersistentStorage,
} from '../../../src/local/storage';
import { freshAccount, openDb } from '../../helpers/local-store';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('outbox entries', () => {
  it('map to the API paths and form bodies of docs/api.md "Cart"', () => {
    const body = (e: ReturnType<typeof createEntry>) => {
      const r = requestFor(e);
      return [r.path, decodeURIComponent(toFormBody(r.body).toString())];
    };
    expect(body(createEntry('cart.add', { lines: [{ goods_id: 7, number: 2, ck_id: 3 }], lineIds: [-1] }, 0))).toEqual([
      'cart',
      'params[0][goods_id]=7&params[0][number]=2&params[0][ck_id]=3',
    ]);
    expect(body(createEntry('cart.edit', { id: 5, number: 3 }, 0))).toEqual(['cart/5/edit', 'params[number]=3']);
    expect(body(createEntry('cart.delete', { ids: [5, 6] }, 0))).toEqual(['cart/batch_delete', 'ids[]=5&ids[]=6']);
    expect(body(createEntry('cart.select', { ids: [5], is_selected: 0 }, 0))).toEqual([
      'cart/batch_select',
      'ids[]=5&is_selected=0',
    ]);
    expect(body(createEntry('favorite.add', { goods_ids: [7] }, 0))).toEqual(['favorite', 'goods_ids[]=7']);
    expect(body(createEntry('favorite.cancel', { goods_ids: [7] }, 0))).toEqual(['favorite/cancel', 'goods_ids[]=7']);
    expect(body(createEntry('request.create', { name: '阿莫西林' }, 0))).toEqual(['user/buy', 'name=阿莫西林']);
    expect(body(createEntry('feedback.create', { content: '好' }, 0))).toEqual(['user/feedback', 'content=好']);
  });

  it('temporary ids are found, mapped to server ids, or narrowed away', () => {
    const edit = createEntry('cart.edit', { id: -2, number: 3 }, 0);
    const del = createEntry('cart.delete', { ids: [-2, 8, -3] }, 0);
    expect(tempIdsIn(edit)).toEqual([-2]);
    expect(tempIdsIn(del)).toEqual([-2, -3]);
    const map = new Map([[-2, 41]]);
    expect(withMappedIds(edit, map).payload).toEqual({ id: 41, number: 3 });
    expect(withMappedIds(del, map).payload).toEqual({ ids: [41, 8, -3] });
    expect(withoutIds(del, new Set([-2, -3]))?.payload).toEqual({ ids: [8] });
    expect(withoutIds(createEntry('cart.delete', { ids: [-2] }, 0), new Set([-2]))).toBeNull();
  });

  it('ids are v4 uuids even without crypto.randomUUID (plain http on a LAN address)', () => {
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('keeps FIFO order by seq and survives closing and reopening the database', async () => {
    const account = freshAccount();
    const db = await openDb(account);
    const a = await enqueue(db, 'favorite.add', { goods_ids: [1] });
    const b = await enqueue(db, 'favorite.cancel', { goods_ids: [1] });
    db.close();
    const again = await openDb(account);
    open.push(again);
    expect((await pendingEntries(again)).map((e) => e.id)).toEqual([a.id, b.id]);
  });
});

describe('storage', () => {
  it('recognises quota errors however the browser or Dexie wraps them', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: new DOMException('full', 'QuotaExceededError') })).toBe(true);
    expect(isQuotaError({ name: 'BulkError', failures: [{ name: 'QuotaExceededError' }] })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('guardQuota turns quota into LocalStorageFullError and lets other errors through', async () => {
    await expect(
      guardQuota(() => Promise.reject(new DOMException('full', 'QuotaExceededError'))),
    ).rejects.toBeInstanceOf(LocalStorageFullError);
    await expect(guardQuota(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(guardQuota(async () => 7)).resolves.toBe(7);
  });

  it('asks for persistence once, and reads the estimate; never throws', async () => {
    let asked = 0;
    const manager = {
      persisted: async () => false,
      persist: async () => {
        asked += 1;
        return true;
      },
      estimate: async () => ({ usage: 300, quota: 1000 }),
    };
    expect(await requestPersistentStorage(manager)).toBe(true);
    expect(asked).toBe(1);
    expect(await requestPersistentStorage({ ...manager, persisted: async () => true })).toBe(true);
    expect(asked).toBe(1);
    expect(await requestPersistentStorage({ persist: () => Promise.reject(new Error('denied')) })).toBe(false);
    expect(await requestPersistentStorage(null)).toBe(false);
    expect(await estimateStorage(manager)).toEqual({ usageBytes: 300, quotaBytes: 1000, freeBytes: 700 });
    expect(await estimateStorage({ estimate: () => Promise.reject(new Error('no')) })).toBeNull();
  });
});

describe('first-paint modules of src/local stay Dexie-free', () => {
  const DEXIE_FREE = [
    'index',
    'account',
    'background-sync',
    'cart-change-texts',
    'online',
    'outbox',
    'outbox-kinds',
    'runtime',
    'session-guard',
    'transport',
    'use-offline',
    'writes',
    'storage',
    'local-marks',
    'checkout-reminder',
  ];
  const dir = path.resolve(__dirname, '../../../src/local');

  it.each(DEXIE_FREE)('%s.ts imports Dexie-side modules only as types or dynamically', (name) => {
    const src = readFileSync(path.join(dir, `${name}.ts`), 'utf8');
    const valueImports = [...src.matchAll(/^import\s+(?!type\b)[\s\S]*?from\s+'([^']+)';/gm)].map((m) => m[1]);
    for (const spec of valueImports) {
      expect(spec, `${name}.ts imports ${spec}`).not.toMatch(/^dexie/);
      if (spec.startsWith('./')) expect(DEXIE_FREE, `${name}.ts imports ${spec}`).toContain(spec.slice(2));
    }
  });
});
