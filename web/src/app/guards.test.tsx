import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { mockFetch, pending } from '@/test/fetch-mock';
import { buyer, renderWithApp, sessionFor } from '@/test/render';
import { RequireAuth, RequireRole } from './guards';

function LoginProbe() {
  const location = useLocation();
  const state = location.state as { from?: { pathname: string }; reason?: string } | null;
  return (
    <div>
      <h1>Login page</h1>
      <p>from: {state?.from?.pathname ?? 'none'}</p>
      <p>reason: {state?.reason ?? 'none'}</p>
    </div>
  );
}

const routes = [
  { path: '/login', element: <LoginProbe /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/category/:category', element: <h1>Category page</h1> },
      {
        path: '/dashboard',
        children: [
          { index: true, element: <h1>Welcome</h1> },
          { element: <RequireRole roleName="buyer" />, children: [{ path: 'myorders', element: <h1>My orders</h1> }] },
          { element: <RequireRole roleName="admin" />, children: [{ path: 'allbuyer', element: <h1>All buyers</h1> }] },
        ],
      },
    ],
  },
];

describe('RequireAuth', () => {
  it('shows a spinner while the session is being checked', async () => {
    mockFetch({ 'GET /api/auth/get-session': () => pending() });
    renderWithApp(null, { routes, initialEntries: ['/category/Laptop'] });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByText('Category page')).not.toBeInTheDocument();
  });

  it('redirects a logged-out visitor to /login, remembering the origin', async () => {
    mockFetch({ 'GET /api/auth/get-session': { body: null } });
    renderWithApp(null, { routes, initialEntries: ['/category/Laptop'] });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByText('from: /category/Laptop')).toBeInTheDocument();
  });

  it('renders the page for a logged-in user', async () => {
    mockFetch({});
    renderWithApp(null, { routes, initialEntries: ['/category/Laptop'], user: buyer });
    expect(await screen.findByRole('heading', { name: 'Category page' })).toBeInTheDocument();
  });
});

describe('RequireRole', () => {
  it('shows a spinner while the session (which carries the role) is being read', async () => {
    mockFetch({ 'GET /api/auth/get-session': () => pending() });
    renderWithApp(null, { routes, initialEntries: ['/dashboard/myorders'] });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByText('My orders')).not.toBeInTheDocument();
  });

  it("renders the page when the session's role is the one asked for, with no role call", async () => {
    const { calls } = mockFetch({ 'GET /api/auth/get-session': { body: sessionFor(buyer) } });
    renderWithApp(null, { routes, initialEntries: ['/dashboard/myorders'] });
    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/get-session']);
  });

  it('redirects to /login when the role is missing', async () => {
    mockFetch({});
    renderWithApp(null, { routes, initialEntries: ['/dashboard/allbuyer'], user: buyer });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByText('from: /dashboard/allbuyer')).toBeInTheDocument();
    expect(screen.getByText('reason: forbidden')).toBeInTheDocument();
  });

  it('lets an admin into admin pages but not into buyer pages', async () => {
    mockFetch({});
    const admin = { ...buyer, role: 'admin' };
    renderWithApp(null, { routes, initialEntries: ['/dashboard/allbuyer'], user: admin });
    expect(await screen.findByRole('heading', { name: 'All buyers' })).toBeInTheDocument();
    renderWithApp(null, { routes, initialEntries: ['/dashboard/myorders'], user: admin });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('redirects a logged-out visitor to /login first', async () => {
    mockFetch({ 'GET /api/auth/get-session': { body: null } });
    renderWithApp(null, { routes, initialEntries: ['/dashboard/myorders'] });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByText('from: /dashboard/myorders')).toBeInTheDocument();
    expect(screen.getByText('reason: none')).toBeInTheDocument();
  });
});
