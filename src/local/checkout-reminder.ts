// "Remind me to check out when I am back online" (issue 5): checkout needs the server to confirm
// prices and stock, so an offline cart never becomes an order by itself. The buyer may ask for a
// reminder instead; it is kept per account in localStorage (it must survive closing the app) and
// is shown once, when the device is online again and the outbox has drained (the cart on the
// server then holds the offline lines). Dexie-free: the cart page and the app root use it.
import { dbNameFor, storage, type LocalAccount } from './account';

const KEY_PREFIX = 'local:checkoutReminder:';
const listeners = new Set<() => void>();

function keyFor(account: LocalAccount): string {
  return `${KEY_PREFIX}${dbNameFor(account)}`;
}

function emit(): void {
  for (const l of [...listeners]) l();
}

export function subscribeCheckoutReminder(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function hasCheckoutReminder(account: LocalAccount | null): boolean {
  return account !== null && storage()?.getItem(keyFor(account)) != null;
}

export function setCheckoutReminder(account: LocalAccount, on: boolean, now: number = Date.now()): void {
  try {
    if (on) storage()?.setItem(keyFor(account), String(now));
    else storage()?.removeItem(keyFor(account));
  } catch {
    // Full or blocked storage: the reminder is a convenience; the cart itself is kept in IndexedDB.
  }
  emit();
}

export interface ReminderState {
  online: boolean;
  reminder: boolean;
  outboxCount: number;
  /** The engine is not sending right now (idle or paused), or there is no engine. */
  engineIdle: boolean;
}

/** Due once the device is back and everything queued has reached the server. */
export function checkoutReminderDue(s: ReminderState): boolean {
  return s.online && s.reminder && s.outboxCount === 0 && s.engineIdle;
}

export const CHECKOUT_REMINDER_LABEL = '联网后提醒我结算';
export const CHECKOUT_REMINDER_SET = '已设置联网后提醒';
export const CHECKOUT_REMINDER_MESSAGE =
  '网络已恢复，离线时的购物车改动已同步。价格和库存以最新确认为准，请到购物车核对后去结算。';
export const CHECKOUT_REMINDER_GO = '去购物车结算';
