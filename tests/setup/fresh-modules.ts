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
