// Header cart button (SPEC §2): badge capped at 99 ("99+"), account manager and
// complaint hotline from the user base, and the count refreshed when the ['cart'] queries are
// invalidated (every cart write does that beside its call).
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartButton } from '../../src/app/shell/cart-button/cart-button';
import { formatBadge } from '../../src/app/shell/cart-button/cart-count';
import { cartSummaryKeys } from '../../src/api/cart-summary';
import type { UserBase } from '../../src/domain/user';
import { makeUser, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

function Harness({ user }: { user: UserBase | null }) {
  return <CartButton user={user} />;
}

function serveCount(...counts: number[]) {
  let i = 0;
  http.get.mockImplementation((path: string) => {
    if (path !== 'cart/total') return Promise.reject(new Error(`unexpected GET ${path}`));
    const count = counts[Math.min(i++, counts.length - 1)];
    return Promise.resolve({ count });
  });
}

const badge = (link: HTMLElement) => link.querySelector('[aria-hidden="true"]:not(svg)')?.textContent ?? '';

afterEach(() => http.get.mockReset());

describe('cart button', () => {
  it(`shows "99+" for 150 lines`, async () => {
    serveCount(150);
    renderInApp(<Harness user={makeUser()} />);
    expect(await screen.findByText('99+')).toBeTruthy();
    expect(screen.getByRole('link', { name: /购物车/ }).getAttribute('href')).toBe('/cart');
  });

  it('shows the exact count up to the cap, and falls back to the user base count until the total arrives', async () => {
    let resolve: (v: { count: number }) => void = () => undefined;
    http.get.mockImplementation(() => new Promise((r) => (resolve = r)));
    renderInApp(<Harness user={makeUser({ cart: 2 })} />);
    const link = await screen.findByRole('link', { name: /购物车/ });
    expect(badge(link)).toBe('2');
    await act(async () => resolve({ count: 99 }));
    await waitFor(() => expect(badge(link)).toBe('99'));
  });

  it('shows no badge and makes no call for a visitor', async () => {
    renderInApp(<Harness user={null} />);
    const link = await screen.findByRole('link', { name: '我的购物车' });
    expect(badge(link)).toBe('');
    expect(http.get).not.toHaveBeenCalled();
    expect(screen.queryByText(/专属客户经理/)).toBeNull();
  });

  it('shows the dedicated account manager and the complaint hotline', async () => {
    serveCount(1);
    renderInApp(<Harness user={makeUser()} />);
    expect(await screen.findByText('专属客户经理：')).toBeTruthy();
    expect(screen.getByText('李经理', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: '13911112222' }).getAttribute('href')).toBe('tel:13911112222');
    expect(screen.getByRole('link', { name: '400-800-1234' }).getAttribute('href')).toBe('tel:400-800-1234');
  });

  it('refreshes the count when a cart write invalidates the cart queries', async () => {
    serveCount(3, 4);
    const { queryClient } = renderInApp(<Harness user={makeUser()} />);
    const link = await screen.findByRole('link', { name: /购物车/ });
    await waitFor(() => expect(badge(link)).toBe('3'));
    act(() => void queryClient.invalidateQueries({ queryKey: cartSummaryKeys.all }));
    await waitFor(() => expect(badge(link)).toBe('4'));
  });

  it('formatBadge caps, hides zero and ignores nonsense', () => {
    expect(formatBadge(150)).toBe('99+');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(0)).toBeNull();
    expect(formatBadge(Number.NaN)).toBeNull();
  });
});
