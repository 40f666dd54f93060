// Service worker registration and the "new version" prompt. A new build's worker waits until the
// buyer clicks 刷新 (never mid-order on its own), then takes over and the page reloads once, so a
// page never runs old JS against new lazy chunks. sw/sw.ts is the other half of this handshake.
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import styles from './pwa-update.module.css';

const SW_URL = '/sw.js';
/** A shop tab stays open all day at a pharmacy counter: look for a new build hourly. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** If the new worker never takes control after the click, reload anyway: a click must act. */
const CONTROLLING_TIMEOUT_MS = 4_000;
/** After first paint, registration waits for an idle moment, at most this long. */
const IDLE_TIMEOUT_MS = 3_000;

export interface RegisterOptions {
  /** Tests replace these; the app uses the defaults. */
  reload?: () => void;
  loadWorkbox?: () => Promise<{ Workbox: typeof Workbox }>;
}

let updateWaiting = false;
let started = false;
let acceptUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean): void {
  if (updateWaiting === value) return;
  updateWaiting = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once the page has loaded and the main thread is idle, so the SW never competes with first paint. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      } else {
        setTimeout(resolve, 0);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/**
 * Registers /sw.js after first paint (workbox-window is loaded then, outside the first-paint
 * chunk). Call once from src/main.tsx after render; later calls do nothing.
 */
export async function registerServiceWorker(options: RegisterOptions = {}): Promise<void> {
  // The dev server builds no service worker (vite.config.ts devOptions); tests run in mode 'test'.
  if (started || !('serviceWorker' in navigator) || import.meta.env.MODE === 'development') return;
  started = true;
  const reload = options.reload ?? (() => window.location.reload());
  const loadWorkbox = options.loadWorkbox ?? (() => import('workbox-window'));

  await afterFirstPaint();
  try {
    const { Workbox: WorkboxClass } = await loadWorkbox();
    const wb = new WorkboxClass(SW_URL, { scope: '/' });
    let accepted = false;
    let reloading = false;
    const reloadOnce = () => {
      if (reloading) return;
      reloading = true;
      reload();
    };

    // Also fires for a worker that was already waiting when the page opened, and for one found
    // by the hourly check or by another tab.
    wb.addEventListener('waiting', () => setUpdateWaiting(true));
    wb.addEventListener('controlling', (event) => {
      if (accepted) reloadOnce();
      // Another tab accepted the update: this page now runs under the new worker with old JS;
      // offer the reload here too rather than yanking the page away from a buyer mid-order.
      else if (event.isUpdate) setUpdateWaiting(true);
      // Otherwise this is the first install claiming the page: nothing to do, no reload.
    });

    acceptUpdate = () => {
      accepted = true;
      void navigator.serviceWorker.getRegistration().then((registration) => {
        if (registration?.waiting) {
          wb.messageSkipWaiting();
          setTimeout(reloadOnce, CONTROLLING_TIMEOUT_MS);
        } else {
          reloadOnce();
        }
      }, reloadOnce);
    };

    const registration = await wb.register();
    if (registration) {
      setInterval(() => {
        // Offline or server down: the next tick tries again; nothing to tell the buyer.
        wb.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    }
  } catch (error) {
    // The shop still works online; say why offline start is missing without failing the page.
    console.warn('Service worker registration failed; offline start is unavailable.', error);
  }
}

/** Mount once in the app shell. Renders nothing until a new version is waiting. */
export function PwaUpdatePrompt() {
  const waiting = useSyncExternalStore(
    subscribe,
    () => updateWaiting,
    () => false,
  );
  if (!waiting) return null;
  return (
    <div className={styles.bar} role="status" aria-live="polite">
      <span className={styles.message}>发现新版本，点击刷新</span>
      <button
        type="button"
        className={styles.button}
        onClick={() => {
          setUpdateWaiting(false);
          acceptUpdate?.();
        }}
      >
        刷新
      </button>
    </div>
  );
}
