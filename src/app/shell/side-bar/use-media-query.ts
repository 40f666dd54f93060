// Tracks a CSS media query (the side bar becomes a bottom tab bar on phones, where the cart tab
// links to the cart page instead of opening the drawer).
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 767px)';

export function useMediaQuery(query: string): boolean {
  const supported = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  return useSyncExternalStore(
    (notify) => {
      if (!supported) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => (supported ? window.matchMedia(query).matches : false),
    () => false,
  );
}
