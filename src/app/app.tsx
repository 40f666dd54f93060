// The app root: one QueryClient, one router (its context carries the client and the session)
// framed by the shell, and the app-wide hosts for SPEC §8 notices and the PWA update prompt.
// The same tree renders on the server (server-render.tsx) and hydrates in the page (main.tsx),
// so everything here renders the same without a browser until its effects run.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { userKeys } from '../api/user';
import { bootLocal } from './local-store';
import { ShellSlot } from '../routes/shell-slot';
import { createAppRouter, type AppRouter } from '../routes/tree';
import { startCacheScopeSync } from './cache-scope';
import { CheckoutReminderPrompt } from './checkout-reminder-prompt';
import { NoticeHost, setErrorNavigator } from '../ui/error-presenter';
import { OfflineBanner } from './offline-banner';
import { PwaUpdatePrompt } from './pwa-update';
import { createQueryClient } from './query-client';
import { createSession } from './session';
import { Shell } from './shell/shell';

export interface AppState {
  queryClient: QueryClient;
  router: AppRouter;
}

/** The page's client and router; `prepare` fills the client first (answers the server rendered with). */
export function createAppState(prepare?: (queryClient: QueryClient) => void, history?: RouterHistory): AppState {
  const queryClient = createQueryClient();
  prepare?.(queryClient);
  // Tells the service worker which account the catalogue cache belongs to.
  startCacheScopeSync(queryClient, userKeys.base());
  const router = createAppRouter({ queryClient, auth: createSession(queryClient) }, { history });
  return { queryClient, router };
}

/** One request's client and router on the server: its own cache, the URL's history, no retries. */
export function createServerAppState(queryClient: QueryClient, history: RouterHistory): AppState {
  const router = createAppRouter(
    { queryClient, auth: createSession(queryClient) },
    { history, scrollRestoration: false },
  );
  return { queryClient, router };
}

/** SPEC §8 redirects (login, /dzht) stay inside the SPA instead of reloading the page. */
function useErrorNavigation(router: AppRouter) {
  useEffect(() => {
    setErrorNavigator((href) => void router.navigate({ href }));
    return () => setErrorNavigator(null);
  }, [router]);
}

export function App({ state }: { state: AppState }) {
  const { queryClient, router } = state;
  const navigate = useCallback((href: string) => void router.navigate({ href }), [router]);
  useErrorNavigation(router);
  // The local store (Dexie, outbox, sync) loads after first paint and follows the signed-in account.
  useEffect(() => bootLocal(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ShellSlot.Provider value={Shell}>
        <RouterProvider router={router} />
      </ShellSlot.Provider>
      <NoticeHost />
      <PwaUpdatePrompt />
      <OfflineBanner />
      <CheckoutReminderPrompt navigate={navigate} />
    </QueryClientProvider>
  );
}
