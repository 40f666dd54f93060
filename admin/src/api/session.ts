// The operator's own session: who is signed in, sign-in (password, then TOTP), sign-out.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, isSignedOut } from './client.ts';
import type { AdminLoginAnswer, SignedInOperator } from '@domain/admin.ts';

export const meKey = ['admin', 'me'] as const;

/** The signed-in operator, or null when nobody is (401 is an answer here, not an error). */
export const meQuery = queryOptions({
  queryKey: meKey,
  queryFn: async (): Promise<SignedInOperator | null> => {
    try {
      return await adminGet<SignedInOperator>('/me');
    } catch (e) {
      if (isSignedOut(e)) return null;
      throw e;
    }
  },
  staleTime: 60_000,
});

export interface LoginInput {
  username: string;
  password: string;
  totp?: string;
}

export const login = (input: LoginInput) => adminPost<AdminLoginAnswer>('/login', input);

export async function logout(client: QueryClient): Promise<void> {
  await adminPost('/logout');
  // Nothing an operator saw may outlive their session in this tab.
  client.clear();
  client.setQueryData(meKey, null);
}
