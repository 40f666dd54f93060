// SPEC §4 sign-out, orchestrated where the app's parts meet: the server call (api/user), the
// account's local store (local/) and the service worker's per-user caches (app/cache-scope).
import { mutationOptions } from '@tanstack/react-query';
import { clearLoginMarker, deleteLogout, pageLoad, userKeys } from '../api/user';
import { finishSignOut } from '../local';
import { clearUserCaches } from './cache-scope';

/**
 * After the server ended the session and before the reload: the account's local store (drafts,
 * outbox, this company's prices) is deleted and the per-user caches of the service worker are
 * dropped, so the next person at this computer sees none of it. Neither may stop the sign-out.
 */
async function forgetSignedOutAccount(): Promise<void> {
  try {
    await finishSignOut();
  } catch {
    // The store could not be deleted (blocked by another tab, storage error): the next start
    // opens a different account's own database anyway (src/local/account.ts).
  }
  await clearUserCaches();
}

/**
 * SPEC §4: on success clear the marker, forget the account's local data, and reload; failures go
 * to the shared handler (§8). Callers ask checkSignOut() (src/local) first.
 */
export const logoutMutation = () =>
  mutationOptions({
    mutationKey: [...userKeys.all, 'logout'] as const,
    mutationFn: deleteLogout,
    onSuccess: async () => {
      clearLoginMarker();
      await forgetSignedOutAccount();
      pageLoad.reload();
    },
  });
