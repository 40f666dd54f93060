// The offline banner: shown while TanStack Query's onlineManager says offline (src/app/online-bridge.ts
// feeds it the browser's events and the service worker's reports), with the time the cached data
// on screen was stored by the worker — or, when the worker served nothing, the time the catalogue
// pack on this device was last brought up to date (what lists, search and detail then show).
// Mount once in the app root, inside QueryClientProvider.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getOfflineAsOf, installOnlineBridge, subscribeOfflineAsOf } from './online-bridge';
import styles from './offline-banner.module.css';
import { formatDateTime } from '../domain/time';
import { useLocalStatus } from '../local';

// On import, not on mount: worker reports sent while the page loads are delivered at
// DOMContentLoaded, before React's first commit, and would be lost without a listener.
installOnlineBridge();

/** `2025-03-05 14:07`, Beijing time (DESIGN.md: times are shown Asia/Shanghai). */
export function formatAsOf(ms: number): string {
  return formatDateTime(ms);
}

export function offlineMessage(asOf: number | null): string {
  return asOf === null
    ? '当前处于离线状态，显示的是此前保存的数据'
    : `当前处于离线状态，数据更新于 ${formatAsOf(asOf)}`;
}

const isOnline = () => onlineManager.isOnline();
const alwaysOnline = () => true;
const noAsOf = () => null;

export function OfflineBanner() {
  const online = useSyncExternalStore(onlineManager.subscribe, isOnline, alwaysOnline);
  const workerAsOf = useSyncExternalStore(subscribeOfflineAsOf, getOfflineAsOf, noAsOf);
  const local = useLocalStatus();
  if (online) return null;
  const asOf = workerAsOf ?? local.catalogueAsOf;
  return (
    <div className={styles.banner} role="status" aria-live="polite" data-testid="offline-banner">
      <span className={styles.dot} aria-hidden="true" />
      {offlineMessage(asOf)}
    </div>
  );
}
