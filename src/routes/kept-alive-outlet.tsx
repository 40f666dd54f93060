// The root's outlet with kept-alive pages (kept-alive.ts). A kept page renders inside an
// <Activity>: hidden, React keeps its state and DOM (the page of results, the filters, typed
// quantities, the height the router's scroll restoration returns to) and drops its effects, so it
// follows neither the router nor its queries while another page is on screen; shown again, its
// effects resubscribe and it renders the URL it was left on from the answers it already holds.
//
// Each instance's element is made once and kept: a hidden subtree given the same element is not
// rendered again. Its router is frozen while it is hidden (frozen-router.ts).
import { Outlet, RouterContextProvider, useRouter, useRouterState, type AnyRouter } from '@tanstack/react-router';
import { Activity, useState, type ReactNode } from 'react';
import { freezableRouter } from './frozen-router';
import { keptAliveKey, showKept } from './kept-alive';

interface KeptPage {
  key: string;
  element: ReactNode;
}

function keptPage(router: AnyRouter, key: string): KeptPage {
  const onScreen = () => keptAliveKey(router.stores.matches.get()) === key;
  // On the server there is one render and no navigation: the router as it is.
  const seen = router.isServer ? router : freezableRouter(router, onScreen);
  return {
    key,
    element: (
      <RouterContextProvider router={seen}>
        <Outlet />
      </RouterContextProvider>
    ),
  };
}

export function KeptAliveOutlet() {
  const router = useRouter();
  const key = useRouterState({ select: (state) => keptAliveKey(state.matches) });
  const [kept, setKept] = useState<readonly KeptPage[]>(() => showKept([], key, (k) => keptPage(router, k)));
  // Adjusting state while rendering (React's pattern for state that follows an input): the page
  // joins the kept ones in this render, so it is never shown a frame late.
  const next = showKept(kept, key, (k) => keptPage(router, k));
  if (next !== kept) setKept(next);
  return (
    <>
      {next.map((page) => (
        <Activity key={page.key} mode={page.key === key ? 'visible' : 'hidden'}>
          {page.element}
        </Activity>
      ))}
      {key === null ? <Outlet /> : null}
    </>
  );
}
