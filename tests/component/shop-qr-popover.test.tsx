// The shell's QR entries (top bar 小程序, side bar 微信) follow GET /api/global/shop_mode: the
// configured image, nothing in production without one.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { commonKeys } from '../../src/api/common';
import { ShopQrPopover } from '../../src/app/shell/shop-qr-popover';
import type { ShopMode } from '../../src/domain/contracts';
import { renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const PRODUCTION: ShopMode = {
  demo: false,
  online_pay: 'alipay',
  wechat: false,
  licences: [],
  qr_codes: { mini_program: null, wechat_official: null },
};

const serve = (mode: ShopMode) =>
  http.get.mockImplementation((path: string) =>
    path === 'global/shop_mode' ? Promise.resolve(mode) : Promise.reject(new Error(`unexpected GET ${path}`)),
  );

const entry = () => (
  <ShopQrPopover code="mini_program" trigger="小程序" title="微信小程序" hint="微信扫一扫，随时随地采购" />
);

describe('shop QR entries', () => {
  it('opens the configured QR image', async () => {
    serve({ ...PRODUCTION, qr_codes: { mini_program: '/qr/mini.png', wechat_official: null } });
    renderInApp(entry);
    // The placeholder trigger is swapped for radix's once the card's code has loaded (at idle):
    // the click goes to whichever is in the page when it is made, as a buyer's would.
    await screen.findByRole('button', { name: '小程序' });
    fireEvent.click(screen.getByRole('button', { name: '小程序' }));
    const card = await screen.findByRole('dialog');
    expect(within(card).getByRole('img', { name: '微信小程序二维码' }).getAttribute('src')).toBe('/qr/mini.png');
  });

  it('is absent in production when the code is not configured', async () => {
    serve({ ...PRODUCTION, qr_codes: { mini_program: null, wechat_official: '/qr/wx.png' } });
    const { queryClient } = renderInApp(entry);
    await vi.waitFor(() => expect(queryClient.getQueryState(commonKeys.shopMode())?.status).toBe('success'));
    expect(screen.queryByText('小程序')).toBeNull();
  });
});
