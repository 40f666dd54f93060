// A tiny bus between "something changed the cart" (add to cart, quick add, delete anywhere) and
// the shell, which refreshes the badge and flags the drawer to reload (SPEC §4 'action' flag).
// Features call `notifyCartChanged()` without importing shell internals or the query client.

type Listener = () => void;

const listeners = new Set<Listener>();

export const cartEvents = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Call after every successful cart mutation. */
export function notifyCartChanged(): void {
  for (const listener of [...listeners]) listener();
}
