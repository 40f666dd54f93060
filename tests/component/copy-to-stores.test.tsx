// 复制到门店: only head offices see it; it posts the selected lines and the chosen stores' user
// ids to cart/copy and lists the lines the server could not copy, with the reasons.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyToStores } from '../../src/features/cart/copy-to-stores';
import { makeUser, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

function serve(isHeadOffice: 0 | 1) {
  const user = makeUser();
  http.get.mockImplementation((path: string) => {
    if (path === 'user/base')
      return Promise.resolve({ ...user, customer: { ...user.customer, is_head_office: isHeadOffice } });
    if (path === 'user/stores')
      return Promise.resolve([
        { company_id: 5, company: '康宁大药房一店', user_id: 51, username: 'chain-a' },
        { company_id: 6, company: '康宁大药房二店', user_id: 61, username: 'chain-b' },
      ]);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

afterEach(() => {
  http.get.mockReset();
  http.post.mockReset();
});

describe('copy to stores', () => {
  it('is not offered to a single pharmacy', async () => {
    serve(0);
    renderInApp(<CopyToStores lineIds={[1, 2]} />);
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('user/base'));
    expect(screen.queryByRole('button', { name: '复制到门店' })).toBeNull();
  });

  it('copies the selected lines to the chosen store and lists what was skipped', async () => {
    serve(1);
    http.post.mockResolvedValue({
      code: 10000,
      msg: 'ok',
      data: {
        copied: [{ user_id: 51, line_id: 1, goods_id: 9, new_line_id: 70 }],
        skipped: [{ user_id: 51, line_id: 2, goods_id: 8, reason: '库存不足' }],
      },
    });
    renderInApp(<CopyToStores lineIds={[1, 2]} />);
    fireEvent.click(await screen.findByRole('button', { name: '复制到门店' }));
    fireEvent.click(await screen.findByLabelText(/康宁大药房一店/));
    fireEvent.click(screen.getByRole('button', { name: '确定复制' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('cart/copy', { ids: [1, 2], other_user_ids: [51] }, { envelope: true }),
    );
    expect(await screen.findByText('康宁大药房一店：库存不足')).toBeTruthy();
  });
});
