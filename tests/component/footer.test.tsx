// The footer's operator data comes from GET /api/global/shop_mode: the configured licences and
// mini-program QR image, and in production without them none at all (never the demo's).
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { commonKeys } from '../../src/api/common';
import { Footer } from '../../src/app/shell/footer/footer';
import type { ShopMode } from '../../src/domain/contracts';
import { makeCommon, renderInApp } from './shell-harness';

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

function serve(mode: ShopMode) {
  http.get.mockImplementation((path: string) => {
    if (path === 'global/shop_mode') return Promise.resolve(mode);
    if (path === 'focus/common') return Promise.resolve(makeCommon());
    if (path === 'global/links')
      return Promise.resolve([{ id: 1, name: '国家药监局', url: 'https://www.nmpa.gov.cn' }]);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

describe('footer operator data', () => {
  it('shows the configured licences and the mini-program QR image', async () => {
    serve({
      ...PRODUCTION,
      licences: [{ name: '《药品经营许可证》', number: '沪AA0210001' }],
      qr_codes: { mini_program: 'https://cdn.example.com/mini.png', wechat_official: null },
    });
    renderInApp(<Footer />);
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('《药品经营许可证》编号：沪AA0210001')).toBeTruthy();
    expect(footer.textContent).not.toContain('粤AA0200618');
    expect(within(footer).getByRole('img', { name: '微信小程序二维码' }).getAttribute('src')).toBe(
      'https://cdn.example.com/mini.png',
    );
    expect(footer.textContent).toContain('微信扫码 进入小程序');
  });

  it('shows no licence line and no QR code in production when none is configured', async () => {
    serve(PRODUCTION);
    const { queryClient } = renderInApp(<Footer />);
    const footer = await screen.findByRole('contentinfo');
    await vi.waitFor(() => expect(queryClient.getQueryState(commonKeys.shopMode())?.status).toBe('success'));
    await within(footer).findByRole('link', { name: '国家药监局' });
    expect(footer.textContent).not.toContain('编号');
    expect(footer.textContent).not.toContain('微信扫码');
    expect(within(footer).queryByRole('img', { name: '微信小程序二维码' })).toBeNull();
  });

  it('draws the demo placeholder when the demo has no QR image', async () => {
    serve({ ...PRODUCTION, demo: true, online_pay: 'sandbox' });
    renderInApp(<Footer />);
    const footer = await screen.findByRole('contentinfo');
    const qr = await within(footer).findByRole('img', { name: '微信小程序二维码' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
  });
});
