// The integration layer's shop: the real app (createTestApp over an in-memory PGlite) with a small
// catalogue and members, and a "browser" that routes the real HTTP client (src/http/client) into
// app.request with a cookie jar — the same HTTP contract the PWA speaks: form bodies, the session
// cookie, Idempotency-Key. Faults the real app cannot produce on demand (a dropped connection, an
// answer lost after the server committed, a 5xx, a hung request) wrap app.request; they never
// re-implement a rule of the server.
import { TimeoutError } from 'ky';
import { eq } from 'drizzle-orm';
import { configureHttp } from '../../src/http/client';
import type { CartState } from '../../src/domain/cart-types';
import type { Page } from '../../src/domain/envelope';
import type { GoodsListItem, GoodsListResult } from '../../src/domain/catalog';
import { accountOf, type LocalAccount } from '../../src/local/account';
import type { UserBase } from '../../src/domain/user';
import { cartLines, companies, goods as goodsTable, goodsLadderPrices } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createMember, TEST_PASSWORD } from '../helpers/accounts';
import { insertCatalogue, insertGoods, type CatalogueIds } from '../fixtures/catalogue';

export const SHOP_BASE_URL = 'http://shop.test/api';

/** The goods every integration test can use, by role. */
export type GoodsRole = 'ganmaoling' | 'banlangen' | 'limited' | 'offSale' | 'kx' | 'scarce';

/** One request as the browser sent it and how it ended. */
export interface SentRequest {
  method: string;
  path: string;
  key: string | null;
  /** HTTP status, or null when no answer reached the client (a fault). */
  status: number | null;
  /** The server replayed its stored answer for the key (Idempotent-Replayed). */
  replayed: boolean;
  /** The app saw the request (false: the connection failed, or a fault answered instead). */
  reachedApp: boolean;
}

/** What the next write (POST) meets on its way, each used once, in order; reads pass untouched. */
export type Fault =
  /** The app answers this one; `after` runs between its answer and the client reading it. */
  | { type: 'pass'; after?: () => Promise<void> | void }
  /** The connection fails before the server sees the request. */
  | { type: 'network' }
  /** The server handles and commits the request, then the answer is lost on the way back. */
  | { type: 'lose-answer'; after?: () => Promise<void> | void }
  /** A proxy or crashed worker answers instead of the app. */
  | { type: 'answer'; status: number; code: number; msg: string; data?: unknown }
  /** The client gave up waiting (ky's timeout). */
  | { type: 'timeout' };

export interface Member {
  account: LocalAccount;
  user: UserBase;
  userId: number;
  companyId: number;
  cookie: string;
}

/** A browser tab: one cookie jar, the requests it sent, faults to inject. */
export class ShopBrowser {
  cookie: string | null = null;
  sent: SentRequest[] = [];
  faults: Fault[] = [];
  /** Every request fails to connect while true (the server is down). */
  down = false;
  /** Requests wait here before reaching the app (ordering tests). */
  gate: Promise<void> | null = null;
  inFlight = 0;
  maxInFlight = 0;

  constructor(private readonly t: TestApp) {}

  /** Route the real HTTP client through this browser. */
  install(): void {
    configureHttp({ baseUrl: SHOP_BASE_URL, fetch: this.fetch });
  }

  signInAs(member: Member | null): void {
    this.cookie = member?.cookie ?? null;
  }

  /** The writes (POSTs) the client sent, answered or not, in order. */
  writes(): SentRequest[] {
    return this.sent.filter((r) => r.method === 'POST');
  }

  /** The Idempotency-Keys of the writes sent, in order (a retry repeats its key). */
  keysSent(): string[] {
    return this.writes().map((r) => r.key ?? '');
  }

  /** Writes whose handler ran: reached the app, answered, and not a replay of a stored answer. */
  applied(): SentRequest[] {
    return this.writes().filter((r) => r.reachedApp && r.status !== null && !r.replayed);
  }

  /** Back to a fresh tab (cookie, log, faults); the client stays routed here. */
  reset(): void {
    this.cookie = null;
    this.sent = [];
    this.faults = [];
    this.down = false;
    this.gate = null;
    this.inFlight = 0;
    this.maxInFlight = 0;
  }

  readonly fetch = async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    const incoming = new Request(input, init);
    const url = new URL(incoming.url);
    const headers = new Headers(incoming.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    const body = incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : await incoming.text();
    const record: SentRequest = {
      method: incoming.method,
      path: url.pathname.replace(/^\/api\//, ''),
      key: headers.get('idempotency-key'),
      status: null,
      replayed: false,
      reachedApp: false,
    };
    this.sent.push(record);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.gate) await this.gate;
      if (this.down) throw new TypeError('fetch failed');
      const fault = incoming.method === 'POST' ? this.faults.shift() : undefined;
      if (fault?.type === 'network') throw new TypeError('fetch failed');
      if (fault?.type === 'timeout') throw new TimeoutError(incoming);
      if (fault?.type === 'answer') {
        record.status = fault.status;
        const envelope = { code: fault.code, msg: fault.msg, data: fault.data ?? null };
        return new Response(JSON.stringify(envelope), {
          status: fault.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      record.reachedApp = true;
      const res = await this.t.app.request(`${url.pathname}${url.search}`, { method: incoming.method, headers, body });
      record.status = res.status;
      record.replayed = res.headers.get('idempotent-replayed') === 'true';
      if (fault?.type === 'lose-answer') {
        await fault.after?.();
        throw new TypeError('fetch failed');
      }
      if (fault?.type === 'pass') await fault.after?.();
      return res;
    } finally {
      this.inFlight -= 1;
    }
  };
}

export interface RealShop {
  t: TestApp;
  cat: CatalogueIds;
  goodsId: Record<GoodsRole, number>;
  browser: ShopBrowser;
  member(username: string, company?: { isSpecial?: boolean }): Promise<Member>;
  /** The goods as the catalogue API lists them to `member` (what a page hands the draft). */
  listed(member: Member, role: GoodsRole): Promise<GoodsListItem>;
  /** The server's cart of `member`: GET /api/cart/list. */
  cart(member: Member): Promise<CartState>;
  /** goods id → number of the member's cart lines, from the database. */
  cartNumbers(member: Member): Promise<Record<number, number>>;
  /** The member's favourite goods ids: GET /api/favorite. */
  favorites(member: Member): Promise<number[]>;
  /** The member's server cart holds exactly these lines (through the real API); returns GET cart/list. */
  cartWith(member: Member, lines: { role: GoodsRole; number: number; selected?: boolean }[]): Promise<CartState>;
  /** Changes a goods row (price, stock …) as the back office would; restoreGoods() undoes it. */
  setGoods(role: GoodsRole, patch: GoodsPatch): Promise<void>;
  restoreGoods(): Promise<void>;
  close(): Promise<void>;
}

type GoodsPatch = Partial<Pick<typeof goodsTable.$inferInsert, 'basePrice' | 'stock' | 'isBuy'>>;

/** Starts the real app with the integration catalogue; the browser is installed as the client's fetch. */
export async function startRealShop(): Promise<RealShop> {
  const t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  const [ganmaoling, banlangen, limited, offSale, kx, scarce] = await insertGoods(t.db, cat, [
    { name: '感冒灵颗粒', sccj: '华润三九医药股份有限公司', basePrice: 1250, stock: 500 },
    { name: '板蓝根颗粒', sccj: '广州白云山和记黄埔中药有限公司', basePrice: 800, stock: 500 },
    { name: '复方甘草片', basePrice: 500, stock: 500 },
    { name: '停售药', basePrice: 300, isBuy: false },
    { name: '控销感冒片', basePrice: 900, isKx: true },
    { name: '紧俏口罩', basePrice: 200, stock: 3 },
  ]);
  const goodsId: Record<GoodsRole, number> = { ganmaoling, banlangen, limited, offSale, kx, scarce };
  await t.db.update(goodsTable).set({ purchaseLimit: 5 }).where(eq(goodsTable.id, limited));
  // 10 units or more of 感冒灵颗粒 cost 12.00 instead of 12.50.
  await t.db.insert(goodsLadderPrices).values({ goodsId: ganmaoling, minNumber: 10, price: 1200 });
  const originals = new Map<number, GoodsPatch>();
  const browser = new ShopBrowser(t);
  browser.install();

  const get = async <T>(member: Member, urlPath: string): Promise<T> => {
    const res = await t.call<T>('GET', urlPath, { cookie: member.cookie });
    if (res.status !== 200) throw new Error(`GET ${urlPath}: ${res.status} ${res.body.msg}`);
    return res.body.data;
  };

  return {
    t,
    cat,
    goodsId,
    browser,
    async member(username, company) {
      const { userId, companyId } = await createMember(t.db, { username });
      if (companyId === null) throw new Error('members here belong to a company');
      if (company?.isSpecial) await t.db.update(companies).set({ isSpecial: true }).where(eq(companies.id, companyId));
      const cookie = await t.signIn(username, TEST_PASSWORD);
      const user = (await t.call<UserBase>('GET', '/api/user/base', { cookie })).body.data;
      return { account: accountOf(user), user, userId, companyId, cookie };
    },
    async listed(member, role) {
      const page = await get<GoodsListResult>(member, '/api/goods/list?page_size=100');
      const found = page.list.find((g) => g.id === goodsId[role]);
      if (!found) throw new Error(`${role} is not listed to ${member.account.username}`);
      return found;
    },
    cart: (member) => get<CartState>(member, '/api/cart/list'),
    async cartNumbers(member) {
      const rows = await t.db.select().from(cartLines).where(eq(cartLines.companyId, member.companyId));
      return Object.fromEntries(rows.map((r) => [r.goodsId, r.number]));
    },
    async favorites(member) {
      const page = await get<Page<GoodsListItem>>(member, '/api/favorite?page_size=100');
      return page.list.map((g) => g.id).sort((a, b) => a - b);
    },
    async cartWith(member, lines) {
      const say = async (urlPath: string, body: Parameters<TestApp['call']>[2]) => {
        const res = await t.call('POST', urlPath, { ...body, cookie: member.cookie });
        if (res.status !== 200) throw new Error(`POST ${urlPath}: ${res.status} ${res.body.msg}`);
        return res.body.data as unknown;
      };
      await t.db.delete(cartLines).where(eq(cartLines.companyId, member.companyId));
      for (const l of [...lines].reverse()) {
        const added = (await say('/api/cart', {
          body: { params: [{ goods_id: goodsId[l.role], number: l.number }] },
        })) as { lines: number[] };
        if (l.selected === false) await say('/api/cart/batch_select', { body: { ids: added.lines, is_selected: 0 } });
      }
      return get<CartState>(member, '/api/cart/list');
    },
    async setGoods(role, patch) {
      const id = goodsId[role];
      if (!originals.has(id)) {
        const [row] = await t.db.select().from(goodsTable).where(eq(goodsTable.id, id));
        originals.set(id, { basePrice: row.basePrice, stock: row.stock, isBuy: row.isBuy });
      }
      await t.db.update(goodsTable).set(patch).where(eq(goodsTable.id, id));
    },
    async restoreGoods() {
      for (const [id, row] of originals) await t.db.update(goodsTable).set(row).where(eq(goodsTable.id, id));
      originals.clear();
    },
    close: () => t.close(),
  };
}

let memberSeq = 0;
/** A username no other test in the file has used. */
export function uniqueName(prefix = 'buyer'): string {
  memberSeq += 1;
  return `${prefix}${memberSeq}`;
}
