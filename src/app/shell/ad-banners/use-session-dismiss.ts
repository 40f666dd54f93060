// "Closed for this visit" memory for the closable banners (SPEC §1, §2): session storage, read
// through useSyncExternalStore. A page the client renders reads it on first render, so a closed
// banner never flashes back in; a page the server drew (which cannot know) hydrates with the banner
// and closes it right after.
import { useCallback, useSyncExternalStore } from 'react';

const PREFIX = 'shell_closed:';
/** Closed while storage is blocked: kept for this page only. */
const closedHere = new Set<string>();
const listeners = new Set<() => void>();

function read(key: string): boolean {
  if (closedHere.has(key)) return true;
  try {
    return sessionStorage.getItem(PREFIX + key) === '1';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const shownOnServer = () => false;

export function useSessionDismiss(key: string): [dismissed: boolean, dismiss: () => void] {
  const dismissed = useSyncExternalStore(subscribe, () => read(key), shownOnServer);
  const dismiss = useCallback(() => {
    closedHere.add(key);
    try {
      sessionStorage.setItem(PREFIX + key, '1');
    } catch {
      // Blocked storage: the banner stays closed until the next page load, which is fine.
    }
    for (const listener of listeners) listener();
  }, [key]);
  return [dismissed, dismiss];
}
