// The checkout reminder: kept per account, due only when online with nothing left to send.
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkoutReminderDue,
  hasCheckoutReminder,
  setCheckoutReminder,
  subscribeCheckoutReminder,
} from '../../../src/local/checkout-reminder';

const demo = { username: 'demo', companyId: 1 };
const other = { username: 'chain-a', companyId: 2 };

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: new MemoryStorage() });

afterEach(() => {
  setCheckoutReminder(demo, false);
  setCheckoutReminder(other, false);
});

describe('checkout reminder', () => {
  it('is kept per account and announces changes', () => {
    let calls = 0;
    const off = subscribeCheckoutReminder(() => (calls += 1));
    expect(hasCheckoutReminder(demo)).toBe(false);
    setCheckoutReminder(demo, true);
    expect(hasCheckoutReminder(demo)).toBe(true);
    expect(hasCheckoutReminder(other)).toBe(false);
    expect(hasCheckoutReminder(null)).toBe(false);
    setCheckoutReminder(demo, false);
    expect(hasCheckoutReminder(demo)).toBe(false);
    off();
    expect(calls).toBe(2);
  });

  it('is due only online, asked for, with the outbox drained and the engine idle', () => {
    const due = { online: true, reminder: true, outboxCount: 0, engineIdle: true };
    expect(checkoutReminderDue(due)).toBe(true);
    expect(checkoutReminderDue({ ...due, online: false })).toBe(false);
    expect(checkoutReminderDue({ ...due, reminder: false })).toBe(false);
    expect(checkoutReminderDue({ ...due, outboxCount: 2 })).toBe(false);
    expect(checkoutReminderDue({ ...due, engineIdle: false })).toBe(false);
  });
});
