// The lucky draw (SPEC §7 "Lucky draw", docs/api.md "Lucky draw"): the draw the home popup offers,
// a draw's prizes, and the draw itself. The draw is a GET (SPEC) made idempotent by the
// Idempotency-Key: one key per press of 开始抽奖, so a retry cannot draw twice. The draw page
// (/xycj) and 我的抽奖 (/cjjl) add the winners' ticker, the draw's pictures and the buyer's draws.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FocusItem } from '../domain/catalog';
import type { Page } from '../domain/envelope';
import type { DrawActivity, DrawRecordView, DrawResult, DrawSimple, DrawWinner } from '../domain/lucky-draw';
import { http } from '../http/client';
import { newIdempotencyKey } from '../http/idempotency-key';

export const drawKeys = {
  all: ['lucky-draw'] as const,
  simple: () => [...drawKeys.all, 'simple'] as const,
  activity: (id: number) => [...drawKeys.all, 'activity', id] as const,
  winners: (id: number) => [...drawKeys.all, 'winners', id] as const,
  records: (page: number) => [...drawKeys.all, 'records', page] as const,
  ads: () => [...drawKeys.all, 'ads'] as const,
};

/** 我的抽奖 rows a page shows. */
export const DRAW_RECORDS_PAGE_SIZE = 10;
/** The ticker follows new wins on a revisit; within a visit it may be a minute old. */
const WINNERS_STALE_MS = 60_000;
/** Pictures change with a back-office edit, not within a visit. */
const ADS_STALE_MS = 5 * 60_000;

export const drawSimpleQuery = () =>
  queryOptions({
    queryKey: drawKeys.simple(),
    queryFn: () => http.get<DrawSimple | null>('draw/simple'),
    // The popup is an extra: a failure shows nothing rather than an alert over the home page.
    meta: { silentErrors: true },
  });

export const drawActivityQuery = (id: number) =>
  queryOptions({
    queryKey: drawKeys.activity(id),
    queryFn: () => http.get<DrawActivity>(`draw/${id}/activity`),
    meta: { silentErrors: true },
  });

/** GET /api/draw/new_record (id): the draw's latest wins for the ticker; decoration, so silent. */
export const drawWinnersQuery = (id: number) =>
  queryOptions({
    queryKey: drawKeys.winners(id),
    queryFn: () => http.get<DrawWinner[]>('draw/new_record', { id }),
    staleTime: WINNERS_STALE_MS,
    meta: { silentErrors: true },
  });

/** GET /api/draw/record: the company's own draws, newest first. */
export const drawRecordsQuery = (page: number) =>
  queryOptions({
    queryKey: drawKeys.records(page),
    queryFn: () => http.get<Page<DrawRecordView>>('draw/record', { page, page_size: DRAW_RECORDS_PAGE_SIZE }),
  });

/** GET /api/draw/ads: the pictures of the draw page's head (focus slot `draw`). */
export const drawAdsQuery = () =>
  queryOptions({
    queryKey: drawKeys.ads(),
    queryFn: () => http.get<FocusItem[]>('draw/ads'),
    staleTime: ADS_STALE_MS,
    meta: { silentErrors: true },
  });

export function useRunDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...drawKeys.all, 'run'] as const,
    mutationFn: (id: number) => http.get<DrawResult>('draw', { id }, { idempotencyKey: newIdempotencyKey() }),
    // Chances changed; the wallet and messages too when a prize was credited.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: drawKeys.all }),
  });
}
