// A server-rendered page's answers came inside its HTML, so the service worker never saw them; an
// offline visit later would find the catalogue cache without them. When the browser is idle the
// page asks for them once more: the worker routes each to its cache as it does for any request.
import { afterFirstPaint } from './pwa-update';

/** Idle callbacks wait at most this long. */
const WARM_TIMEOUT_MS = 5_000;

/**
 * A user-timing mark once every answer has been asked for again (at once when there is none): a
 * browser test that counts the page's own requests (a kept-alive round trip sends none) starts
 * counting after it.
 */
const CACHES_WARMED_MARK = 'shop:caches-warmed';

export function warmWorkerCaches(paths: readonly string[]): void {
  if (paths.length === 0 || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    // Nothing to ask again: warmed already.
    if (typeof performance !== 'undefined') performance.mark(CACHES_WARMED_MARK);
    return;
  }
  const sw = navigator.serviceWorker;
  // On the very first visit the worker claims the page a moment after it activates.
  const controlled = new Promise<void>((resolve) => {
    if (sw.controller) return resolve();
    sw.addEventListener('controllerchange', () => resolve(), { once: true });
  });
  void controlled.then(async () => {
    await afterFirstPaint();
    const idle = () =>
      new Promise<void>((resolve) =>
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(() => resolve(), { timeout: WARM_TIMEOUT_MS })
          : setTimeout(resolve, 0),
      );
    for (const path of paths) {
      await idle();
      // A failure only means this answer is not cached yet; the page itself has its data.
      await fetch(path, { credentials: 'include', headers: { accept: 'application/json' } }).then(
        (response) => response.body?.cancel(),
        () => undefined,
      );
    }
    performance.mark(CACHES_WARMED_MARK);
  });
}
