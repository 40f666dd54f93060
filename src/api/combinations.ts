// 组合购 (/zhzq, GET /api/combinationMzhgGroup; one combination's dialog /zhzq?id=, GET
// /api/combinationMzhg; docs/api.md "Combinations"). A set goes to the cart through the shared add
// (api/cart.ts useAddToCart) as a type-3 line.
import { queryOptions } from '@tanstack/react-query';
import type { CartAddLine } from '../domain/cart-types';
import type { CombinationView } from '../domain/combinations';
import { http } from '../http/client';

export const combinationKeys = {
  all: ['combinations'] as const,
  list: () => [...combinationKeys.all, 'list'] as const,
  one: (id: number) => [...combinationKeys.all, 'one', id] as const,
};

export const getCombinations = (): Promise<{ list: CombinationView[] }> =>
  http.get<{ list: CombinationView[] }>('combinationMzhgGroup');

export const getCombination = (id: number): Promise<CombinationView> =>
  http.get<CombinationView>('combinationMzhg', { id });

export const combinationsQuery = () =>
  queryOptions({ queryKey: combinationKeys.list(), queryFn: getCombinations, staleTime: 30_000 });

/** One combination (a link from a goods that belongs to it): the dialog says why it failed, so no alert. */
export const combinationQuery = (id: number) =>
  queryOptions({
    queryKey: combinationKeys.one(id),
    queryFn: () => getCombination(id),
    staleTime: 30_000,
    meta: { silentErrors: true },
  });

/** The cart line that buys `sets` of a combination at the set price it showed. */
export function combinationCartLine(c: CombinationView, sets: number): CartAddLine {
  return {
    goods_id: c.goods_id,
    number: sets,
    ...(c.price === null ? {} : { price: c.price }),
    // The warehouse is the server's to decide (cart/input.ts: advisory); the members ship together.
    ck_id: 0,
    type: 3,
    combination_id: c.id,
  };
}
