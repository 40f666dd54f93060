// Entry: hydrate the page the server rendered (its query cache arrives with it), or render the app
// into the static skeleton of index.html (the service worker's offline shell, pages the server does
// not render); then, after first paint, the service worker.
// Tokens first: every CSS module after it reads their custom properties.
import './ui/tokens.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router';
import { notifyManager } from '@tanstack/react-query';
import { App, createAppState } from './app/app';
import { prepareRouteTree } from './routes/tree';
import { registerServiceWorker } from './app/pwa-update';
import { markHydrating } from './app/early-taps';
import { HydratedMark } from './app/hydrated-mark';
import { hydrateSsrQueries, readSsrState } from './app/ssr-state';
import { warmWorkerCaches } from './app/warm-caches';

// Query observers hear an answer in the task that brought it, not in a timer task after it: an
// answer already on the device (the catalogue pack offline) then renders before the next frame
// instead of a frame of the placeholder and its layout first (issue 35, session 24).
notifyManager.setScheduler(queueMicrotask);

const container = document.getElementById('root');
if (!container) throw new Error('index.html 缺少 #root 容器');

/** A task boundary: what the browser has waiting (input, a frame) runs before the next step. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(root: HTMLElement): Promise<void> {
  const rendered = readSsrState(document);
  // A drawn page is already readable: building the router and the caches need not extend the
  // entry's evaluation into one longer task (Lighthouse counts every task over 50 ms).
  // The browser history (its first replaceState) and the route table each in a task of their
  // own: with the router's construction they were one task of 50–100 ms at 4× CPU (issue 36).
  let history: RouterHistory | undefined;
  if (rendered) {
    await yieldToBrowser();
    prepareRouteTree();
    await yieldToBrowser();
    history = createBrowserHistory();
    await yieldToBrowser();
  }
  const state = createAppState((queryClient) => {
    if (rendered) hydrateSsrQueries(queryClient, rendered);
  }, history);
  const app = (
    <StrictMode>
      <App state={state} />
    </StrictMode>
  );
  if (!rendered) {
    // The static shell: the page renders here.
    createRoot(root).render(app);
    return;
  }
  // The server rendered the matched route with its page chunk and answers: load the same here
  // (the answers are in the cache, so only the chunk is fetched) so the first render matches.
  // Each step its own task (issue 36: building the state and loading the route ran as one task of
  // ≈ 130–480 ms at 4× CPU, the longest after the entry's evaluation).
  await yieldToBrowser();
  await state.router.load();
  await yieldToBrowser();
  // What TanStack's own hydration (@tanstack/react-router/ssr/client) sets: the router then draws
  // its matches without the client-only Suspense wrapper, exactly as the server drew them.
  state.router.ssr = { manifest: undefined };
  // In a transition, as Next.js does: React hydrates in slices of a few milliseconds instead of one
  // long task (Lighthouse TBT on list, detail and search 68–181 → 31–84 ms). A click that lands on
  // the page meanwhile makes React finish hydrating at once and then replays it; the drawn page
  // paints before this script runs either way (docs/decisions/first-paint.md).
  markHydrating();
  startTransition(() => {
    hydrateRoot(root, <HydratedMark root={root}>{app}</HydratedMark>);
  });
  warmWorkerCaches(rendered.warm ?? []);
}

void start(container);
void registerServiceWorker();
