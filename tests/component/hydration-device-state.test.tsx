// A drawn page is hydrated as the server drew it, whatever this device knows by then: the installed
// app's standalone mode, a local store that opened before React claimed the page, the system's
// reduced-motion preference. The server knows none of them, so hydration must render the server's values and only the render after it the device's
// — otherwise React reports a mismatch (error #418 in the built app) and redraws the whole page.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';

// The device's media features; the installed app (display-mode standalone) is known when the install
// module loads, so it is set before the imports.
const media = vi.hoisted(() => {
  const features: Record<string, boolean> = { '(display-mode: standalone)': true };
  // act() around hydrateRoot (no Testing Library render here to set it).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia = ((query: string) => ({
    matches: features[query] === true,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return features;
});

import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { InstallButton } from '../../src/app/shell/header/install-button';
import { FocusCarousel } from '../../src/features/home/focus-carousel';
import { useLocalAccount, useLocalStatus } from '../../src/local';
import { EMPTY_STATUS, publishLocalStatus } from '../../src/local/runtime';

afterEach(() => {
  act(() => publishLocalStatus(EMPTY_STATUS));
  media['(prefers-reduced-motion: reduce)'] = false;
  document.body.innerHTML = '';
});

/**
 * Draws `element` as the server would, then (after `device` sets what only the browser knows)
 * hydrates that HTML; returns the container, the drawn text and React's recoverable errors.
 */
async function drawThenHydrate(element: React.ReactElement, device: () => void = () => undefined) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  device();
  document.body.append(container);
  const drawn = container.textContent ?? '';
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, drawn, errors };
}

it('in the installed app, draws 添加到桌面 as the server does, hydrates without a mismatch, then hides it', async () => {
  const { container, drawn, errors } = await drawThenHydrate(<InstallButton />);
  expect(drawn).toContain('添加到桌面');
  expect(errors).toEqual([]);
  expect(container.textContent).not.toContain('添加到桌面');
});

function StoreProbe() {
  const account = useLocalAccount();
  const status = useLocalStatus();
  return (
    <p>
      {account ? `离线账号 ${account.username}` : '无本地账号'}，待同步 {status.outboxCount}
    </p>
  );
}

it('hydrates a drawn page as the server drew it while the local store is already open, then shows the store', async () => {
  publishLocalStatus({ account: { username: 'demo', companyId: 1 }, outboxCount: 3 });
  const { container, drawn, errors } = await drawThenHydrate(<StoreProbe />);
  expect(drawn).toContain('无本地账号，待同步 0');
  expect(errors).toEqual([]);
  expect(container.textContent).toBe('离线账号 demo，待同步 3');
});

it('draws the carousel rotating as the server does for a buyer who asked for less motion, then pauses it', async () => {
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() });
  const slides = [
    { image: '', url: '/lqzx', title: '感冒季常备药品专场' },
    { image: '', url: '/mrtj', title: '每日特价' },
  ];
  const carousel = (
    <RouterContextProvider router={router}>
      <FocusCarousel items={slides} loading={false} />
    </RouterContextProvider>
  );
  const { container, errors } = await drawThenHydrate(carousel, () => {
    media['(prefers-reduced-motion: reduce)'] = true;
  });
  expect(errors).toEqual([]);
  // WCAG 2.2.2: still paused from the start for that buyer, once the page is the browser's.
  expect(container.querySelector('button[aria-label="开始自动播放"]')).not.toBeNull();
});
