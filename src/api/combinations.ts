// 组合购 (/zhzq, GET /api/combinationMzhgGroup; docs/api.md "Combinations"). A set goes to the cart
// through the shared add (api/cart.ts useAddToCart) as a type-3 line.
import { queryOptions } from '@tanstack/react-query';
import type { CartAddLine } from '../domain/cart-types';
import type { CombinationView } from '../domain/combinations';
import { http } from '../http/client';

export const combinationKeys = { all: ['combinations'] as const, list: () => [...combinationKeys.all, 'list'] as const };

export const getCombinations = (): Promise<{ list: CombinationView[] }> => http.get<{ list: CombinationView[] }>('combinationMzhgGroup');

export const combinationsQuery = () => queryOptions({ queryKey: combinationKeys.list(), queryFn: getCombinations, staleTime: 30_000 });

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
