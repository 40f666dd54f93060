// Search with the server unreachable (issue 5): the search page shows matches from the buyer's
// catalogue snapshot on this device, marked as such; and every list loaded online feeds that
// snapshot (fire and forget).
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { UserBase } from '../../src/domain/user';
import { OFFLINE_SEARCH_EMPTY, OFFLINE_SEARCH_NOTE } from '../../src/features/catalog/offline-search';
import * as local from '../../src/local/index';
import type { RouteDef } from '../../src/routes/types';
import { freshAccount } from '../helpers/local-store';
import { GOODS } from '../unit/local/goods-fixtures';
import { listResult, makeUser, renderRoute, serve } from './catalog-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const enc = encodeURIComponent;
const FIRST_RENDER = { timeout: 5_000 };

async function startStore() {
  const account = freshAccount();
  const user = makeUser({ username: account.username, customer: { id: account.companyId ?? 0 } } as Partial<UserBase>);
  const rt = await act(() => local.startLocal(user, { locks: null }));
  return { rt: rt!, user };
}

afterEach(async () => {
  onlineManager.setOnline(true);
  await local.stopLocal();
  http.get.mockReset();
});

describe('offline search', () => {
  it('shows matches from the device, marked as the local cache, when the list cannot be fetched', async () => {
    const { rt, user } = await startStore();
    await rt.ops.rememberGoods([GOODS.ganmaoling, GOODS.banlangen]);
    serve(http.get, {
      user,
      list: () => {
        throw new ApiError({ code: 0, status: 0, msg: '网络连接失败', kind: 'network' });
      },
    });
    renderRoute(`/search?keywords=${enc('感冒')}&type=1`);
    const note = await screen.findByText(OFFLINE_SEARCH_NOTE, undefined, FIRST_RENDER);
    const results = screen.getByRole('region', { name: '商品列表' });
    expect(results.contains(note)).toBe(true);
    expect(await within(results).findByRole('link', { name: '感冒灵颗粒' })).toBeTruthy();
    expect(within(results).queryByRole('link', { name: '板蓝根颗粒' })).toBeNull();
  });

  it('says so when the device has nothing that matches', async () => {
    const { user } = await startStore();
    serve(http.get, {
      user,
      list: () => {
        throw new ApiError({ code: 0, status: 0, msg: '网络连接失败', kind: 'network' });
      },
    });
    renderRoute(`/search?keywords=${enc('阿莫西林')}&type=1`);
    expect(await screen.findByText(OFFLINE_SEARCH_EMPTY, undefined, FIRST_RENDER)).toBeTruthy();
  });

  it('remembers the goods of a list loaded online, for searching offline later', async () => {
    const { user } = await startStore();
    serve(http.get, { user, list: () => listResult([GOODS.banlangen]) });
    renderRoute(`/search?keywords=${enc('板蓝根')}&type=1`);
    await screen.findByRole('link', { name: '板蓝根颗粒' }, FIRST_RENDER);
    await waitFor(async () =>
      expect((await local.searchOffline('板蓝根')).map((g) => g.id)).toEqual([GOODS.banlangen.id]),
    );
  });
});
