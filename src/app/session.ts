// The router's view of the session: is a member signed in? Used by the guard of `auth` rows.
// It shares the header's user-base query (same key, same fetcher), so a navigation never adds
// a request when the header already knows, and react-query merges a check with a fetch in flight.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '../http/client';
import { userBaseQuery, userKeys } from '../api/user';
import type { AuthContext } from '../routes/auth-context';

/**
 * A visitor's 401 is trusted this long, so hovering member links (preload on intent) does not
 * ask the server again and again.
 */
export const VISITOR_ANSWER_TTL_MS = 30_000;

/**
 * Resolves true as soon as the app is offline (onlineManager, src/app/online-bridge.ts): a
 * member's page must not wait for a check that cannot be answered — on a server that hangs rather
 * than refuses, the request would take the client's whole timeout.
 */
function whenOffline(): { promise: Promise<true>; cancel: () => void } {
  let cancel: () => void = () => undefined;
  const promise = new Promise<true>((resolve) => {
    if (!onlineManager.isOnline()) return resolve(true);
    cancel = onlineManager.subscribe((online) => {
      if (online) return;
      cancel();
      resolve(true);
    });
  });
  return { promise, cancel: () => cancel() };
}

export function createSession(queryClient: QueryClient, now: () => number = Date.now): AuthContext {
  return {
    isSignedIn() {
      const state = queryClient.getQueryState(userKeys.base());
      if (state?.data) return true;
      const error = state?.error;
      if (state && isApiError(error) && error.kind === 'auth' && now() - state.errorUpdatedAt < VISITOR_ANSWER_TTL_MS) {
        return false;
      }
      const offline = whenOffline();
      const asked = queryClient.fetchQuery(userBaseQuery()).then(
        () => true,
        // Only "not signed in" (401/10001) makes a visitor. Offline, a timeout or a server fault
        // proves nothing: let the page open (it may show cached data or the device's drafts); its
        // own calls still meet the SPEC §8 catalogue, which sends a real visitor to the login page.
        (error: unknown) => !(isApiError(error) && error.kind === 'auth'),
      );
      return Promise.race([asked, offline.promise]).finally(offline.cancel);
    },
  };
}
