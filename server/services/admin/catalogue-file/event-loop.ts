// A bulk catalogue write runs in the same process as buyers' requests: its long loops give the
// event loop a turn so a search is not held behind a whole file.
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
