// The shell's view of the signed-in member. A failed user-base call (visitor: 401/10001, or a
// network error) leaves `user` null and only marks the state shown (SPEC §2): the header then
// renders its signed-out links instead of waiting forever.
import { useQuery } from '@tanstack/react-query';
import { userBaseQuery } from '../../api/user';
import type { UserBase } from '../../domain/user';

export interface CurrentUser {
  user: UserBase | null;
  /** True once the user base answered either way (or was not requested on this route). */
  shown: boolean;
}

/** `load=false` still reads a copy another part of the page fetched (e.g. the member centre). */
export function useCurrentUser(load = true): CurrentUser {
  // retryOnMount off: a refusal in the cache came from the server that drew this page (a visitor),
  // and asking again while the page hydrates would turn it back into "pending" under its parts.
  const query = useQuery({ ...userBaseQuery(), enabled: load, retryOnMount: false });
  const user = query.data ?? null;
  return { user, shown: user !== null || !load || query.isError };
}
