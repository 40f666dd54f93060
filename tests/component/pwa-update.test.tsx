// The update handshake of src/app/pwa-update.tsx with a stand-in workbox-window: the prompt
// appears for a waiting worker, the click sends SKIP_WAITING, and the page reloads exactly once.
// (The real worker and browser are covered by tests/e2e/pwa.test.ts.)
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Workbox } from 'workbox-window';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

type Handler = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

class FakeWorkbox {
  static last: FakeWorkbox | null = null;
  readonly handlers = new Map<string, Handler[]>();
  readonly messageSkipWaiting = vi.fn();
  readonly update = vi.fn(() => Promise.resolve());
  constructor(
    readonly url: string,
    readonly options: { scope?: string },
  ) {
    FakeWorkbox.last = this;
  }
  addEventListener(type: string, handler: Handler): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  register(): Promise<object> {
    return Promise.resolve({});
  }
  emit(type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}): void {
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }
}

let waitingWorker: object | null = null;

beforeEach(() => {
  vi.resetModules();
  FakeWorkbox.last = null;
  waitingWorker = {};
  // jsdom has no service workers; only getRegistration is used by the module.
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve({ waiting: waitingWorker }) },
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function start() {
  const mod = await import('../../src/app/pwa-update');
  const reload = vi.fn();
  // The fake implements only what the module calls; the cast states that on purpose.
  const loadWorkbox = () => Promise.resolve({ Workbox: FakeWorkbox as unknown as typeof Workbox });
  await mod.registerServiceWorker({ reload, loadWorkbox });
  const wb = FakeWorkbox.last;
  if (!wb) throw new Error('Workbox was not constructed');
  render(<mod.PwaUpdatePrompt />);
  return { mod, wb, reload };
}

it('registers /sw.js at the root scope and shows nothing until an update waits', async () => {
  const { wb } = await start();
  expect(wb.url).toBe('/sw.js');
  expect(wb.options.scope).toBe('/');
  expect(screen.queryByText('发现新版本，点击刷新')).toBeNull();
});

it('shows the prompt for a waiting worker; the click sends SKIP_WAITING and reloads once on control', async () => {
  const { wb, reload } = await start();
  act(() => wb.emit('waiting'));
  expect(screen.getByRole('status').textContent).toContain('发现新版本，点击刷新');

  fireEvent.click(screen.getByRole('button', { name: '刷新' }));
  await vi.waitFor(() => expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1));
  expect(reload).not.toHaveBeenCalled();
  expect(screen.queryByRole('status')).toBeNull();

  wb.emit('controlling', { isUpdate: true });
  wb.emit('controlling', { isUpdate: true });
  expect(reload).toHaveBeenCalledTimes(1);
});

it('does not reload or prompt when the first install takes control', async () => {
  const { wb, reload } = await start();
  act(() => wb.emit('controlling', { isUpdate: false }));
  expect(reload).not.toHaveBeenCalled();
  expect(screen.queryByRole('status')).toBeNull();
});

it('offers a plain reload when another tab already activated the new worker', async () => {
  const { wb, reload } = await start();
  waitingWorker = null;
  act(() => wb.emit('controlling', { isUpdate: true, isExternal: true }));
  expect(reload).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: '刷新' }));
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
});

it('registers only once', async () => {
  const { mod } = await start();
  FakeWorkbox.last = null;
  await mod.registerServiceWorker();
  expect(FakeWorkbox.last).toBeNull();
});
