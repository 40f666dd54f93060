// Who is looking at a goods card: prices, add-to-cart and favourites depend on it (catalogue
// decided rules). Read from the app-wide user-base cache the header fills; these observers never
// refetch on their own, so a page of 40 tiles adds no requests (a visitor's 401 is not retried).
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { userBaseQuery } from '../../api/user';
import type { UserBase } from '../../domain/user';

/** `unknown` while the user base is still loading. */
export type ViewerKind = 'unknown' | 'visitor' | 'member' | 'approved';

const kindOf = (u: UserBase): ViewerKind => (u.is_passed === 1 ? 'approved' : 'member');

export function useViewer(): ViewerKind {
  const query = useQuery({
    ...userBaseQuery(),
    select: kindOf,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    retryOnMount: false,
  });
  if (query.data) return query.data;
  return query.isError ? 'visitor' : 'unknown';
}

export function loginHrefFor(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

/** Sends a visitor to sign in and come back here (catalogue rule: actions need an account). */
export function useSendToLogin(): () => void {
  const router = useRouter();
  return useCallback(() => {
    void router.navigate({ href: loginHrefFor(router.state.location.href) });
  }, [router]);
}
