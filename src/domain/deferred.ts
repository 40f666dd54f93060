// A module (or any value) loaded once on first need. Shared by the shell's deferred popovers, the
// local store's module and the goods list's offline path: a repeated dynamic import() of a loaded
// module still resolves a task later, while the held promise resolves in a microtask.

export interface Deferred<T> {
  load(): Promise<T>;
  current(): T | null;
}

/** A module loaded once; a failed load (offline, replaced deploy) may be retried. */
export function deferred<T>(loader: () => Promise<T>): Deferred<T> {
  let value: T | null = null;
  let promise: Promise<T> | null = null;
  return {
    load() {
      promise ??= loader().then(
        (v) => (value = v),
        (err: unknown) => {
          promise = null;
          throw err;
        },
      );
      return promise;
    },
    current: () => value,
  };
}
