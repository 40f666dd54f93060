// The router as a kept-alive page sees it (kept-alive-outlet.tsx): the real router while the page
// is the one on screen, and the router as it was when the page was last on screen once another
// page took its place.
//
// Why: <Activity> drops a hidden page's subscriptions, but the navigation that hides it notifies
// them first, in the same batch; React would then render the hidden page (later, in the
// background) against the next page's matches, whose outlet would unmount the list in favour of
// the goods detail. So every router store the page reads answers its last on-screen value, and
// says nothing, while the page is not on screen.
import type { AnyRouter } from '@tanstack/react-router';

interface Source<T> {
  get(): T;
  subscribe(listener: () => void): { unsubscribe: () => void };
}

function isSource(value: unknown): value is Source<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Source<unknown>).get === 'function' &&
    typeof (value as Source<unknown>).subscribe === 'function'
  );
}

/** Functions of `target` bound to it (private fields do not survive a proxy as `this`), the same function each time. */
function bindingProxy<T extends object>(target: T, override: (prop: PropertyKey) => unknown): T {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(obj, prop) {
      const own = override(prop);
      if (own !== undefined) return own;
      const value: unknown = Reflect.get(obj, prop, obj);
      if (typeof value !== 'function') return value;
      if (!bound.has(prop)) bound.set(prop, value.bind(obj));
      return bound.get(prop);
    },
  });
}

/** `router` for a page that is on screen while `onScreen()` says so. */
export function freezableRouter(router: AnyRouter, onScreen: () => boolean): AnyRouter {
  const frozen = new Map<Source<unknown>, Source<unknown>>();
  const freeze = <T>(source: Source<T>): Source<T> => {
    let wrapped = frozen.get(source) as Source<T> | undefined;
    if (!wrapped) {
      let last = source.get();
      wrapped = {
        get: () => (onScreen() ? (last = source.get()) : last),
        subscribe: (listener) =>
          source.subscribe(() => {
            if (onScreen()) listener();
          }),
      };
      frozen.set(source, wrapped as Source<unknown>);
    }
    return wrapped;
  };
  const realStores = router.stores as object;
  // The client's stores are atoms (get and subscribe); the declared type is the server's too, which only gets.
  const realMatchStores = router.stores as unknown as { getMatchStore(id: string): Source<unknown> };
  const matchStoreOf = (routeId: string) => freeze(realMatchStores.getMatchStore(routeId));
  const stores = bindingProxy(realStores, (prop) => {
    if (prop === 'getMatchStore') return matchStoreOf;
    const value: unknown = Reflect.get(realStores, prop, realStores);
    return isSource(value) ? freeze(value) : undefined;
  });
  return bindingProxy(router, (prop) => (prop === 'stores' ? stores : undefined));
}
