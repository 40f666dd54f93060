// Cart writes and the cart page's list (SPEC §3 "Cart line", §4 add-to-cart deferral, §7 "Cart",
// §8 "cart add success: show the server message").
//
// Every cart write of the app goes through this module. Add, edit, select and delete go through
// the local store (src/local/writes.ts: cartAdd, cartEdit, cartSelect, cartDelete): the change is
// applied to the device's cart draft and queued in the outbox with an Idempotency-Key; online the
// call resolves with the server's answer, offline with a provisional result that syncs later.
// Quick add and copy (postCartQuickAdd, postCartCopy) need the server and go straight to it.
// Add new cart writes here, not in a feature.
//
// The cart page's writes are optimistic: the list in the query cache changes at once (amounts
// recomputed with src/domain/cart.ts, the function the server uses), the request follows, and the
// server's answer wins; a refusal puts back what that write changed and the SPEC §8 presenter
// (MutationCache onError) shows the server's message. They share one mutation scope, so they
// reach the server one at a time and in order (no request to a path cancels another, SPEC §7),
// and only the last one to settle refetches the cart, badge and drawer: a refetch while another
// write is on its way would briefly show the cart without it. A provisional write (offline, or
// the server unreachable) keeps its optimistic change and refetches nothing: the server does not
// have it yet; the sync engine refreshes the cart once the outbox has drained.
//
// The mutations run with networkMode 'always': the local store decides what offline means, so
// TanStack must not park them until the network returns (a parked write would also hold up every
// later write of the cart's one-at-a-time scope).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  MutationObserver,
  queryOptions,
  useQueryClient,
  type MutationObserverOptions,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { calcLineFromView, cartUnitPrice, computeCart, type CartCalcLine } from '../domain/cart';
import type {
  CartActivityData,
  CartAddLine,
  CartAddResult as CartAddAnswer,
  CartCopyResult,
  CartEditResult,
  CartLineView,
  CartNextHint,
  CartSelectResult,
  CartState,
  TierPromotion,
} from '../domain/cart-types';
import { ADD_TO_CART_DEFER_MS, CART_LIST_DEFAULT_FILTER } from '../domain/constants';
import type { GoodsListItem } from '../domain/catalog';
import type { Envelope } from '../domain/envelope';
import { cartAdd, cartDelete, cartEdit, cartSelect } from '../local';
import { cartListKeys } from './cart-list';
import { cartSummaryKeys } from './cart-summary';
import { http } from '../http/client';
import { localWrite, serverData, writeMessage, type WriteResult } from './local-write';
import { successNotice, type SuccessNotice } from './success-notice';

/** Same ['cart'] root as the shell's badge/drawer keys, so one invalidation refreshes both. */
export const cartKeys = {
  all: cartSummaryKeys.all,
  total: cartSummaryKeys.total,
  drawer: cartSummaryKeys.drawer,
  /** Every cart list, whatever its warehouse filter (optimistic writes patch them all). */
  lists: cartListKeys.lists,
  list: cartListKeys.list,
  nextHint: (promotionId: number | null) => [...cartSummaryKeys.all, 'next_hint', promotionId ?? 0] as const,
};

export interface CartAddResult {
  /** Cart line count after the add. */
  count: number;
}

export const CART_ADD_FALLBACK_MESSAGE = '加入购物车成功';

export interface AddToCartOptions {
  /** The cards of the goods being added, so the offline cart can show them. */
  goods?: readonly GoodsListItem[];
}

interface AddVars {
  lines: readonly CartAddLine[];
  goods?: readonly GoodsListItem[];
}

export interface AddToCart {
  /**
   * Resolves true once the lines are in the cart — accepted by the server, or saved on the device
   * to sync later (the provisional message is shown); false when refused (already shown per SPEC §8).
   */
  add: (lines: readonly CartAddLine[], opts?: AddToCartOptions) => Promise<boolean>;
  /** True from the click through the deferral and the request. */
  isPending: boolean;
}

/** POST /api/cart through the local write path (offline: the device's cart draft). */
function addMutationOptions(queryClient: QueryClient): MutationOptions<WriteResult<CartAddAnswer>, Error, AddVars> {
  return {
    mutationKey: [...cartKeys.all, 'add'] as const,
    mutationFn: ({ lines, goods }: AddVars) => localWrite(() => cartAdd(lines, { goods })),
    networkMode: 'always',
    meta: successNotice((result: WriteResult<CartAddAnswer>) => ({
      message: writeMessage(result, CART_ADD_FALLBACK_MESSAGE),
      tone: result.provisional ? 'info' : 'success',
    })),
    onSuccess: (result) => {
      if (result.provisional) return;
      // Refreshes the shell's badge and flags its drawer to reload (SPEC §4 'action' flag);
      // cancelRefetch: false joins refetches already running. Not awaited: the button frees now.
      void queryClient.invalidateQueries({ queryKey: cartKeys.all }, { cancelRefetch: false });
    },
  };
}

/**
 * SPEC §4: the request leaves ADD_TO_CART_DEFER_MS after the click, so a quantity the buyer
 * just typed (committed on blur) is what gets sent and a double click sends one request.
 * Refusals go through the shared SPEC §8 presenter (MutationCache onError).
 */
export function useAddToCart(): AddToCart {
  const queryClient = useQueryClient();
  const [deferring, setDeferring] = useState(false);
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The mutation is built on the click, not observed from mount: every goods tile has this hook,
  // and a mutation observer per tile was work on every list's first render (issue 21 §2). The
  // MutationCache's handlers (SPEC §8 presenter, success notices) run the same way; `deferring`
  // already spans the request, so no observer is needed for isPending.
  const mutateAsync = useCallback(
    (vars: AddVars) => queryClient.getMutationCache().build(queryClient, addMutationOptions(queryClient)).execute(vars),
    [queryClient],
  );

  const add = useCallback(
    async (lines: readonly CartAddLine[], opts: AddToCartOptions = {}): Promise<boolean> => {
      if (busy.current || lines.length === 0) return false;
      busy.current = true;
      setDeferring(true);
      try {
        await new Promise<void>((resolve) => setTimeout(resolve, ADD_TO_CART_DEFER_MS));
        await mutateAsync({ lines, goods: opts.goods });
        return true;
      } catch {
        // Already presented by the MutationCache; the caller only needs to know it failed.
        return false;
      } finally {
        busy.current = false;
        if (mounted.current) setDeferring(false);
      }
    },
    [mutateAsync],
  );

  return { add, isPending: deferring };
}

// ---- the cart page's reads -------------------------------------------------------------------

// GET /api/cart/list lives in cart-list.ts (the route loader needs it without this module).
export { CART_LIST_FRESH_MS, cartListQuery, getCartList } from './cart-list';

/** Suggestions shown by the 去凑单 button. */
export const NEXT_HINT_LIMIT = 6;

export interface NextHintInput {
  /** The tier promotion to fill; without it the server picks the one closest to its next tier. */
  promotion_id?: number;
  limit?: number;
}

/** POST /api/cart/next_hint (a read: SPEC §7 gives it as a POST with query params). */
export const postCartNextHint = (input: NextHintInput): Promise<CartNextHint> =>
  http.post<CartNextHint>('cart/next_hint', { ...input });

export const cartNextHintQuery = (promotionId: number | null, limit = NEXT_HINT_LIMIT) =>
  queryOptions({
    queryKey: cartKeys.nextHint(promotionId),
    queryFn: () => postCartNextHint({ promotion_id: promotionId ?? undefined, limit }),
    // What is still missing changes with every selection; a cached answer would mislead.
    staleTime: 0,
  });

// ---- the cart page's writes that need the server -----------------------------------------------
// (edit, select and delete are cartEdit, cartSelect, cartDelete of src/local/writes.ts)

export const postCartQuickAdd = (goodsId: number): Promise<Envelope<CartAddAnswer>> =>
  http.post<CartAddAnswer>(`cart/quick_add/${goodsId}`, undefined, { envelope: true });

/** POST /api/cart/copy: the member's lines into the carts of stores its head office manages (多门店). */
export const postCartCopy = (
  ids: readonly number[],
  otherUserIds: readonly number[],
): Promise<Envelope<CartCopyResult>> =>
  http.post<CartCopyResult>('cart/copy', { ids: [...ids], other_user_ids: [...otherUserIds] }, { envelope: true });

// ---- pure changes to a cart state (the optimistic side) --------------------------------------

/** SPEC §4: a line the server reports as not buyable now (off sale, no stock…) cannot be selected. */
export const isLineSelectable = (line: CartLineView): boolean => line.goods.is_buy === 1;

/** The tier promotions of a cart state, as computeCart takes them (statuses dropped). */
export function promotionsOf(activity: CartActivityData): TierPromotion[] {
  return [
    ...activity.manjians.map((p): TierPromotion => ({
      id: p.id,
      kind: 'manjian',
      name: p.name,
      tiers: p.tiers.map((t) => ({ amount: t.amount, reduce: t.reduce })),
    })),
    ...activity.discounts.map((p): TierPromotion => ({
      id: p.id,
      kind: 'discount',
      name: p.name,
      tiers: p.tiers.map((t) => ({ amount: t.amount, percent: t.percent })),
    })),
  ];
}

/**
 * The state with `data` as its lines and every amount recomputed by computeCart (the server's
 * function). A line whose amounts did not change keeps its object, so memoised rows stay put.
 */
export function recomputeCart(state: CartState, data: readonly CartLineView[] = state.data): CartState {
  if (state.totals === null) return { ...state, data: [...data] };
  const calc: CartCalcLine[] = [];
  for (const line of data) {
    const c = calcLineFromView(line);
    // A line without a price while others have one: nothing sound to compute; the refetch fixes it.
    if (c === null) return { ...state, data: [...data] };
    calc.push(c);
  }
  const result = computeCart(calc, promotionsOf(state.activity_data), state.shipping_data);
  const next = data.map((line) => {
    const a = result.lines.get(line.id);
    if (!a) return line;
    const same =
      a.raw_price === line.raw_price &&
      a.with_coupon === line.with_coupon &&
      a.goods_manjian_amount === line.goods_manjian_amount;
    return same ? line : { ...line, ...a };
  });
  return { ...state, data: next, activity_data: result.activity, totals: result.totals };
}

/**
 * A line at a new number, priced as the server will price it: a normal line by its ladder
 * (cartUnitPrice); flash-sale and combination prices do not depend on the number. The price
 * change note goes: editing a line re-prices it on the server too.
 */
export function repriceLine(line: CartLineView, number: number): CartLineView {
  if (number === line.number) return line;
  let price = line.price;
  let ladderId = line.ladder_price_id;
  if (line.type === 0 && price !== null && line.goods.base_price !== null) {
    const unit = cartUnitPrice(line.goods.base_price, line.goods.price, line.goods.ladder_price, number);
    price = unit.price;
    ladderId = unit.ladder_price_id;
  }
  return {
    ...line,
    number,
    price,
    ladder_price_id: ladderId,
    raw_price: price === null ? null : price * number,
    price_changed: null,
  };
}

export function withLineNumber(state: CartState, id: number, number: number): CartState {
  if (!state.data.some((l) => l.id === id && l.number !== number)) return state;
  return recomputeCart(
    state,
    state.data.map((l) => (l.id === id ? repriceLine(l, number) : l)),
  );
}

/** The server's answer for one line replaces the cached one (the server wins). */
export function withServerLine(state: CartState, line: CartLineView): CartState {
  if (!state.data.some((l) => l.id === line.id)) return state;
  return recomputeCart(
    state,
    state.data.map((l) => (l.id === line.id ? line : l)),
  );
}

/** Selects (only lines that may be selected, SPEC §4) or unselects the given lines. */
export function withSelection(state: CartState, ids: Iterable<number>, selected: boolean): CartState {
  const wanted = new Set(ids);
  let changed = false;
  const data = state.data.map((l) => {
    if (!wanted.has(l.id)) return l;
    const next: 0 | 1 = selected && isLineSelectable(l) ? 1 : 0;
    if (next === l.is_selected) return l;
    changed = true;
    return { ...l, is_selected: next };
  });
  return changed ? recomputeCart(state, data) : state;
}

/** Puts back each line's selection as it was. */
export function withSelectionRestored(state: CartState, before: ReadonlyMap<number, 0 | 1>): CartState {
  let changed = false;
  const data = state.data.map((l) => {
    const was = before.get(l.id);
    if (was === undefined || was === l.is_selected) return l;
    changed = true;
    return { ...l, is_selected: was };
  });
  return changed ? recomputeCart(state, data) : state;
}

export interface RemovedLine {
  /** Where the line was in `data`. */
  index: number;
  line: CartLineView;
}

/**
 * A warehouse's count follows its lines. An emptied warehouse stays (count 0) until the server's
 * answer drops it, so a refused delete finds its name again.
 */
function recountWarehouses(state: CartState, data: readonly CartLineView[]): CartState['filter_data'] {
  if (state.filter_data.current !== CART_LIST_DEFAULT_FILTER) return state.filter_data;
  const counts = new Map<number, number>();
  for (const l of data) counts.set(l.goods.ck_id, (counts.get(l.goods.ck_id) ?? 0) + 1);
  const warehouses = state.filter_data.warehouses.map((w) => ({ ...w, count: counts.get(w.ck_id) ?? 0 }));
  return { ...state.filter_data, warehouses };
}

export function withoutLines(state: CartState, ids: Iterable<number>): CartState {
  const gone = new Set(ids);
  if (!state.data.some((l) => gone.has(l.id))) return state;
  const data = state.data.filter((l) => !gone.has(l.id));
  return { ...recomputeCart(state, data), filter_data: recountWarehouses(state, data) };
}

/** Puts deleted lines back where they were (a refused delete). */
export function withLinesRestored(state: CartState, removed: readonly RemovedLine[]): CartState {
  const present = new Set(state.data.map((l) => l.id));
  const back = removed.filter((r) => !present.has(r.line.id)).sort((a, b) => a.index - b.index);
  if (back.length === 0) return state;
  const data = [...state.data];
  for (const r of back) data.splice(Math.min(r.index, data.length), 0, r.line);
  return { ...recomputeCart(state, data), filter_data: recountWarehouses(state, data) };
}

// ---- running the writes ------------------------------------------------------------------------

/** Cart writes reach the server one at a time, in the order the buyer made them. */
const CART_WRITE_SCOPE = { id: 'cart-write' } as const;

export const CART_DELETED_MESSAGE = '删除成功';
export const CART_FORCED_UNSELECTED_MESSAGE = '部分商品暂不可购买，未能勾选';

function patchLists(queryClient: QueryClient, update: (state: CartState) => CartState): void {
  queryClient.setQueriesData<CartState>({ queryKey: cartKeys.lists() }, (state) => (state ? update(state) : state));
}

/** A list fetch already on its way would land without this write: cancel it, then patch. */
async function patchListsOptimistically(
  queryClient: QueryClient,
  update: (state: CartState) => CartState,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey: cartKeys.lists() });
  patchLists(queryClient, update);
}

function cachedLines(queryClient: QueryClient): CartLineView[] {
  const seen = new Map<number, CartLineView>();
  for (const [, state] of queryClient.getQueriesData<CartState>({ queryKey: cartKeys.lists() })) {
    for (const l of state?.data ?? []) if (!seen.has(l.id)) seen.set(l.id, l);
  }
  return [...seen.values()];
}

/**
 * After the last pending cart write: the badge and drawer refresh and the cart lists refetch
 * (all under ['cart']), so the server's whole answer (totals, tiers, shipping) wins. Called from
 * onSettled, where the settling write still counts as pending. Not after a provisional write:
 * the server has not seen it, so its list would undo what the buyer just did.
 */
function settleCartWrite(queryClient: QueryClient, result?: { provisional: boolean }): void {
  if (result?.provisional) return;
  if (queryClient.isMutating({ mutationKey: cartKeys.all }) > 1) return;
  void queryClient.invalidateQueries({ queryKey: cartKeys.all }, { cancelRefetch: false });
}

type CartWriteOptions<TData, TVars, TContext> = MutationObserverOptions<TData, Error, TVars, TContext>;

/** Edits and selections offline are shown by the offline cart itself; a write the server could not take now is worth a word. */
function queuedNotice(result: WriteResult<unknown>): SuccessNotice | null {
  return result.provisional && result.reason === 'queued' ? { message: result.msg, tone: 'info' } : null;
}

export interface CartEditVars {
  id: number;
  number: number;
}

export function cartEditMutation(
  queryClient: QueryClient,
): CartWriteOptions<WriteResult<CartEditResult>, CartEditVars, { before?: CartLineView }> {
  return {
    mutationKey: [...cartKeys.all, 'edit'],
    scope: CART_WRITE_SCOPE,
    networkMode: 'always',
    mutationFn: ({ id, number }) => localWrite(() => cartEdit(id, number)),
    meta: successNotice(queuedNotice),
    onMutate: async ({ id, number }) => {
      const before = cachedLines(queryClient).find((l) => l.id === id);
      await patchListsOptimistically(queryClient, (s) => withLineNumber(s, id, number));
      return { before };
    },
    onSuccess: (result) => {
      const line = serverData(result)?.line;
      if (line) patchLists(queryClient, (s) => withServerLine(s, line));
    },
    onError: (_error, _vars, context) => {
      const before = context?.before;
      if (before) patchLists(queryClient, (s) => withServerLine(s, before));
    },
    onSettled: (result) => settleCartWrite(queryClient, result),
  };
}

export interface CartSelectVars {
  ids: readonly number[];
  selected: boolean;
}

export function cartSelectMutation(
  queryClient: QueryClient,
): CartWriteOptions<WriteResult<CartSelectResult>, CartSelectVars, { before: Map<number, 0 | 1> }> {
  return {
    mutationKey: [...cartKeys.all, 'select'],
    scope: CART_WRITE_SCOPE,
    networkMode: 'always',
    mutationFn: ({ ids, selected }) => localWrite(() => cartSelect(ids, selected)),
    meta: successNotice((result: WriteResult<CartSelectResult>) =>
      (serverData(result)?.forced_unselected ?? []).length > 0
        ? { message: CART_FORCED_UNSELECTED_MESSAGE, tone: 'info' }
        : queuedNotice(result),
    ),
    onMutate: async ({ ids, selected }) => {
      const wanted = new Set(ids);
      const before = new Map(
        cachedLines(queryClient)
          .filter((l) => wanted.has(l.id))
          .map((l) => [l.id, l.is_selected] as const),
      );
      await patchListsOptimistically(queryClient, (s) => withSelection(s, ids, selected));
      return { before };
    },
    onSuccess: (result) => {
      const forced = serverData(result)?.forced_unselected ?? [];
      if (forced.length === 0) return;
      patchLists(queryClient, (s) => withSelection(s, forced, false));
    },
    onError: (_error, _vars, context) => {
      if (context) patchLists(queryClient, (s) => withSelectionRestored(s, context.before));
    },
    onSettled: (result) => settleCartWrite(queryClient, result),
  };
}

export function cartDeleteMutation(
  queryClient: QueryClient,
): CartWriteOptions<WriteResult<{ count: number }>, readonly number[], { removed: RemovedLine[] }> {
  return {
    mutationKey: [...cartKeys.all, 'delete'],
    scope: CART_WRITE_SCOPE,
    networkMode: 'always',
    mutationFn: (ids) => localWrite(() => cartDelete(ids)),
    meta: successNotice((result: WriteResult<{ count: number }>) => ({
      message: writeMessage(result, CART_DELETED_MESSAGE),
      tone: result.provisional ? 'info' : 'success',
    })),
    onMutate: async (ids) => {
      const gone = new Set(ids);
      const state = queryClient.getQueryData<CartState>(cartKeys.list());
      const fromList = (state?.data ?? []).flatMap((line, index) => (gone.has(line.id) ? [{ index, line }] : []));
      const known = new Set(fromList.map((r) => r.line.id));
      // Lines only a filtered list holds go back at its end if the delete is refused.
      const others = cachedLines(queryClient)
        .filter((l) => gone.has(l.id) && !known.has(l.id))
        .map((line) => ({ index: Number.MAX_SAFE_INTEGER, line }));
      await patchListsOptimistically(queryClient, (s) => withoutLines(s, ids));
      return { removed: [...fromList, ...others] };
    },
    onError: (_error, _vars, context) => {
      if (context) patchLists(queryClient, (s) => withLinesRestored(s, context.removed));
    },
    onSettled: (result) => settleCartWrite(queryClient, result),
  };
}

export function cartQuickAddMutation(
  queryClient: QueryClient,
): CartWriteOptions<Envelope<CartAddAnswer>, number, unknown> {
  return {
    mutationKey: [...cartKeys.all, 'quick_add'],
    scope: CART_WRITE_SCOPE,
    networkMode: 'always',
    mutationFn: (goodsId) => postCartQuickAdd(goodsId),
    meta: successNotice((envelope: Envelope<CartAddAnswer>) => ({
      message: envelope.msg || CART_ADD_FALLBACK_MESSAGE,
      tone: 'success',
    })),
    onSettled: () => settleCartWrite(queryClient),
  };
}

export interface CartCopyVars {
  ids: readonly number[];
  otherUserIds: readonly number[];
}

export function cartCopyMutation(
  queryClient: QueryClient,
): CartWriteOptions<Envelope<CartCopyResult>, CartCopyVars, unknown> {
  return {
    mutationKey: [...cartKeys.all, 'copy'],
    scope: CART_WRITE_SCOPE,
    networkMode: 'always',
    mutationFn: ({ ids, otherUserIds }) => postCartCopy(ids, otherUserIds),
    // '复制成功' or '已复制N个，M个未能复制': the buyer needs to know about the skipped ones.
    meta: successNotice((envelope: Envelope<CartCopyResult>) => ({
      message: envelope.msg,
      tone: envelope.data.skipped.length === 0 ? 'success' : 'info',
    })),
    onSettled: () => settleCartWrite(queryClient),
  };
}

/** Runs a write outside a component (the cart page's store); null when it failed (already shown). */
function runCartWrite<TData, TVars, TContext>(
  queryClient: QueryClient,
  options: CartWriteOptions<TData, TVars, TContext>,
  vars: TVars,
): Promise<TData | null> {
  return new MutationObserver(queryClient, options).mutate(vars).catch(() => null);
}

/** The cart page's writes, bound to a QueryClient. Each resolves null when refused. */
export interface CartWrites {
  edit: (id: number, number: number) => Promise<WriteResult<CartEditResult> | null>;
  select: (ids: readonly number[], selected: boolean) => Promise<WriteResult<CartSelectResult> | null>;
  remove: (ids: readonly number[]) => Promise<WriteResult<{ count: number }> | null>;
  quickAdd: (goodsId: number) => Promise<Envelope<CartAddAnswer> | null>;
  copy: (ids: readonly number[], otherUserIds: readonly number[]) => Promise<Envelope<CartCopyResult> | null>;
}

export function cartWrites(queryClient: QueryClient): CartWrites {
  return {
    edit: (id, number) => runCartWrite(queryClient, cartEditMutation(queryClient), { id, number }),
    select: (ids, selected) => runCartWrite(queryClient, cartSelectMutation(queryClient), { ids, selected }),
    remove: (ids) => runCartWrite(queryClient, cartDeleteMutation(queryClient), ids),
    quickAdd: (goodsId) => runCartWrite(queryClient, cartQuickAddMutation(queryClient), goodsId),
    copy: (ids, otherUserIds) => runCartWrite(queryClient, cartCopyMutation(queryClient), { ids, otherUserIds }),
  };
}

export function useCartWrites(): CartWrites {
  const queryClient = useQueryClient();
  return useMemo(() => cartWrites(queryClient), [queryClient]);
}
