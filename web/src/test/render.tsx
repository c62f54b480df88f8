import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { queryKeys } from '@/lib/query-keys';
import type { SessionData, SessionUser } from '@/features/auth/types';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity }, mutations: { retry: false } },
  });
}

export const buyer: SessionUser = { id: 'u-buyer', name: 'Bea Buyer', email: 'buyer@shop.test', role: 'buyer', verified: false };

export function sessionFor(user: SessionUser): SessionData {
  return { session: { id: 's1', userId: user.id, expiresAt: '2999-01-01T00:00:00.000Z' }, user };
}

interface Options {
  /** Routes around the element; defaults to one route at "/" rendering `ui`. */
  routes?: RouteObject[];
  initialEntries?: Array<string | { pathname: string; state?: unknown }>;
  /** undefined: leave the session to fetch; null: logged out; a user: logged in. */
  user?: SessionUser | null;
  queryClient?: QueryClient;
}

/** Renders with the app's providers and an in-memory router. */
export function renderWithApp(ui: ReactElement | null, options: Options = {}) {
  const queryClient = options.queryClient ?? testQueryClient();
  if (options.user !== undefined) queryClient.setQueryData(queryKeys.session, options.user ? sessionFor(options.user) : null);
  const routes = options.routes ?? [{ path: '/', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
