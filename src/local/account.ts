// Whose local data this is. Dexie-free, so first-paint code (boot.ts, writes.ts) can name an
// account without loading the database. One IndexedDB database per account (dbNameFor).
import type { UserBase } from '../domain/user';

export interface LocalAccount {
  username: string;
  /** The company (customer) id; null for a member without a company yet. */
  companyId: number | null;
  /**
   * Whether the company's qualification was approved (is_passed) when the server last said so.
   * Not part of who the account is (sameAccount, dbNameFor ignore it): started without the server,
   * it tells the pages whether this buyer may see prices and add to the cart. Absent in records
   * written before it was kept.
   */
  approved?: boolean;
}

/** What accountOf reads of the server's user base. */
export type AccountSource = Pick<UserBase, 'username'> & {
  customer?: { id: number } | null;
  is_passed?: UserBase['is_passed'];
};

export function accountOf(user: AccountSource): LocalAccount {
  const account: LocalAccount = { username: user.username, companyId: user.customer?.id ?? null };
  if (user.is_passed !== undefined) account.approved = user.is_passed === 1;
  return account;
}

export function sameAccount(a: LocalAccount | null, b: LocalAccount | null): boolean {
  return a !== null && b !== null && a.username === b.username && a.companyId === b.companyId;
}

const DB_PREFIX = 'yaodian-local';

/** `yaodian-local:<username>:<companyId>`; encoded so any username gives a valid, distinct name. */
export function dbNameFor(account: LocalAccount): string {
  return `${DB_PREFIX}:${encodeURIComponent(account.username)}:${account.companyId ?? 0}`;
}

// ---- the last signed-in account -----------------------------------------------------------------
// Started offline, the app cannot ask the server who is signed in; it reopens the database of the
// account that last signed in on this browser (the engine still checks the session before it
// sends anything). Cleared on sign-out.

const LAST_ACCOUNT_KEY = 'local:lastAccount';

/** localStorage, or null where it is missing or blocked; shared by the Dexie-free modules here. */
export function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Blocked storage (privacy modes): no offline restart, everything else works.
    return null;
  }
}

export function rememberLastAccount(account: LocalAccount): void {
  try {
    storage()?.setItem(LAST_ACCOUNT_KEY, JSON.stringify(account));
  } catch {
    // Quota or blocked storage: only the offline restart is lost.
  }
}

export function lastAccount(): LocalAccount | null {
  const raw = storage()?.getItem(LAST_ACCOUNT_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { username?: unknown; companyId?: unknown; approved?: unknown };
    if (typeof v.username !== 'string' || v.username === '') return null;
    const account: LocalAccount = {
      username: v.username,
      companyId: typeof v.companyId === 'number' ? v.companyId : null,
    };
    if (typeof v.approved === 'boolean') account.approved = v.approved;
    return account;
  } catch {
    return null;
  }
}

export function forgetLastAccount(): void {
  storage()?.removeItem(LAST_ACCOUNT_KEY);
}
