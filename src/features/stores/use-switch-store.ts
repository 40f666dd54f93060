// Switching into a store and back: one call, then a full page load (api/stores switchActing).
import { useState } from 'react';
import { switchActing } from '../../api/stores';
import { presentError } from '../../ui/error-presenter';

export function useSwitchStore() {
  const [busy, setBusy] = useState<number | 'back' | null>(null);
  const run = async (storeId: number | null, target: string) => {
    setBusy(storeId ?? 'back');
    try {
      await switchActing(storeId, target);
    } catch (error) {
      presentError(error);
      setBusy(null);
    }
  };
  return {
    busy,
    /** Into a store: its cart is where the head office buys for it. */
    enter: (storeId: number) => run(storeId, '/cart'),
    back: () => run(null, '/ddgl'),
  };
}
