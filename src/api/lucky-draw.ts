// The lucky draw (SPEC §7 "Lucky draw", docs/api.md "Lucky draw"): the draw the home popup offers,
// a draw's prizes, and the draw itself. The draw is a GET (SPEC) made idempotent by the
// Idempotency-Key: one key per press of 开始抽奖, so a retry cannot draw twice.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DrawActivity, DrawResult, DrawSimple } from '../domain/lucky-draw';
import { http } from '../http/client';
import { newIdempotencyKey } from '../http/idempotency-key';

export const drawKeys = {
  all: ['lucky-draw'] as const,
  simple: () => [...drawKeys.all, 'simple'] as const,
  activity: (id: number) => [...drawKeys.all, 'activity', id] as const,
};

export const drawSimpleQuery = () =>
  queryOptions({
    queryKey: drawKeys.simple(),
    queryFn: () => http.get<DrawSimple | null>('draw/simple'),
    // The popup is an extra: a failure shows nothing rather than an alert over the home page.
    meta: { silentErrors: true },
  });

export const drawActivityQuery = (id: number) =>
  queryOptions({ queryKey: drawKeys.activity(id), queryFn: () => http.get<DrawActivity>(`draw/${id}/activity`), meta: { silentErrors: true } });

export function useRunDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...drawKeys.all, 'run'] as const,
    mutationFn: (id: number) => http.get<DrawResult>('draw', { id }, { idempotencyKey: newIdempotencyKey() }),
    // Chances changed; the wallet and messages too when a prize was credited.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: drawKeys.all }),
  });
}
