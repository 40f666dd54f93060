// Who is looking at a goods card: prices, add-to-cart and favourites depend on it (catalogue
// decided rules). Read from the app-wide user-base cache the header fills through ONE observer per
// query client that every card shares (a page of 40 tiles adds no requests, a visitor's 401 is not
// retried, and mounting a tile creates no query observer of its own: issue 21 §2, cheap tiles).
// Only the server's 401 makes a visitor: when it cannot be reached (network error, timeout, a
// gateway's 5xx) the buyer is the account whose local store this device opened (issue 16), so an
// offline start adds to the cart draft instead of sending the buyer to the login page.
import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, QueryObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

interface ViewerSource {
  subscribe: (listener: () => void) => () => void;
  answer: () => { data: ViewerKind | undefined; error: unknown };
}

const sources = new WeakMap<QueryClient, ViewerSource>();

/** The shared observer of one query client; its snapshot changes only with the viewer's data or error. */
function viewerSource(client: QueryClient): ViewerSource {
  let source = sources.get(client);
  if (source) return source;
  const options = {
    ...userBaseQuery(),
    select: kindOf,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    retryOnMount: false,
  } as const;
  const observer = new QueryObserver(client, options);
  const hash = hashKey(options.queryKey);
  // useQuery re-reads its options every render, which moves it to a new query once the cache was
  // cleared (sign-out); a shared observer has no render, so it moves when the query returns.
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'added' && event.query.queryHash === hash) observer.setOptions(options);
  });
  let last = { data: observer.getCurrentResult().data, error: observer.getCurrentResult().error as unknown };
  source = {
    // The observer keeps its own listener set: it observes the query while any tile listens.
    subscribe: (listener) => observer.subscribe(() => listener()),
    answer: () => {
      const { data, error } = observer.getCurrentResult();
      if (data !== last.data || error !== last.error) last = { data, error };
      return last;
    },
  };
  sources.set(client, source);
  return source;
}

export function useViewer(): ViewerKind {
  const source = viewerSource(useQueryClient());
  const { data, error } = useSyncExternalStore(source.subscribe, source.answer, source.answer);
  // The open store's account; before the store opens (first moments after an offline start), the
  // account the app's boot is about to open. Read only when the answer leaves the viewer open.
  const open = useLocalAccount(data === undefined && error != null);
  return viewerKind(data, error, () => open ?? lastAccount());
}

/** Sends a visitor to sign in and come back here (catalogue rule: actions need an account). */
export function useSendToLogin(): () => void {
  const router = useRouter();
  return useCallback(() => {
    void router.navigate({ href: loginHref(router.state.location.href) });
  }, [router]);
}
