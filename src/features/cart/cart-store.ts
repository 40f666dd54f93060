// The cart page's state, normalised by line id so that one change re-renders one row and the
// totals (DESIGN.md budget: a 300-line cart stays smooth). Components read it through
// useSyncExternalStore selectors (cart-context.ts); every getter returns a cached object that
// only changes when what it describes changes.
//
// Source of truth: the cart list in the query cache (optimistic writes and the server's answers
// land there, src/api/cart.ts) — or, offline, the device's cart draft (src/local, offline-cart.tsx
// feeds it through a CartSource; the same writes change the draft). On top of it the store keeps
// the numbers the buyer typed and
// that are not sent yet (edits are debounced): those lines are re-priced and the totals
// recomputed locally with the server's own function (recomputeCart), so a refetch landing
// meanwhile cannot undo what the buyer sees.
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { cartListQuery, recomputeCart, repriceLine } from '../../api/cart';
import type { CartActivityData, CartLineView, CartShippingData, CartState, CartTotals } from '../../domain/cart-types';
import {
  countSelection,
  groupLines,
  isLineSelectable,
  toggleIds,
  type CartGroup,
  type SelectionCount,
} from './cart-page-state';

/** Quantity edits wait for the buyer to stop clicking, then go as one request. */
export const CART_EDIT_DEBOUNCE_MS = 400;

export interface CartMoney {
  /** Null when prices are hidden from the viewer. */
  totals: CartTotals | null;
  activity: CartActivityData;
  shipping: CartShippingData;
}

export interface CartSummary {
  all: SelectionCount;
  selectedIds: readonly number[];
  /** Lines that cannot be bought now (清除失效商品). */
  invalidIds: readonly number[];
  /** Selected lines the server reports a problem for (checkout would refuse them). */
  blockedIds: readonly number[];
}

const NO_COUNT: SelectionCount = { selected: 0, selectable: 0, total: 0 };
const EMPTY_SUMMARY: CartSummary = { all: NO_COUNT, selectedIds: [], invalidIds: [], blockedIds: [] };

/**
 * Rows render these fields; amounts shared out over a promotion (with_coupon,
 * goods_manjian_amount) are not shown per row, so a change there keeps the row's object.
 */
const ROW_FIELDS = [
  'number',
  'price',
  'raw_price',
  'is_selected',
  'type',
  'goods',
  'combination',
  'price_changed',
  'problem',
  'gift_data',
  'is_yj',
] as const satisfies readonly (keyof CartLineView)[];

function sameRow(a: CartLineView, b: CartLineView): boolean {
  return ROW_FIELDS.every((k) => a[k] === b[k]);
}

const sameCount = (a: SelectionCount, b: SelectionCount) =>
  a.selected === b.selected && a.selectable === b.selectable && a.total === b.total;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

function sameGroup(a: CartGroup, b: CartGroup): boolean {
  return a.ckId === b.ckId && a.name === b.name && sameIds(a.ids, b.ids);
}

/** Where the store's cart comes from. */
export interface CartSource {
  read(): CartState | undefined;
  subscribe(listener: (state: CartState | undefined) => void): () => void;
}

/** The server's cart: the cart list in the query cache. */
export function queryCartSource(queryClient: QueryClient, filters?: number): CartSource {
  const key = cartListQuery(filters).queryKey;
  const hash = hashKey(key);
  return {
    read: () => queryClient.getQueryData<CartState>(key),
    subscribe: (listener) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) listener(event.query.state.data as CartState | undefined);
      }),
  };
}

/** A cart someone else keeps (the offline draft): `set` it, the store follows. */
export function valueCartSource(initial?: CartState): CartSource & { set(state: CartState): void } {
  let value = initial;
  const listeners = new Set<(state: CartState | undefined) => void>();
  return {
    read: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(state) {
      value = state;
      for (const l of [...listeners]) l(state);
    },
  };
}

/** The writes the store makes; each resolves null when refused (already shown). */
export interface CartStoreWrites {
  edit(id: number, number: number): Promise<unknown>;
  select(ids: readonly number[], selected: boolean): Promise<unknown>;
  remove(ids: readonly number[]): Promise<unknown>;
  quickAdd(goodsId: number): Promise<unknown>;
}

/** 'server': the server's cart; 'draft': the device's offline cart (checkout needs the server). */
export type CartStoreMode = 'server' | 'draft';

export class CartStore {
  private state: CartState | undefined;
  /** Numbers typed but not confirmed by the server yet (waiting or on their way). */
  private readonly pending = new Map<number, number>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly inflight = new Set<Promise<boolean>>();
  private readonly listeners = new Set<() => void>();

  private lineMap = new Map<number, CartLineView>();
  private groupList: readonly CartGroup[] = [];
  private groupCounts = new Map<number, SelectionCount>();
  private summaryView: CartSummary = EMPTY_SUMMARY;
  private moneyView: CartMoney | null = null;
  private moneyJson = '';

  constructor(
    private readonly source: CartSource,
    private readonly writes: CartStoreWrites,
    readonly mode: CartStoreMode = 'server',
  ) {
    this.state = source.read();
    this.rebuild();
  }

  // ---- wiring --------------------------------------------------------------------------------

  /** Follows the source; returns the unsubscribe. */
  connect(): () => void {
    this.setServer(this.source.read());
    return this.source.subscribe((state) => this.setServer(state));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private setServer(state: CartState | undefined): void {
    if (state === this.state || state === undefined) return;
    this.state = state;
    this.update();
  }

  private update(): void {
    this.rebuild();
    this.emit();
  }

  // ---- reads (cached; identity changes only with content) ------------------------------------

  hasData = (): boolean => this.state !== undefined;
  line = (id: number): CartLineView | undefined => this.lineMap.get(id);
  groups = (): readonly CartGroup[] => this.groupList;
  groupCount = (ckId: number): SelectionCount => this.groupCounts.get(ckId) ?? NO_COUNT;
  summary = (): CartSummary => this.summaryView;
  money = (): CartMoney | null => this.moneyView;

  private rebuild(): void {
    const s = this.state;
    if (!s) return;

    let overlaid = false;
    const lines = s.data.map((l) => {
      const n = this.pending.get(l.id);
      if (n === undefined || n === l.number) return l;
      overlaid = true;
      return repriceLine(l, n);
    });

    // The server's totals unless numbers are still on their way: then the same computation here.
    const priced = overlaid ? recomputeCart(s, lines) : s;
    const money: CartMoney = { totals: priced.totals, activity: priced.activity_data, shipping: s.shipping_data };
    const json = JSON.stringify(money);
    if (json !== this.moneyJson) {
      this.moneyJson = json;
      this.moneyView = money;
    }

    const nextLines = new Map<number, CartLineView>();
    for (const l of lines) {
      const prev = this.lineMap.get(l.id);
      nextLines.set(l.id, prev && sameRow(prev, l) ? prev : l);
    }
    this.lineMap = nextLines;

    const groups = groupLines({ data: lines, filter_data: s.filter_data });
    const prevGroups = this.groupList;
    const stable = groups.map((g, i) => (prevGroups[i] && sameGroup(prevGroups[i], g) ? prevGroups[i] : g));
    if (stable.length !== prevGroups.length || stable.some((g, i) => g !== prevGroups[i])) this.groupList = stable;

    const counts = new Map<number, SelectionCount>();
    for (const g of this.groupList) {
      const c = countSelection(g.ids.map((id) => nextLines.get(id)!));
      const prev = this.groupCounts.get(g.ckId);
      counts.set(g.ckId, prev && sameCount(prev, c) ? prev : c);
    }
    this.groupCounts = counts;

    const all = countSelection(lines);
    const selectedIds = lines.filter((l) => l.is_selected === 1).map((l) => l.id);
    const invalidIds = lines.filter((l) => !isLineSelectable(l)).map((l) => l.id);
    const blockedIds = lines.filter((l) => l.is_selected === 1 && l.problem !== null).map((l) => l.id);
    const prev = this.summaryView;
    if (
      !sameCount(prev.all, all) ||
      !sameIds(prev.selectedIds, selectedIds) ||
      !sameIds(prev.invalidIds, invalidIds) ||
      !sameIds(prev.blockedIds, blockedIds)
    ) {
      this.summaryView = { all, selectedIds, invalidIds, blockedIds };
    }
  }

  // ---- quantity edits --------------------------------------------------------------------------

  /** Shows `number` at once; the edit leaves CART_EDIT_DEBOUNCE_MS after the last change. */
  changeNumber = (id: number, number: number): void => {
    if (!this.lineMap.has(id)) return;
    this.pending.set(id, number);
    clearTimeout(this.timers.get(id));
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        void this.send(id);
      }, CART_EDIT_DEBOUNCE_MS),
    );
    this.update();
  };

  private send(id: number): Promise<boolean> {
    const number = this.pending.get(id);
    const cached = this.state?.data.find((l) => l.id === id);
    if (number === undefined || !cached || cached.number === number) {
      // Back where the cache already is (5 → 6 → 5 within the pause): nothing to send.
      if (number !== undefined) {
        this.pending.delete(id);
        this.update();
      }
      return Promise.resolve(true);
    }
    const run = this.writes.edit(id, number).then((result) => {
      // A newer number typed meanwhile stays pending; its own edit follows.
      if (this.pending.get(id) === number) this.pending.delete(id);
      this.update();
      return result !== null;
    });
    this.inflight.add(run);
    void run.finally(() => this.inflight.delete(run));
    return run;
  }

  /** Sends every waiting edit now and resolves true when all went through (before checkout). */
  flush = async (): Promise<boolean> => {
    const waiting = [...this.timers.keys()];
    for (const id of waiting) clearTimeout(this.timers.get(id));
    this.timers.clear();
    const sent = waiting.map((id) => this.send(id));
    const results = await Promise.all([...sent, ...this.inflight]);
    return results.every(Boolean);
  };

  /** The page goes away: waiting edits are sent now rather than lost. */
  dispose = (): void => {
    void this.flush();
  };

  /** Forgets waiting edits of lines about to be deleted. */
  private forget(ids: readonly number[]): void {
    for (const id of ids) {
      clearTimeout(this.timers.get(id));
      this.timers.delete(id);
      this.pending.delete(id);
    }
  }

  // ---- selection and deletion ----------------------------------------------------------------

  toggleLine = (id: number, on: boolean): void => {
    const line = this.lineMap.get(id);
    if (!line || (on && !isLineSelectable(line)) || (line.is_selected === 1) === on) return;
    void this.writes.select([id], on);
  };

  private toggleMany(lines: CartLineView[], on: boolean): void {
    const ids = toggleIds(lines, on);
    if (ids.length > 0) void this.writes.select(ids, on);
  }

  toggleGroup = (ckId: number, on: boolean): void => {
    const group = this.groupList.find((g) => g.ckId === ckId);
    if (group)
      this.toggleMany(
        group.ids.map((id) => this.lineMap.get(id)!),
        on,
      );
  };

  toggleAll = (on: boolean): void => {
    this.toggleMany([...this.lineMap.values()], on);
  };

  remove = (ids: readonly number[]): Promise<boolean> => {
    if (ids.length === 0) return Promise.resolve(true);
    this.forget(ids);
    return this.writes.remove(ids).then((r) => r !== null);
  };

  quickAdd = (goodsId: number): Promise<boolean> => this.writes.quickAdd(goodsId).then((r) => r !== null);
}
