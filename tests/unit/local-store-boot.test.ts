// The app's boot of the local store (src/app/local-store.ts) on a cold start whose server hangs
// rather than refuses (issue 16): the user query is still pending, but once the app is offline the
// last signed-in account's store opens, so the buyer's first writes land in its draft.
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userKeys } from '../../src/api/user';
import { bootLocal, type LocalStarter } from '../../src/app/local-store';
import { rememberLastAccount, type LocalAccount } from '../../src/local/account';
import { setLocalRuntime } from '../../src/local/runtime';
import { memoryStorage } from '../helpers/memory-storage';

describe('bootLocal on a cold start with the server unreachable', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => {
    onlineManager.setOnline(true);
    setLocalRuntime(null);
    vi.unstubAllGlobals();
  });

  it('opens the last account’s store when the app goes offline while the user query still waits', async () => {
    const demo: LocalAccount = { username: 'demo', companyId: 1, approved: true };
    rememberLastAccount(demo);
    const started: Parameters<LocalStarter['startLocal']>[0][] = [];
    const starter: LocalStarter = {
      startLocal: async (who) => {
        started.push(who);
        return null;
      },
      stopLocal: async () => undefined,
    };
    const queryClient = new QueryClient();
    // The header's user query, hanging on a server that never answers.
    void queryClient.fetchQuery({
      queryKey: userKeys.base(),
      queryFn: () => new Promise(() => undefined),
      retry: false,
    });
    const dispose = bootLocal(queryClient, { load: async () => starter, afterPaint: async () => undefined });
    await vi.waitFor(() => expect(queryClient.getQueryState(userKeys.base())?.fetchStatus).toBe('fetching'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([]);

    onlineManager.setOnline(false);
    await vi.waitFor(() => expect(started).toEqual([demo]));
    dispose();
  });
});
