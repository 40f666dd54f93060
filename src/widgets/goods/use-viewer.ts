// Who is looking at a goods card: prices, add-to-cart and favourites depend on it (catalogue
// decided rules). Read from the app-wide user-base cache the header fills; these observers never
// refetch on their own, so a page of 40 tiles adds no requests (a visitor's 401 is not retried).
// Only the server's 401 makes a visitor: when it cannot be reached (network error, timeout, a
// gateway's 5xx) the buyer is the account whose local store this device opened (issue 16), so an
// offline start adds to the cart draft instead of sending the buyer to the login page.
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { userBaseQuery } from '../../api/user';
import { isApiError } from '../../domain/api-error';
import { loginHref } from '../../domain/safe-href';
import type { UserBase } from '../../domain/user';
import { lastAccount, useLocalAccount, type LocalAccount } from '../../local';

/** `unknown` while the user base is still loading. */
export type ViewerKind = 'unknown' | 'visitor' | 'member' | 'approved';

const kindOf = (u: UserBase): ViewerKind => (u.is_passed === 1 ? 'approved' : 'member');

/**
 * The viewer from the user base's answer: its data, a 401 (visitor), or a failure that proves
 * nothing, where `knownAccount()` — the device's last signed-in account, asked only then — decides.
 * An account whose approval was never recorded counts as approved: its cached answers carry
 * whatever prices the server gave it, and the server still refuses a queued add it may not make.
 */
export function viewerKind(
  data: ViewerKind | undefined,
  error: unknown,
  knownAccount: () => LocalAccount | null,
): ViewerKind {
  if (data) return data;
  if (!error) return 'unknown';
  if (isApiError(error) && error.kind === 'auth') return 'visitor';
  const account = knownAccount();
  if (!account) return 'visitor';
  return account.approved === false ? 'member' : 'approved';
}

export function useViewer(): ViewerKind {
  const query = useQuery({
    ...userBaseQuery(),
    select: kindOf,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    retryOnMount: false,
  });
  // The open store's account; before the store opens (first moments after an offline start), the
  // account the app's boot is about to open.
  const open = useLocalAccount();
  return viewerKind(query.data, query.error, () => open ?? lastAccount());
}

/** Sends a visitor to sign in and come back here (catalogue rule: actions need an account). */
export function useSendToLogin(): () => void {
  const router = useRouter();
  return useCallback(() => {
    void router.navigate({ href: loginHref(router.state.location.href) });
  }, [router]);
}
