// The inline loader of a server-drawn page (server/http/ssr.ts ENTRY_LOADER) run in a document:
// what it asks for when the page starts its script, and in how many tasks (issue 36: a goods list
// names ~27 chunks, and adding every link with the entry in one task was a long task of 60–170 ms
// at 4× CPU, counted in the blocking time until the page is hydrated).
import { afterEach, expect, it, vi } from 'vitest';
import { ENTRY_LOADER } from '../../server/http/ssr';

const IMPORTS = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);

afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('script, link').forEach((el) => el.remove());
  document.body.replaceChildren();
});

const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (l) =>
    l.getAttribute('href'),
  );
const entries = () => document.head.querySelectorAll('script[type="module"]');

it('asks for the entry at once on a tap and the page chunks a few per later task, each once', () => {
  vi.useFakeTimers();
  document.body.innerHTML = `<div id="root" data-ssr="1"><button>加入购物车</button></div><script type="application/json" id="ssr-entry">${JSON.stringify(
    { entry: '/assets/index-a.js', imports: IMPORTS, manifest: null },
  )}</script>`;
  // The page is still loading: the loader waits for a tap, the load or its timeout.
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
  new Function(ENTRY_LOADER)();
  expect(entries()).toHaveLength(0);

  document.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  expect(entries()).toHaveLength(1);
  expect(entries()[0].getAttribute('src')).toBe('/assets/index-a.js');
  // None with the entry; then at most 3 per task (a link costs 8–13 ms at 4× CPU: a task stays under 50 ms).
  expect(preloads()).toHaveLength(0);
  vi.advanceTimersToNextTimer();
  expect(preloads()).toEqual(IMPORTS.slice(0, 3));
  vi.advanceTimersToNextTimer();
  expect(preloads()).toEqual(IMPORTS.slice(0, 6));
  vi.runAllTimers();
  expect(preloads()).toEqual(IMPORTS);
  // A second tap starts nothing again.
  document.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  vi.runAllTimers();
  expect(entries()).toHaveLength(1);
  expect(preloads()).toEqual(IMPORTS);
  Reflect.deleteProperty(document, 'readyState');
});
