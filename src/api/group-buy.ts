// Group buy (拼团) list for /ptzq: GET /api/activity/group_buy (ours, docs/api.md "Group buy").
import { queryOptions } from '@tanstack/react-query';
import type { GroupBuyList } from '../domain/group-buy';
import { http } from '../http/client';

export const groupBuyKeys = {
  all: ['group-buy'] as const,
  list: () => [...groupBuyKeys.all, 'list'] as const,
};

export const getGroupBuys = (): Promise<GroupBuyList> => http.get<GroupBuyList>('activity/group_buy');

/** Progress moves with other shops' orders: a minute old is fresh enough, the page refetches at a deadline. */
export const groupBuyQuery = () =>
  queryOptions({
    queryKey: groupBuyKeys.list(),
    queryFn: getGroupBuys,
    staleTime: 60_000,
  });
