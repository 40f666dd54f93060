// The cart badge count (SPEC §2: capped at 99, shown as "99+" above).
import { useQuery } from '@tanstack/react-query';
import { cartTotalQuery } from '../../../api/cart-summary';
import { CART_BADGE_MAX } from '../../../domain/constants';
import type { UserBase } from '../../../domain/user';
import { useCartCountWithDraft } from '../../../local';

/** Badge text, or null when there is nothing to show. */
export function formatBadge(count: number, max = CART_BADGE_MAX): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > max ? `${max}+` : String(Math.floor(count));
}

/**
 * Lines in the cart: /api/cart/total once a member is known (it is what add-to-cart refreshes),
 * the user base's `cart` until then. Visitors have no cart, so no call is made for them. While
 * cart changes wait in the outbox (offline), the local draft's count, which includes them.
 */
export function useCartCount(user: UserBase | null): number {
  const total = useQuery({ ...cartTotalQuery(), enabled: user !== null });
  // No user: a visitor (no local store, so 0) or an offline start (the device's draft).
  return useCartCountWithDraft(user === null ? null : (total.data?.count ?? user.cart));
}
