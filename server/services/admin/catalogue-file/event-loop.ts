// A bulk catalogue write runs in the same process as buyers' requests: between chunks (and every
// few hundred checked rows) it lets the process serve its other work (timers, requests that need no
// database). On PGlite the import's statements run on the main thread and answer as microtasks, so
// without this a long apply starves the event loop; queries still wait for its transaction (PGlite
// runs a transaction exclusively), which is why search stalls during an apply there
// (docs/decisions/catalogue-file.md).
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
