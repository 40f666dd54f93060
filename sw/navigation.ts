// Navigations: the network first, the precached shell when the network cannot answer in time.
// The server renders the first screen of the catalogue pages into their HTML (issue 21 §1), so
// an online start paints content without waiting for JavaScript; offline (server stopped, no
// connection, or a connection that hangs) the precached index.html starts the app, which renders
// from the local store as it always did (docs/offline.md). The HTML is never cached at runtime:
// a rendered page is one buyer's (prices per rank), and a shared device must not show it to the next.
import type { RouteHandlerCallback } from 'workbox-core/types.js';
import { precache } from './precache';

/**
 * How long a navigation waits for the server before the shell answers. A refused connection (the
 * server stopped) fails at once; this bounds a network that accepts and then hangs. On a slow but
 * working line the shell then renders the page itself from the API, as before server rendering.
 */
export const NAVIGATION_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('navigation timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A server answer the buyer should see: anything but a gateway's "upstream down" or a crash. */
function usable(response: Response | undefined): response is Response {
  return response !== undefined && response.type !== 'error' && response.status < 500;
}

/**
 * A navigation's answer from the server: navigation preload's response when the browser sent one,
 * else a request of our own. Every navigation the worker sees is answered with it, including those
 * it leaves to the server: left unanswered, the browser asks the server again after the preload
 * has, and a one-time code (WeChat's sign-in callback) is refused the second time (二维码已使用).
 */
export const fromServer: RouteHandlerCallback = ({ request, event }) =>
  Promise.resolve((event as FetchEvent | undefined)?.preloadResponse).then(
    (early: Response | undefined) => early ?? fetch(request),
  );

export function navigationHandler(shellUrl: string): RouteHandlerCallback {
  return async (options) => {
    try {
      const response = await withTimeout(fromServer(options), NAVIGATION_TIMEOUT_MS);
      if (usable(response)) return response;
    } catch {
      // No answer in time: the shell below.
    }
    const shell = await precache.matchPrecache(shellUrl);
    return shell ?? Response.error();
  };
}
