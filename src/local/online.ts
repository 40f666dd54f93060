// Dexie-free hooks for first-paint code (the shell's offline banner): the online state from
// TanStack Query's onlineManager, the app's single online source, and the local store's status
// (pending outbox entries, conflicts, last sync) as the running store publishes it.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { localStatus, subscribeLocal, type LocalStatus } from './runtime';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(() => listener());
const getOnline = () => onlineManager.isOnline();
// Server rendering is not used; assume online so nothing flashes an offline banner.
const getServerOnline = () => true;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, getOnline, getServerOnline);
}

export function useLocalStatus(): LocalStatus {
  return useSyncExternalStore(subscribeLocal, localStatus, localStatus);
}
