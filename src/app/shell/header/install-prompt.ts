// "添加到桌面" (SPEC §2 header): Chromium fires `beforeinstallprompt` once, early, possibly before
// the header mounts, so the event is captured at module load and kept for the button.
import { useSyncExternalStore } from 'react';

/** Not in the TS DOM library: Chromium's install prompt event. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

interface InstallState {
  /** The deferred event while the browser allows prompting. */
  event: BeforeInstallPromptEvent | null;
  /** Installed during this visit, or already running as the installed app. */
  installed: boolean;
}

let state: InstallState = { event: null, installed: false };
const listeners = new Set<() => void>();

function set(next: InstallState): void {
  state = next;
  for (const l of listeners) l();
}

function runningStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const media = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  // iOS Safari exposes its home-screen mode only through this non-standard flag.
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return media || ios;
}

if (typeof window !== 'undefined') {
  state = { event: null, installed: runningStandalone() };
  window.addEventListener('beforeinstallprompt', (e) => {
    // Keep the browser's own mini-infobar away; the header button offers the prompt instead.
    e.preventDefault();
    set({ ...state, event: e as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ event: null, installed: true }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * What the server draws: the button, since it cannot know the device. A hydration draws the same and
 * then this device's state — in the installed app (standalone) the live state as server snapshot
 * hid the button in the hydration of a page drawn with it: React error #418 on every drawn page.
 */
const ON_SERVER: InstallState = { event: null, installed: false };

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => ON_SERVER,
  );
}

/** Shows the browser's install dialog; the event is single-use, so it is dropped afterwards. */
export async function promptInstall(): Promise<boolean> {
  const event = state.event;
  if (!event) return false;
  set({ ...state, event: null });
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') set({ event: null, installed: true });
  return choice.outcome === 'accepted';
}
