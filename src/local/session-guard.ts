// Sign-out and account switches, local side. Dexie-free (reaches the store through runtime.ts),
// so the header's logout button can use it.
//
// - Before sign-out the UI asks checkSignOut(): pending outbox entries would be lost with the
//   account's local data, so it must confirm with the returned warning first.
// - After the server ended the session, finishSignOut() stops the engine and deletes the
//   account's database (its drafts and this company's prices do not stay on a shared computer).
// - A different account signing in never sees these entries: every account has its own database
//   (account.ts dbNameFor) and startLocal() closes the previous one; the engine also checks that
//   the browser's session is its account before it sends anything (sync-engine.ts).
import { forgetLastAccount, lastAccount } from './account';
import { awaitLocalRuntime } from './runtime';

export function signOutWarningText(pending: number): string {
  return `还有${pending}条离线操作未同步，退出后将丢失，确定退出？`;
}

export interface SignOutCheck {
  pending: number;
  /** Null when nothing is pending: sign out without asking. */
  warning: string | null;
}

export async function checkSignOut(): Promise<SignOutCheck> {
  const rt = await awaitLocalRuntime();
  let pending = 0;
  try {
    pending = rt ? await rt.ops.pendingCount() : 0;
  } catch {
    // The store is unreadable (closed under us): nothing we can count, so nothing to warn about.
    pending = 0;
  }
  return { pending, warning: pending > 0 ? signOutWarningText(pending) : null };
}

/** Call once the server answered the logout (before the page reloads). */
export async function finishSignOut(): Promise<void> {
  const rt = await awaitLocalRuntime();
  if (rt) {
    await rt.discard();
  } else {
    const account = lastAccount();
    if (account) {
      const { deleteLocalDb } = await import('./db');
      await deleteLocalDb(account);
    }
  }
  forgetLastAccount();
}
