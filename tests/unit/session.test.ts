// The router's session check: answers from the header's cached user base when it can, asks the
// server otherwise, and only a 401/10001 makes a visitor.
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';

// Stubbed at the HTTP edge, as the component tests do: the real src/api/user query (its key, its
// retry and stale settings) is what the session check uses.
const getUserBase = vi.fn<() => Promise<unknown>>();
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
http.get.mockImplementation((path: string) => {
  if (path === 'user/base') return getUserBase();
  return Promise.reject(new Error(`unexpected GET ${path}`));
});

const { createSession, VISITOR_ANSWER_TTL_MS } = await import('../../src/app/session');

const authError = () => new ApiError({ code: 10001, status: 401, msg: '请先登录' });

describe('session.isSignedIn', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
    getUserBase.mockReset();
  });

  it('trusts a cached user base without a request', () => {
    queryClient.setQueryData(['user', 'base'], { username: 'demo' });
    expect(createSession(queryClient).isSignedIn()).toBe(true);
    expect(getUserBase).not.toHaveBeenCalled();
  });

  it('asks the server when nothing is cached and caches the answer for the header', async () => {
    getUserBase.mockResolvedValue({ username: 'demo' });
    await expect(createSession(queryClient).isSignedIn()).resolves.toBe(true);
    expect(queryClient.getQueryData(['user', 'base'])).toEqual({ username: 'demo' });
  });

  it('treats 401/10001 as a visitor and remembers it for a while', async () => {
    let clock = 1_000_000;
    getUserBase.mockRejectedValue(authError());
    const session = createSession(queryClient, () => clock);
    await expect(session.isSignedIn()).resolves.toBe(false);
    clock = queryClient.getQueryState(['user', 'base'])!.errorUpdatedAt + 1;
    expect(session.isSignedIn()).toBe(false);
    expect(getUserBase).toHaveBeenCalledTimes(1);
    clock += VISITOR_ANSWER_TTL_MS;
    await expect(session.isSignedIn()).resolves.toBe(false);
    expect(getUserBase).toHaveBeenCalledTimes(2);
  });

  it('lets the page open when the check itself fails (offline, timeout, server fault)', async () => {
    getUserBase.mockRejectedValue(new ApiError({ code: 0, status: 0, msg: '网络连接失败', kind: 'network' }));
    await expect(createSession(queryClient).isSignedIn()).resolves.toBe(true);
  });

  describe('offline (issue 16: the server down, the browser online)', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('lets the page open once the app goes offline, without waiting for a check that hangs', async () => {
      getUserBase.mockReturnValue(new Promise(() => undefined));
      const check = createSession(queryClient).isSignedIn();
      let answer: boolean | undefined;
      void Promise.resolve(check).then((v) => (answer = v));
      await Promise.resolve();
      expect(answer).toBeUndefined();
      onlineManager.setOnline(false);
      await expect(check).resolves.toBe(true);
    });

    it('still treats a fresh 401 as a visitor', async () => {
      getUserBase.mockRejectedValue(authError());
      const session = createSession(queryClient);
      await expect(session.isSignedIn()).resolves.toBe(false);
      onlineManager.setOnline(false);
      expect(session.isSignedIn()).toBe(false);
    });
  });
});
