// Quick purchase (/kjcg, 快捷采购): the purchase history (GET /api/user/fast_buy), matching a pasted
// list (POST /api/user/fast_buy/match, or on the device when the server cannot be reached), the
// saved lists (常购清单) and "add all" (POST /api/cart partial=1 through the local store's outbox,
// so offline it lands in the cart draft and syncs exactly once).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartAddLine, CartPartialAddResult } from '../domain/cart-types';
import type { GoodsListItem } from '../domain/catalog';
import {
  HISTORY_PAGE_SIZE_DEFAULT,
  type HistoryOrder,
  type MatchedLine,
  type MatchResult,
  type PurchaseHistoryPage,
  type SavedList,
} from '../domain/quick-purchase';
import { http } from '../http/client';
import { cartAddPartial, rememberSeenGoods } from '../local';
import { cartKeys } from './cart';
import { isServerUnreachable } from './reachability';
import { localWrite, type WriteResult } from './local-write';

export interface HistoryParams {
  order: HistoryOrder;
  keywords: string;
  page: number;
}

export const quickPurchaseKeys = {
  all: ['quick-purchase'] as const,
  history: (p: HistoryParams) => [...quickPurchaseKeys.all, 'history', p.order, p.keywords, p.page] as const,
  lists: () => [...quickPurchaseKeys.all, 'lists'] as const,
};

const rememberHistory = (page: PurchaseHistoryPage) =>
  void import('../local').then((m) => m.rememberPurchaseHistory(page.list)).catch(() => undefined);
const rememberLists = (lists: SavedList[]) =>
  void import('../local').then((m) => m.rememberSavedLists(lists)).catch(() => undefined);

/** Offline, the history as last read online, filtered and paged on the device. */
async function historyFromDevice(p: HistoryParams): Promise<PurchaseHistoryPage> {
  const { history } = await (await import('../local')).readQuickPurchaseCache();
  const k = p.keywords.toLowerCase();
  const rows = k
    ? history.filter((r) => `${r.name} ${r.sccj} ${r.barcode} ${r.goods?.approval_no ?? ''}`.toLowerCase().includes(k))
    : history;
  const start = (p.page - 1) * HISTORY_PAGE_SIZE_DEFAULT;
  return {
    list: rows.slice(start, start + HISTORY_PAGE_SIZE_DEFAULT),
    total: rows.length,
    page: p.page,
    page_size: HISTORY_PAGE_SIZE_DEFAULT,
  };
}

export async function getHistory(p: HistoryParams): Promise<PurchaseHistoryPage & { offline?: true }> {
  try {
    const page = await http.get<PurchaseHistoryPage>('user/fast_buy', { ...p, page_size: HISTORY_PAGE_SIZE_DEFAULT });
    rememberHistory(page);
    return page;
  } catch (err) {
    if (!isServerUnreachable(err)) throw err;
    return { ...(await historyFromDevice(p)), offline: true };
  }
}

export const historyQuery = (p: HistoryParams) =>
  queryOptions({ queryKey: quickPurchaseKeys.history(p), queryFn: () => getHistory(p) });

export interface SavedLists {
  lists: SavedList[];
  /** True when read from the device (the server could not be reached). */
  offline: boolean;
}

export async function getSavedLists(): Promise<SavedLists> {
  try {
    const lists = await http.get<SavedList[]>('user/fast_buy/lists');
    rememberLists(lists);
    return { lists, offline: false };
  } catch (err) {
    if (!isServerUnreachable(err)) throw err;
    const { lists } = await (await import('../local')).readQuickPurchaseCache();
    return { lists, offline: true };
  }
}

export const savedListsQuery = () => queryOptions({ queryKey: quickPurchaseKeys.lists(), queryFn: getSavedLists });

export interface MatchAnswer {
  lines: MatchedLine[];
  /** True when the device matched it (the server could not be reached). */
  offline: boolean;
}

/** The server matches; with no server the device does, among the goods it knows. */
export async function matchList(content: string): Promise<MatchAnswer> {
  try {
    const res = await http.post<MatchResult>('user/fast_buy/match', { content });
    // The goods a list named online are the ones it will name again: kept for matching offline,
    // a goods found by its barcode with that barcode (the box scanned again offline).
    rememberSeenGoods(
      res.lines.flatMap((l) => [
        ...(l.match ? [l.method === 'barcode' ? { ...l.match, barcode: l.query } : l.match] : []),
        ...l.alternatives,
      ]),
    );
    return { lines: res.lines, offline: false };
  } catch (err) {
    if (!isServerUnreachable(err)) throw err;
    const lines = await (await import('../local')).matchListOffline(content);
    if (lines === null) throw err;
    return { lines, offline: true };
  }
}

export function useMatchList() {
  return useMutation({
    mutationKey: [...quickPurchaseKeys.all, 'match'] as const,
    mutationFn: matchList,
    networkMode: 'always',
  });
}

export interface AddAllVars {
  lines: readonly CartAddLine[];
  goods: readonly GoodsListItem[];
}

export const postAddAll = ({ lines, goods }: AddAllVars): Promise<WriteResult<CartPartialAddResult>> =>
  localWrite(() => cartAddPartial(lines, { goods }));

/** "加入购物车" for many lines in one request; refusals come back per line (the page lists them). */
export function useAddAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...quickPurchaseKeys.all, 'add-all'] as const,
    mutationFn: postAddAll,
    networkMode: 'always',
    onSuccess: (result) => {
      // Provisional: the draft changed; the badge and drawer read it under ['cart'] too.
      void queryClient.invalidateQueries({
        queryKey: cartKeys.all,
        refetchType: result.provisional ? 'none' : 'active',
      });
    },
  });
}

export function useSaveList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...quickPurchaseKeys.all, 'save-list'] as const,
    mutationFn: (vars: { name: string; items: { goods_id: number; number: number }[] }) =>
      http.post<SavedList>('user/fast_buy/lists', { name: vars.name, items: vars.items.map((i) => ({ ...i })) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickPurchaseKeys.lists() }),
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...quickPurchaseKeys.all, 'delete-list'] as const,
    mutationFn: (id: number) => http.delete<null>(`user/fast_buy/lists/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickPurchaseKeys.lists() }),
  });
}
