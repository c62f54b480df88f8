import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { queryKeys } from '@/lib/query-keys';
import type { SessionData, SessionUser } from '@/lib/auth-client';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** A user as a test writes it: who they are; the rest of Better Auth's user gets plain defaults. */
export type TestUser = Pick<SessionUser, 'id' | 'name' | 'email'> & Partial<SessionUser>;

const created = new Date('2026-01-01T00:00:00.000Z');

function sessionUser(user: TestUser): SessionUser {
  return {
    emailVerified: false,
    image: null,
    createdAt: created,
    updatedAt: created,
    role: 'buyer',
    verified: false,
    roleConfirmed: true,
    deletedAt: null,
    twoFactorEnabled: false,
    ...user,
  };
}

export const buyer = sessionUser({ id: 'u-buyer', name: 'Bea Buyer', email: 'buyer@shop.test' });

/** GET /api/auth/get-session's answer for this user (session id 's1'). */
export function sessionFor(user: TestUser): SessionData {
  return {
    session: {
      id: 's1',
      userId: user.id,
      token: 'token-s1',
      expiresAt: new Date('2999-01-01T00:00:00.000Z'),
      createdAt: created,
      updatedAt: created,
      ipAddress: null,
      userAgent: null,
    },
    user: sessionUser(user),
  };
}

interface Options {
  /** Routes around the element; defaults to one route at "/" rendering `ui`. */
  routes?: RouteObject[];
  initialEntries?: Array<string | { pathname: string; state?: unknown }>;
  /** undefined: leave the session to fetch; null: logged out; a user: logged in. */
  user?: TestUser | null;
  queryClient?: QueryClient;
  /** The page as a phone asked for it (InitialPageData.phone). */
  phone?: boolean;
}

/** Renders with the app's providers and an in-memory router. */
export function renderWithApp(ui: ReactElement | null, options: Options = {}) {
  const queryClient = options.queryClient ?? testQueryClient();
  if (options.user !== undefined) queryClient.setQueryData(queryKeys.session, options.user ? sessionFor(options.user) : null);
  const routes = options.routes ?? [{ path: '/', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  const result = render(
    <AppProviders queryClient={queryClient} shopName="Test Shop" phone={options.phone}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
