// 积分商城 (/jfsc, docs/api.md "Points mall"): the goods with the company's points, and the
// exchange. An exchange changes points, stock, the points orders (/jfdd) and the ledger (/jfgl):
// its success refreshes all of them. Online only: points are spent where the server can count them.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PointsExchangeResult, PointsMallView } from '../domain/points-mall';
import { http } from '../http/client';
import { newIdempotencyKey } from '../http/idempotency-key';
import { successNotice } from './success-notice';
import { orderKeys } from './orders';
import { userKeys } from './user';
import { WALLET_ROOT_KEY } from './wallet-keys';

export const POINTS_EXCHANGED_MESSAGE = '兑换成功，可在积分订单中查看';

export const pointsMallKeys = { all: ['points-mall'] as const };

export const getPointsMall = (): Promise<PointsMallView> => http.get<PointsMallView>('points_mall');

export const pointsMallQuery = () =>
  queryOptions({ queryKey: pointsMallKeys.all, queryFn: getPointsMall, staleTime: 10_000 });

export interface ExchangeVars {
  id: number;
  number: number;
  /** One key per confirmed exchange: a retried request never spends points twice. */
  idempotencyKey?: string;
}

export const postPointsExchange = ({ id, number, idempotencyKey }: ExchangeVars): Promise<PointsExchangeResult> =>
  http.post<PointsExchangeResult>(
    'points_mall/exchange',
    { id, number },
    { idempotencyKey: idempotencyKey ?? newIdempotencyKey() },
  );

/** Refusals (积分不足, 库存不足 …) go to the shared SPEC §8 presenter. */
export function usePointsExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...pointsMallKeys.all, 'exchange'] as const,
    mutationFn: postPointsExchange,
    meta: successNotice(() => ({ message: POINTS_EXCHANGED_MESSAGE, tone: 'success' })),
    onSuccess: () => {
      for (const queryKey of [pointsMallKeys.all, orderKeys.all, WALLET_ROOT_KEY, userKeys.base()])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
