// /forget steps (SPEC §2: forget password, reset password, reset success). Step 1's one-time reset
// token waits in session storage for step 2: it survives a reload of the tab, never outlives it,
// and is dropped once spent.
export const RECOVERY_STEPS = ['验证身份', '设置新密码', '重置成功'] as const;

const TOKEN_KEY = 'password_reset';

export interface PendingReset {
  token: string;
  username: string;
  /** ms since epoch, after which the server refuses the token anyway. */
  expiresAt: number;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function savePendingReset(reset: PendingReset): void {
  storage()?.setItem(TOKEN_KEY, JSON.stringify(reset));
}

export function readPendingReset(now: number): PendingReset | null {
  const raw = storage()?.getItem(TOKEN_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PendingReset>;
    if (typeof v.token !== 'string' || typeof v.username !== 'string' || typeof v.expiresAt !== 'number') return null;
    return v.expiresAt > now ? { token: v.token, username: v.username, expiresAt: v.expiresAt } : null;
  } catch {
    return null;
  }
}

export function clearPendingReset(): void {
  storage()?.removeItem(TOKEN_KEY);
}

/** Step 3 names the account that was reset (not a secret: the buyer just typed it or its phone). */
const DONE_KEY = 'password_reset_done';
export const saveResetUsername = (username: string) => storage()?.setItem(DONE_KEY, username);
export const readResetUsername = () => storage()?.getItem(DONE_KEY) ?? '';
