// Providers and the router: one QueryClient for the tab, the router under /admin.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createConsoleRouter } from './router.tsx';
import { isSignedOut } from '../api/client.ts';

export function ConsoleApp() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // A 401 or a refusal will not change by asking again; a network hiccup might.
          queries: { retry: (count, error) => !isSignedOut(error) && count < 1, refetchOnWindowFocus: true },
        },
      }),
  );
  const [router] = useState(() => createConsoleRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
