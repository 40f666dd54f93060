// TanStack Query's `onlineManager` is the app's one answer to "are we online?" (STYLE.md "Online
// state from one place"): it drives the offline banner, the mutation pause and the sync trigger.
// Its default listener only hears the browser's online/offline events, which never fire when the
// device has a connection but the shop's server does not answer (server down, captive portal,
// dead Wi-Fi behind a working router). The service worker does know — it is the one that fell
// back to the cache — so this bridge replaces that listener with one that combines:
//   - the browser's online/offline events (as before), and
//   - the worker's reports (src/domain/cache-names.ts WorkerToPageMessage): SERVED_FROM_CACHE and
//     NETWORK_FAILED mean the server is unreachable, NETWORK_OK means it answered.
// While the server is unreachable but the browser believes it is online, GET /api/health is
// probed — soon at first, then less often — so the banner goes away and the buyer's queued
// changes leave even if nothing else is fetched.
// It also keeps the "as of" time of the data on screen: the newest X-Cached-At among the cached
// answers the worker served to this page since it went offline.
//
// Nothing else in the app may listen to navigator.onLine or the online/offline events.
import { onlineManager } from '@tanstack/react-query';
import { onServerReachability } from '../http/client';
import { isWorkerToPageMessage, type WorkerToPageMessage } from '../domain/cache-names';

/**
 * When the server is asked whether it is back while only the worker says it is gone, after each
 * failed ask (ms): most outages a buyer meets are blips (a restart, a dropped Wi-Fi hand-over), so
 * the first asks come within seconds and the queued changes leave soon after; a long outage settles
 * at one small GET every 15 s (docs/offline.md "Is the server back?").
 */
export const REACHABILITY_PROBE_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;
const PROBE_TIMEOUT_MS = 5_000;
const HEALTH_URL = '/api/health';

let installed = false;
let browserOnline = true;
let serverReachable = true;
let asOfMs: number | null = null;
let setOnline: ((online: boolean) => void) | null = null;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
/** Bumped whenever probing starts or stops, so an ask still in flight never starts a second chain. */
let probeRun = 0;
const asOfListeners = new Set<() => void>();

/** The newest stored-at time of the cached data shown since going offline (ms), or null. */
export function getOfflineAsOf(): number | null {
  return asOfMs;
}

export function subscribeOfflineAsOf(listener: () => void): () => void {
  asOfListeners.add(listener);
  return () => asOfListeners.delete(listener);
}

function setAsOf(value: number | null): void {
  if (value === asOfMs) return;
  asOfMs = value;
  for (const listener of asOfListeners) listener();
}

async function probe(): Promise<void> {
  try {
    const response = await fetch(HEALTH_URL, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    if (response.ok) setServerReachable(true);
  } catch {
    // Still unreachable: the next tick asks again.
  }
}

function scheduleProbe(run: number, attempt: number): void {
  const delay = REACHABILITY_PROBE_DELAYS_MS[Math.min(attempt, REACHABILITY_PROBE_DELAYS_MS.length - 1)];
  probeTimer = setTimeout(() => {
    void probe().then(() => {
      // Answered: setServerReachable stopped this run. Still gone: ask again, a little later.
      if (run === probeRun) scheduleProbe(run, attempt + 1);
    });
  }, delay);
}

function updateProbe(): void {
  const wanted = browserOnline && !serverReachable;
  if (wanted && probeTimer === null) {
    probeRun += 1;
    scheduleProbe(probeRun, 0);
  } else if (!wanted && probeTimer !== null) {
    clearTimeout(probeTimer);
    probeTimer = null;
    probeRun += 1;
  }
}

function publish(): void {
  updateProbe();
  setOnline?.(browserOnline && serverReachable);
}

function setServerReachable(reachable: boolean): void {
  if (reachable) setAsOf(null);
  if (serverReachable === reachable) return;
  serverReachable = reachable;
  publish();
}

/** Applies one worker report; exported for the component tests. */
export function applyWorkerReport(message: WorkerToPageMessage): void {
  switch (message.type) {
    case 'NETWORK_OK':
      setServerReachable(true);
      return;
    case 'NETWORK_FAILED':
      setServerReachable(false);
      return;
    case 'SERVED_FROM_CACHE':
      setServerReachable(false);
      setAsOf(Math.max(asOfMs ?? 0, message.cachedAt));
      return;
    case 'SYNC_OUTBOX':
      // For the sync engine (src/local/), which listens itself.
      return;
  }
}

/**
 * Installs the combined listener on onlineManager. Idempotent. Must run while the entry module
 * is evaluated (src/app/offline-banner.tsx calls it on import): the browser holds worker messages
 * only until DOMContentLoaded, and a report that arrives with no listener is lost.
 */
export function installOnlineBridge(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;

  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isWorkerToPageMessage(event.data)) applyWorkerReport(event.data);
    });
  }

  // Every request of the page says whether it reached the server (src/http/client.ts).
  onServerReachability(setServerReachable);

  onlineManager.setEventListener((set) => {
    setOnline = set;
    const onOnline = () => {
      browserOnline = true;
      // The connection is back: ask the server at once rather than at the next probe tick.
      if (!serverReachable) void probe();
      publish();
    };
    const onOffline = () => {
      browserOnline = false;
      publish();
    };
    window.addEventListener('online', onOnline, false);
    window.addEventListener('offline', onOffline, false);
    publish();
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      setOnline = null;
    };
  });
}

/** Back to the start state (component tests). */
export function resetOnlineBridgeForTests(): void {
  browserOnline = true;
  serverReachable = true;
  setAsOf(null);
  updateProbe();
  onlineManager.setOnline(true);
}
