// Holds on the local store's start. The store (Dexie and the sync engine, ~670 ms of scripting at
// 4× CPU on the Lighthouse phone) opens at the first idle moment after load; on a page whose first
// screen still waits for an answer that idle moment comes before that screen is drawn, and the
// store's start then sits between the answer and its pixels. Such a route takes a hold when it
// starts loading (the cart's route loader) and lets go once its first screen is drawn or its data
// failed; the app's boot (src/app/local-store.ts) waits for no hold to be left. Every hold ends by
// itself after `maxMs`, so a page that never draws can delay the store by that much at most.
// Dexie-free: the route loaders in the first bundle take holds.

const holds = new Map<string, ReturnType<typeof setTimeout>>();
const waiters = new Set<() => void>();

function wake(): void {
  if (holds.size > 0) return;
  for (const w of [...waiters]) w();
  waiters.clear();
}

/** The longest a hold delays the store (the offline cart needs it; writes wait for it). */
export const LOCAL_START_HOLD_MAX_MS = 3_000;

/** Takes (or renews) the hold `name`; it ends at releaseLocalStart(name) or after maxMs. */
export function holdLocalStart(name: string, maxMs: number = LOCAL_START_HOLD_MAX_MS): void {
  clearTimeout(holds.get(name));
  holds.set(
    name,
    setTimeout(() => releaseLocalStart(name), maxMs),
  );
}

/** Ends the hold `name` (no-op when it is not held). */
export function releaseLocalStart(name: string): void {
  const timer = holds.get(name);
  if (timer === undefined) return;
  clearTimeout(timer);
  holds.delete(name);
  wake();
}

/** Some route holds the store's start back now. */
export function localStartHeld(): boolean {
  return holds.size > 0;
}

/** Resolves once no hold is left (at once when none is). */
export function localStartReleased(): Promise<void> {
  if (holds.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    waiters.add(resolve);
  });
}
