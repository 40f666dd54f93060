// Tracks a CSS media query (the side bar becomes a bottom tab bar on phones, where the cart tab
// links to the cart page instead of opening the drawer).
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 767px)';

const unsubscribed = () => undefined;

/**
 * Whether `query` matches, while `enabled`; false otherwise, as on the server. A page hydrating
 * with it enabled re-renders synchronously in the hydration's effects when the query matches
 * there (the server drew `false`), so a part that needs it only after an interaction enables it then.
 */
export function useMediaQuery(query: string, enabled = true): boolean {
  const supported = enabled && typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  return useSyncExternalStore(
    supported
      ? (notify) => {
          const list = window.matchMedia(query);
          list.addEventListener('change', notify);
          return () => list.removeEventListener('change', notify);
        }
      : () => unsubscribed,
    () => (supported ? window.matchMedia(query).matches : false),
    () => false,
  );
}
