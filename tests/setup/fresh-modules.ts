// For the unit and component files, which share their worker's process (and, for the component
// files, its jsdom) instead of starting one each (docs/decisions/test-layers.md, session 27): each
// file starts as it would in a process of its own — the app's modules evaluated again (with the
// file's own vi.mock factories), an empty device store, empty web storage and cookies, at '/'.
// Packages under node_modules are Node's own imports and stay shared; what they keep between files
// is reset here and in tests/setup/component.ts.
// fake-indexeddb before Dexie: Dexie takes the global IndexedDB as its default when first imported.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import Dexie from 'dexie';
import { afterAll, vi } from 'vitest';

vi.resetModules();

// Globals a file set (IS_REACT_ACT_ENVIRONMENT, a matchMedia of its own, stubs of what jsdom lacks)
// are not the next file's: the worker's globals as its first file found them come back, and what a
// file added goes. Vitest's own state is left alone.
const PRISTINE = Symbol.for('shop.tests.pristineGlobals');
type Globals = Map<string | symbol, PropertyDescriptor>;
const holder = globalThis as unknown as Record<symbol, Globals | undefined>;
const ownGlobals = (): Globals =>
  new Map(Reflect.ownKeys(globalThis).map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)!]));
const vitests = (key: string | symbol) => typeof key === 'string' && /vitest|^__VITE/i.test(key);
const pristine = holder[PRISTINE];
if (pristine === undefined) {
  holder[PRISTINE] = ownGlobals();
} else {
  for (const [key, now] of ownGlobals()) {
    if (key === PRISTINE || vitests(key)) continue;
    const before = pristine.get(key);
    if (before === undefined) {
      if (now.configurable) Reflect.deleteProperty(globalThis, key);
    } else if (
      before.configurable &&
      (before.value !== now.value || before.get !== now.get || before.set !== now.set)
    ) {
      Object.defineProperty(globalThis, key, before);
    }
  }
}

const factory = new IDBFactory();
globalThis.indexedDB = factory;
Dexie.dependencies.indexedDB = factory;

if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
}

afterAll(() => {
  vi.useRealTimers();
  if (typeof window !== 'undefined') {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.body.removeAttribute('style');
  }
});
