import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppToaster } from '#src/app/app-toaster.tsx';
import { routes as appRoutes } from '#src/app/router.tsx';
import { createQueryClient } from '#src/lib/query-client.ts';
import { AuthProvider, type Me } from '#src/lib/auth.tsx';
import { sessionKeys } from '#src/lib/query-keys.ts';

/** The app's own query client (so error toasts behave as in the app) without retries or cache between tests. */
export function createTestQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/**
 * Renders routes (the app's real route table by default) at `url` with the providers of the app. Returns the
 * memory router so tests can read where the app navigated.
 */
export function renderRoute(
  url: string,
  { routes = appRoutes, me = null }: { routes?: RouteObject[]; me?: Me | null | 'fetch' } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createTestQueryClient();
  // Who is signed in (GET /api/me): signed out unless a test says otherwise, or 'fetch' to go through fetch.
  if (me !== 'fetch') queryClient.setQueryData(sessionKeys.me(), me);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <AppToaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element on `path` with a router around it (for components that link or navigate). */
export function renderWithRouter(
  ui: ReactElement,
  { url = '/', extraRoutes = [] as RouteObject[], me = null as Me | null | 'fetch' } = {},
) {
  const path = new URL(url, 'http://localhost').pathname;
  return renderRoute(url, { routes: [{ path, element: ui }, ...extraRoutes], me });
}

/** Current location of a memory router as 'pathname?search'. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
