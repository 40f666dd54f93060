// Favourites (SPEC §3 "favourites use goods_ids", §7 favourite calls, §8 messages). The writes go
// through the local store (src/local/writes.ts favoriteAdd/favoriteCancel): the device's set changes
// at once and the change is queued with an Idempotency-Key; online the call answers with the
// server's envelope, offline with a provisional result that syncs later. After an acknowledged
// write the mutations invalidate the favourites list and every goods view (detail, lists), whose
// `is_favorite` changed; after a provisional one nothing is refetched (the server has not seen it).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoodsListItem } from '../domain/catalog';
import type { Page } from '../domain/envelope';
import { favoriteAdd, favoriteCancel } from '../local';
import { http } from '../http/client';
import { goodsKeys } from './goods';
import { localWrite, type WriteResult } from './local-write';

export const favoriteKeys = {
  all: ['favorite'] as const,
  lists: () => [...favoriteKeys.all, 'list'] as const,
  list: (page: number) => [...favoriteKeys.lists(), page] as const,
};

/** SPEC §8: favourite add success is an alert with a way to the list; cancel is a toast. */
export const FAVORITE_ADDED_MESSAGE = '收藏成功';
export const FAVORITE_VIEW_LABEL = '查看我的收藏';
export const FAVORITE_CANCELLED_MESSAGE = '已取消';

export const getFavorites = (page: number): Promise<Page<GoodsListItem>> =>
  http.get<Page<GoodsListItem>>('favorite', { page });
export const postFavoriteAdd = (goodsIds: readonly number[]): Promise<WriteResult<unknown>> =>
  localWrite(() => favoriteAdd(goodsIds));
export const postFavoriteCancel = (goodsIds: readonly number[]): Promise<WriteResult<unknown>> =>
  localWrite(() => favoriteCancel(goodsIds));

export const favoritesQuery = (page: number) =>
  queryOptions({
    queryKey: favoriteKeys.list(page),
    queryFn: () => getFavorites(page),
  });

function useInvalidateFavorites(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
      queryClient.invalidateQueries({ queryKey: goodsKeys.all }),
    ]);
  };
}

/** Failures (401 → login, business refusals) go to the shared SPEC §8 presenter. */
export function useFavoriteAdd() {
  const invalidate = useInvalidateFavorites();
  return useMutation({
    mutationKey: [...favoriteKeys.all, 'add'] as const,
    mutationFn: postFavoriteAdd,
    networkMode: 'always',
    // Not awaited: the SPEC §8 alert/toast should not wait for the refetches.
    onSuccess: (result) => {
      if (!result.provisional) void invalidate();
    },
  });
}

export function useFavoriteCancel() {
  const invalidate = useInvalidateFavorites();
  return useMutation({
    mutationKey: [...favoriteKeys.all, 'cancel'] as const,
    mutationFn: postFavoriteCancel,
    networkMode: 'always',
    onSuccess: (result) => {
      if (!result.provisional) void invalidate();
    },
  });
}
