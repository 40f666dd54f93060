// Providers and the router: one QueryClient for the tab, the router under /admin. A 401 from any
// request means the console session ended (expired, signed out elsewhere, TOTP newly required):
// forget who was signed in and go to the login, coming back here afterwards.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createConsoleRouter, type ConsoleRouter } from './router.tsx';
import { isSignedOut } from '../api/client.ts';
import { meKey } from '../api/session.ts';

function createConsole(): { queryClient: QueryClient; router: ConsoleRouter } {
  let router: ConsoleRouter | null = null;
  const signedOut = (error: unknown) => {
    if (!isSignedOut(error) || !router) return;
    queryClient.setQueryData(meKey, null);
    const here = router.state.location;
    if (here.pathname !== '/login') void router.navigate({ to: '/login', search: { redirect: here.href } });
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: signedOut }),
    mutationCache: new MutationCache({ onError: signedOut }),
    defaultOptions: {
      // A 401 or a refusal will not change by asking again; a network hiccup might.
      queries: { retry: (count, error) => !isSignedOut(error) && count < 1, refetchOnWindowFocus: true },
    },
  });
  router = createConsoleRouter(queryClient);
  return { queryClient, router };
}

export function ConsoleApp() {
  const [{ queryClient, router }] = useState(createConsole);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
