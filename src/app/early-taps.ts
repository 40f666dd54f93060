// Replays what the buyer did on a drawn page before its script ran (kept by the page's inline
// loader, server/http/ssr.ts; docs/decisions/early-taps.md): once hydration has committed, each
// kept click is clicked again and each typed field tells React its text, in the order they
// happened, one task apart so each answer has rendered before the next (a + on the stepper
// before 加入购物车 adds the new quantity). The queue is taken once, so each entry replays once.
import { EARLY_TAPS, HYDRATING, type EarlyTap } from '../domain/early-taps';

type EarlyWindow = Window & { [EARLY_TAPS]?: EarlyTap[]; [HYDRATING]?: boolean };

/** Called right before hydrateRoot: from then on React answers events itself (it replays a tap that lands mid-hydration). */
export function markHydrating(win: Window = window): void {
  (win as EarlyWindow)[HYDRATING] = true;
}

const nextTask = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long a kept tap waits for its control's part of the page to hydrate before it is dropped. */
const PART_WAIT_MS = 10_000;
const PART_POLL_MS = 25;

/**
 * Whether React has hydrated this node: it then carries React's own `__reactProps$…` property.
 * The root's commit (when the replay starts) leaves parts behind a Suspense boundary (a lazy page
 * chunk, the tiles) to hydrate after it; a typed value replayed there finds no value tracker yet
 * and is lost (measured in Chromium). React offers no public signal for a boundary's hydration.
 */
function isHydrated(el: Element): boolean {
  return Object.keys(el).some((key) => key.startsWith('__reactProps$'));
}

async function untilHydrated(el: Element): Promise<boolean> {
  for (let waited = 0; !isHydrated(el); waited += PART_POLL_MS) {
    if (waited >= PART_WAIT_MS || !el.isConnected) return false;
    await nextTask(PART_POLL_MS);
  }
  return el.isConnected;
}

/**
 * React keeps what it believes a field holds in a tracker on the element's own `value` property;
 * hydration took the typed text as that belief (or a render since put React's value back into the
 * DOM). Writing React's drawn value through the element (the tracker) and the typed text past it
 * (the prototype's setter) makes the input event a change React answers.
 */
function replayTyping(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setNative = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setNative) return;
  field.value = field.defaultValue;
  setNative.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export async function replayEarlyTaps(win: Window = window): Promise<number> {
  const queue = (win as EarlyWindow)[EARLY_TAPS];
  if (!queue) return 0;
  // Taken away at once: a second call (StrictMode's second effect) finds nothing to replay.
  delete (win as EarlyWindow)[EARLY_TAPS];
  let replayed = 0;
  for (let tap = queue.shift(); tap; tap = queue.shift()) {
    // A node hydration replaced (a mismatch redraws the part) is no longer the buyer's control.
    if (!(await untilHydrated(tap.el))) continue;
    if (tap.kind === 'click' && tap.el instanceof HTMLElement) tap.el.click();
    else if (tap.kind === 'input' && (tap.el instanceof HTMLInputElement || tap.el instanceof HTMLTextAreaElement))
      replayTyping(tap.el, tap.value);
    replayed += 1;
    await nextTask();
  }
  return replayed;
}
