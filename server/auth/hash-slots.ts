// At most HASH_SLOTS password hashes run at once in this process; the rest wait their turn, so a
// burst of parallel sign-ins (each scrypt holds a 16 MiB block and a core for a quarter second)
// never takes every libuv thread and leaves file and compression work waiting behind it.
// Resident memory is bounded by the pool, not by the slots: glibc keeps a freed block in the
// arena of the thread that ran it, so a process holds one block per pool thread that ever hashed
// (4 by default, 64 MiB; measured by bench/password-burst.ts, docs/decisions/password-hashing.md).

/** Two, the cores of the machine the shop is sized for; a third hash would only queue on a core. */
export const HASH_SLOTS = 2;

let inFlight = 0;
let peak = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a slot is free and frees the slot when it settles. */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (inFlight >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else inFlight += 1;
  // A woken waiter inherits the slot of the hash that finished, so inFlight is already counted.
  peak = Math.max(peak, inFlight);
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  }
}

/** How many hashes run now and the most that ever ran at once (since `resetHashSlotPeak`). */
export function hashSlotStats(): { inFlight: number; peak: number; waiting: number } {
  return { inFlight, peak, waiting: waiting.length };
}

export function resetHashSlotPeak(): void {
  peak = inFlight;
}
