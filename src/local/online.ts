// Dexie-free hooks for first-paint code (the shell's offline banner): the online state from
// TanStack Query's onlineManager, the app's single online source, and the local store's status
// (pending outbox entries, conflicts, last sync) as the running store publishes it.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { hasCheckoutReminder, subscribeCheckoutReminder } from './checkout-reminder';
import { cartCountWithDraft, favoriteShown } from './local-marks';
import type { LocalAccount } from './account';
import { EMPTY_STATUS, localStatus, subscribeLocal, type LocalStatus } from './runtime';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(() => listener());
const getOnline = () => onlineManager.isOnline();
// The server draws the online page; a hydration does the same and then reads the browser's state.
const getServerOnline = () => true;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, getOnline, getServerOnline);
}

// The server never has a local store. Hydration renders with these server values too, so a store
// that opened before React hydrated the drawn page changes it only in the render after (the live
// values as server snapshot drew the device's account into a hydration the server drew without it:
// React error #418, the whole page then redrawn on the client).
const noStatus = () => EMPTY_STATUS;
const noAccount = () => null;

export function useLocalStatus(): LocalStatus {
  return useSyncExternalStore(subscribeLocal, localStatus, noStatus);
}

const localAccount = () => localStatus().account;

/**
 * The account whose store is open (null: none). Re-renders only when it changes, not on every
 * outbox or sync update, so the shell can read it. `needed` false reads null and follows nothing:
 * a part that asks only when the server has not said who is signed in (the shell, every goods
 * tile's viewer) is then not re-rendered when the store opens — on a signed-in page that re-render
 * of the whole shell was one 105 ms task at 4× CPU (issue 36).
 */
export function useLocalAccount(needed = true): LocalAccount | null {
  return useSyncExternalStore(subscribeLocal, needed ? localAccount : noAccount, noAccount);
}

/** The cart badge's count: the server's, or the draft's while cart changes are queued. */
export function useCartCountWithDraft(serverCount: number | null): number {
  const draft = useSyncExternalStore(
    subscribeLocal,
    () => localStatus().cartDraft,
    () => null,
  );
  return cartCountWithDraft(serverCount, draft);
}

/** A goods' favourite state as the buyer should see it (src/local/local-marks.ts). */
export function useFavoriteShown(goodsId: number, serverValue: boolean): boolean {
  const mark = useSyncExternalStore(
    subscribeLocal,
    () => localStatus().favorites.get(goodsId),
    () => undefined,
  );
  return favoriteShown(serverValue, mark, useOnline());
}

/** Whether the buyer asked to be reminded to check out once back online (checkout-reminder.ts). */
export function useCheckoutReminder(): boolean {
  const account = useLocalAccount();
  return useSyncExternalStore(
    subscribeCheckoutReminder,
    () => hasCheckoutReminder(account),
    () => false,
  );
}
