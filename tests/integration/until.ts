// Waiting for a condition with a wall-clock deadline, not a count of event-loop turns: under load
// (two cores shared by several test runs) the real app and fake-indexeddb need more turns, and a
// turn count gave up too early. A deadline for a condition is not a timed assertion.

/** Polls `check` every 5 ms until it holds; fails after 10 s of wall time. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`condition not reached within ${timeoutMs} ms`);
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
  }
}
