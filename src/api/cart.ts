// Cart writes (SPEC §3 "Cart line, when adding", §4 add-to-cart deferral, §7 POST /api/cart,
// §8 "cart add success: show the server message").
//
// Every cart write of the app goes through this module, one small mutation function per call,
// so the offline issue can later route them through the outbox (an entry + Idempotency-Key)
// without touching a page. Add new cart writes here, next to postCartAdd, not in a feature.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyCartChanged } from '../app/shell/cart-events';
import { ADD_TO_CART_DEFER_MS } from '../domain/constants';
import type { Envelope } from '../domain/envelope';
import { toast } from '../ui/toast';
import { cartSummaryKeys } from './cart-summary';
import { http } from './client';

/** Same ['cart'] root as the shell's badge/drawer keys, so one invalidation refreshes both. */
export const cartKeys = {
  all: cartSummaryKeys.all,
  total: cartSummaryKeys.total,
  drawer: cartSummaryKeys.drawer,
  list: () => [...cartSummaryKeys.all, 'list'] as const,
};

/**
 * One cart line as POST /api/cart takes it. The price is advisory (the server's price wins);
 * ids the page does not know are left out rather than sent as 0.
 */
export interface CartAddLine {
  goods_id: number;
  number: number;
  /** Unit price the buyer saw (fen). */
  price?: number;
  ck_id: number;
  goods_price_id?: number;
  ladder_price_id?: number;
  goods_manjian_id?: number;
  is_yj?: 0 | 1;
  /** Goods kind (SPEC §3): 0 normal, 1 flash sale, 3 combination. */
  type?: number;
}

export interface CartAddResult {
  /** Cart line count after the add. */
  count: number;
}

export const CART_ADD_FALLBACK_MESSAGE = '加入购物车成功';

export const postCartAdd = (lines: readonly CartAddLine[]): Promise<Envelope<CartAddResult>> =>
  http.post<CartAddResult>('cart', { params: [...lines] }, { envelope: true });

export interface AddToCart {
  /** Resolves true once the server accepted the lines; false when it refused (already shown per SPEC §8). */
  add: (lines: readonly CartAddLine[]) => Promise<boolean>;
  /** True from the click through the deferral and the request. */
  isPending: boolean;
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

  const mutation = useMutation({
    mutationKey: [...cartKeys.all, 'add'] as const,
    mutationFn: postCartAdd,
    // In the options (not per call) so they still run when the control unmounts mid-request.
    onSuccess: (envelope) => {
      toast.show({ message: envelope.msg || CART_ADD_FALLBACK_MESSAGE, tone: 'success' });
      notifyCartChanged();
      // The shell's bridge may already have started these refetches on notifyCartChanged();
      // cancelRefetch: false joins them instead of restarting. Not awaited: the button frees now.
      void queryClient.invalidateQueries({ queryKey: cartKeys.all }, { cancelRefetch: false });
    },
  });
  const { mutateAsync } = mutation;

  const add = useCallback(
    async (lines: readonly CartAddLine[]): Promise<boolean> => {
      if (busy.current || lines.length === 0) return false;
      busy.current = true;
      setDeferring(true);
      try {
        await new Promise<void>((resolve) => setTimeout(resolve, ADD_TO_CART_DEFER_MS));
        await mutateAsync(lines);
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

  return { add, isPending: deferring || mutation.isPending };
}
