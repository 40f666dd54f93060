// Test doubles for the local store: a fake server that behaves like ours where the outbox cares
// (cart lines, favourites, Idempotency-Key replay, refusals, 401), a fake lock manager, goods.
import 'fake-indexeddb/auto';
import { ApiError, toFormBody } from '../../../src/http/client';
import { calcLineFromView, cartUnitPrice, computeCart } from '../../../src/domain/cart';
import type { CartLineView, CartState } from '../../../src/domain/cart-types';
import type { GoodsListItem } from '../../../src/domain/catalog';
import type { Envelope } from '../../../src/domain/envelope';
import { openLocalDb, type LocalAccount, type LocalDb } from '../../../src/local/db';
import type { FormFields } from '../../../src/local/outbox';
import type { LockManagerLike } from '../../../src/local/sync-engine';
import type { SyncTransport } from '../../../src/local/transport';

export function makeGoods(over: Partial<GoodsListItem> = {}): GoodsListItem {
  return {
    id: 7,
    name: '感冒灵颗粒',
    sccj: '华润三九医药股份有限公司',
    ypgg: '10g*9袋',
    bzdw: '盒',
    zbz: 1,
    goods_image: '/img/goods-7.svg',
    price: 1250,
    base_price: 1500,
    number: 500,
    is_buy: 1,
    tags: [],
    common_name: '感冒灵颗粒',
    approval_no: '国药准字Z44021940',
    batch_no: '2405012',
    produced_on: '2024-05-01',
    expires_on: '2099-04-30',
    retail_price: 1980,
    ladder_price: [{ id: 31, number: 10, price: 1200 }],
    ladder_price_type: 0,
    mid_pack_strict: 0,
    jzl: 200,
    min_buy: 1,
    purchase_limit: 0,
    is_free_shipping: 0,
    free_shipping_number: 0,
    is_dpby: 0,
    qg_number: 0,
    is_youx: 0,
    is_jxq: 0,
    is_kx: 0,
    is_zy: 0,
    is_qx: 0,
    is_rx: 0,
    is_ephedrine: 0,
    ephedrine_limit: 0,
    type: 0,
    ck_id: 3,
    ck_name: '广州仓',
    brand_id: 1,
    sales: 1200,
    is_favorite: 0,
    ...over,
  };
}

export const GOODS = {
  ganmaoling: makeGoods(),
  banlangen: makeGoods({
    id: 8,
    name: '板蓝根颗粒',
    common_name: '板蓝根颗粒',
    sccj: '广州白云山和记黄埔中药有限公司',
    approval_no: '国药准字Z44020593',
    price: 800,
    base_price: 900,
    ladder_price: [],
  }),
  limited: makeGoods({ id: 9, name: '复方甘草片', common_name: '复方甘草片', purchase_limit: 5, price: 500, base_price: 500, ladder_price: [] }),
  offSale: makeGoods({ id: 10, name: '停售药', common_name: '停售药', is_buy: 0, price: 300, base_price: 300, ladder_price: [] }),
} as const;

let dbCounter = 0;
/** A fresh account (and so a fresh database) per test. */
export function freshAccount(username = 'alice'): LocalAccount {
  dbCounter += 1;
  return { username: `${username}-${dbCounter}`, companyId: 100 + dbCounter };
}

export async function openDb(account: LocalAccount): Promise<LocalDb> {
  const db = openLocalDb(account);
  await db.open();
  return db;
}

interface ServerLine {
  id: number;
  goods_id: number;
  type: number;
  number: number;
  is_selected: 0 | 1;
  /** Unit price stored at the last add/edit. */
  price: number;
}

interface Answer {
  status: number;
  body: Envelope<unknown>;
}

const ok = (msg: string, data: unknown): Answer => ({ status: 200, body: { code: 10000, msg, data } });
const refusal = (status: number, msg: string, data: unknown = null): Answer => ({ status, body: { code: status, msg, data } });

export const networkError = () => new ApiError({ code: 0, status: 0, msg: '网络连接失败，请检查网络', kind: 'network' });
export const serverError = () => new ApiError({ code: 500, status: 500, msg: '系统繁忙，请稍候再试' });
export const authError = () => new ApiError({ code: 10001, status: 401, msg: '请先登录' });

function idsOf(v: unknown): number[] {
  return Array.isArray(v) ? v.map(Number) : [];
}

/** Our server's outbox-relevant behaviour, in memory. */
export class FakeServer {
  goods = new Map<number, GoodsListItem>(Object.values(GOODS).map((g) => [g.id, g]));
  lines: ServerLine[] = [];
  favorites = new Set<number>();
  /** Idempotency store: key → stored answer (server/http/idempotency.ts). */
  keys = new Map<string, Answer>();
  /** Every request that reached the server, in order. */
  received: { key: string; path: string }[] = [];
  /** Requests whose handler ran (not replays). */
  applied: { key: string; path: string }[] = [];
  replays = 0;
  down = false;
  signedIn = true;
  user = { username: 'alice', customer: { id: 1 } };
  /** Errors thrown (once each) before the request is handled. */
  failNext: ApiError[] = [];
  /** Runs after the handler stored its answer, before the client sees it (crash window). */
  afterApply: ((key: string, path: string) => Promise<void> | void) | null = null;
  /** Holds the next answer until released (ordering tests). */
  gate: Promise<void> | null = null;
  inFlight = 0;
  maxInFlight = 0;
  private nextLineId = 100;

  constructor(user?: { username: string; companyId: number | null }) {
    if (user) this.user = { username: user.username, customer: { id: user.companyId ?? 0 } };
  }

  setGoods(g: GoodsListItem): void {
    this.goods.set(g.id, g);
  }

  unitPrice(goodsId: number, number: number): number {
    const g = this.goods.get(goodsId)!;
    return cartUnitPrice(g.base_price ?? g.price ?? 0, g.price, g.ladder_price, number).price;
  }

  private handle(path: string, body: FormFields): Answer {
    if (path === 'cart') {
      const params = (body.params ?? []) as { goods_id: number; number: number; type?: number }[];
      const ids: number[] = [];
      // All-or-nothing, like the real add.
      for (const p of params) {
        const g = this.goods.get(p.goods_id);
        if (!g || g.is_buy === 0) return refusal(400, `${g?.name ?? '商品'}：该商品暂不可购买`);
        const existing = this.lines.find((l) => l.goods_id === p.goods_id && l.type === (p.type ?? 0));
        const total = (existing?.number ?? 0) + p.number;
        if (g.purchase_limit > 0 && total > g.purchase_limit) return refusal(400, `${g.name}：最多可购买${g.purchase_limit}${g.bzdw}`);
      }
      for (const p of params) {
        const existing = this.lines.find((l) => l.goods_id === p.goods_id && l.type === (p.type ?? 0));
        if (existing) {
          existing.number += p.number;
          existing.price = this.unitPrice(p.goods_id, existing.number);
          existing.is_selected = 1;
          ids.push(existing.id);
        } else {
          const line: ServerLine = {
            id: this.nextLineId++,
            goods_id: p.goods_id,
            type: p.type ?? 0,
            number: p.number,
            is_selected: 1,
            price: this.unitPrice(p.goods_id, p.number),
          };
          this.lines.unshift(line);
          ids.push(line.id);
        }
      }
      return ok('加入购物车成功', { count: this.lines.length, lines: ids });
    }
    const edit = /^cart\/(\d+)\/edit$/.exec(path);
    if (edit) {
      const line = this.lines.find((l) => l.id === Number(edit[1]));
      if (!line) return refusal(404, '购物车中没有该商品');
      const number = Number((body.params as { number: number }).number);
      const g = this.goods.get(line.goods_id)!;
      if (g.purchase_limit > 0 && number > g.purchase_limit) return refusal(400, `${g.name}：最多可购买${g.purchase_limit}${g.bzdw}`);
      line.number = number;
      line.price = this.unitPrice(line.goods_id, number);
      return ok('修改成功', { line: { id: line.id, number } });
    }
    if (path === 'cart/batch_delete') {
      const ids = new Set(idsOf(body.ids));
      const before = this.lines.length;
      this.lines = this.lines.filter((l) => !ids.has(l.id));
      return ok('删除成功', { count: before - this.lines.length });
    }
    if (path === 'cart/batch_select') {
      const ids = new Set(idsOf(body.ids));
      let count = 0;
      for (const l of this.lines) {
        if (!ids.has(l.id)) continue;
        l.is_selected = Number(body.is_selected) === 1 ? 1 : 0;
        count += 1;
      }
      return ok('操作成功', { count, forced_unselected: [] });
    }
    if (path === 'favorite') {
      for (const id of idsOf(body.goods_ids)) this.favorites.add(id);
      return ok('收藏成功', null);
    }
    if (path === 'favorite/cancel') {
      for (const id of idsOf(body.goods_ids)) this.favorites.delete(id);
      return ok('已取消', null);
    }
    if (path === 'user/buy' || path === 'user/feedback') return ok('提交成功', { id: 1 });
    return refusal(404, '接口不存在');
  }

  /** Cart lines by goods id → number (what "the server cart holds"). */
  cartNumbers(): Record<number, number> {
    return Object.fromEntries(this.lines.map((l) => [l.goods_id, l.number]));
  }

  lineView(l: ServerLine): CartLineView {
    const g = this.goods.get(l.goods_id)!;
    const price = this.unitPrice(l.goods_id, l.number);
    return {
      id: l.id,
      type: l.type === 1 || l.type === 3 ? l.type : 0,
      number: l.number,
      price,
      is_selected: g.is_buy ? l.is_selected : 0,
      is_combination: 0,
      raw_price: price * l.number,
      with_coupon: 0,
      goods_manjian_amount: 0,
      coupon_eligible: 1,
      gift_data: { total: 0, type: 0 },
      goods: {
        id: g.id,
        name: g.name,
        sccj: g.sccj,
        ypgg: g.ypgg,
        zbz: g.zbz,
        goods_image: g.goods_image,
        ck_id: g.ck_id,
        is_buy: g.is_buy,
        number: g.number,
        base_price: g.base_price,
        price: g.price,
        ladder_price: g.ladder_price,
        ladder_price_type: g.ladder_price_type,
        bzdw: g.bzdw,
        tags: g.tags,
        is_free_shipping: g.is_free_shipping,
        free_shipping_number: g.free_shipping_number,
        is_dpby: g.is_dpby,
        qg_number: g.qg_number,
        is_youx: g.is_youx,
        type: g.type,
        is_jxq: g.is_jxq,
        mid_pack_strict: g.mid_pack_strict,
        min_buy: g.min_buy,
        purchase_limit: g.purchase_limit,
        is_ephedrine: g.is_ephedrine,
        ephedrine_limit: g.ephedrine_limit,
      },
      goods_price_id: null,
      ladder_price_id: null,
      goods_manjian_id: null,
      is_yj: 0,
      combination: null,
      price_changed: price !== l.price ? { old: l.price, new: price } : null,
      problem: g.number < l.number ? '库存不足' : null,
    };
  }

  cartState(): CartState {
    const data = this.lines.map((l) => this.lineView(l));
    const shipping_data = { shipping_amount: 0, no_trans_order_amount: 0, fee: 0 };
    const calc = data.map(calcLineFromView).filter((c) => c !== null);
    return {
      data,
      shipping_data,
      activity_data: { manjians: [], discounts: [] },
      filter_data: { current: 99999, warehouses: [] },
      totals: computeCart(calc, [], shipping_data).totals,
    };
  }

  readonly transport: SyncTransport = {
    post: async (path, body, key) => {
      this.received.push({ key, path });
      // Encode like the real client, so an unencodable body fails the same way.
      toFormBody(body);
      this.inFlight += 1;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        if (this.gate) await this.gate;
        if (this.down) throw networkError();
        const injected = this.failNext.shift();
        if (injected) throw injected;
        if (!this.signedIn) throw authError();
        let answer = this.keys.get(key);
        if (answer) {
          this.replays += 1;
        } else {
          answer = this.handle(path, body);
          this.applied.push({ key, path });
          if (answer.status < 500 && ![401, 408, 409, 425, 429].includes(answer.status)) this.keys.set(key, answer);
          if (this.afterApply) await this.afterApply(key, path);
        }
        if (answer.status >= 200 && answer.status < 300) return answer.body;
        throw new ApiError({ code: answer.body.code, status: answer.status, msg: answer.body.msg, data: answer.body.data });
      } finally {
        this.inFlight -= 1;
      }
    },
    getCart: async () => {
      if (this.down) throw networkError();
      if (!this.signedIn) throw authError();
      return this.cartState();
    },
    whoAmI: async () => {
      if (this.down) throw networkError();
      if (!this.signedIn) throw authError();
      return this.user;
    },
  };
}

/** navigator.locks in miniature: one holder per name, the rest wait in order. */
export function fakeLocks(): LockManagerLike & { holders: number; maxHolders: number } {
  const tails = new Map<string, Promise<unknown>>();
  const state = {
    holders: 0,
    maxHolders: 0,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const prev = tails.get(name) ?? Promise.resolve();
      const run = prev.then(async () => {
        state.holders += 1;
        state.maxHolders = Math.max(state.maxHolders, state.holders);
        try {
          return await callback();
        } finally {
          state.holders -= 1;
        }
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return state;
}

/** A promise with its resolve, for gating the fake server. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets pending IndexedDB work (setImmediate-scheduled in fake-indexeddb) finish. */
export async function flush(times = 20): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise<void>((r) => setImmediate(r));
}
