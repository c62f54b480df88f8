import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp, sessionFor, testQueryClient } from '@/test/render';
import { GOOGLE_NOT_CONFIGURED, startGoogleSignIn } from '../api/google-sign-in';
import { safeReturnPath } from '../hooks/use-return-to';
import { seedQueries } from '@/lib/initial-data';
import { queryKeys } from '@/lib/query-keys';
import { LoginPage } from '../pages/login-page';
import { SignupPage } from '../pages/signup-page';

describe('Google sign-in', () => {
  it.each([
    ['auth-config 404', {}],
    ['google: false', { 'GET /api/auth-config': { body: { google: false, paymentProvider: 'simulated' } } }],
  ])('shows no button on the log-in and sign-up pages when the server has no Google sign-in (%s)', async (_, answers) => {
    for (const page of [<LoginPage key="login" />, <SignupPage key="signup" />]) {
      const { callsTo } = mockFetch(answers);
      const { unmount, queryClient } = renderWithApp(page, { user: null });
      await waitFor(() => expect(queryClient.getQueryData(queryKeys.authConfig)).toEqual({ google: false }));
      expect(callsTo('GET', '/api/auth-config')).toHaveLength(1);
      // Once the answer is in, nothing was drawn for Google: no button, no "OR" before it.
      expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
      expect(screen.queryByText('OR')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('shows the button on both pages when the server has Google sign-in, from the page data without asking', async () => {
    for (const page of [<LoginPage key="login" />, <SignupPage key="signup" />]) {
      const { callsTo } = mockFetch({});
      const queryClient = testQueryClient();
      // As the server's page carries it (InitialPageData.authConfig).
      seedQueries(queryClient, { authConfig: { google: true } });
      const { unmount } = renderWithApp(page, { user: null, queryClient });
      expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
      expect(screen.getByText('OR')).toBeInTheDocument();
      expect(callsTo('GET', '/api/auth-config')).toHaveLength(0);
      unmount();
    }
  });

  it('says so when auth-config answers google: false', async () => {
    mockFetch({ 'GET /api/auth-config': { body: { google: false, paymentProvider: 'simulated' } } });
    await expect(startGoogleSignIn(testQueryClient(), '/')).resolves.toEqual({ ok: false, message: GOOGLE_NOT_CONFIGURED });
  });

  it('asks Better Auth for the provider URL with same-origin callbacks when configured', async () => {
    const { callTo } = mockFetch({
      'GET /api/auth-config': { body: { google: true, paymentProvider: 'simulated' } },
      'POST /api/auth/sign-in/social': { body: { url: 'https://accounts.example/authorize?x=1', redirect: true } },
    });
    await expect(startGoogleSignIn(testQueryClient(), '/category/Laptop')).resolves.toEqual({
      ok: true,
      url: 'https://accounts.example/authorize?x=1',
    });
    expect(callTo('POST', '/api/auth/sign-in/social').body).toEqual({
      provider: 'google',
      callbackURL: '/category/Laptop',
      // A failed sign-in comes back to /login still knowing where the person was going.
      errorCallbackURL: '/login?from=%2Fcategory%2FLaptop',
    });
  });

  it('sends a failed sign-in from the home page back to plain /login', async () => {
    const { callTo } = mockFetch({
      'GET /api/auth-config': { body: { google: true } },
      'POST /api/auth/sign-in/social': { body: { url: 'https://accounts.example/authorize', redirect: true } },
    });
    await startGoogleSignIn(testQueryClient(), '/');
    expect(callTo('POST', '/api/auth/sign-in/social').body).toMatchObject({ callbackURL: '/', errorCallbackURL: '/login' });
  });

  it('shows the message of a failed Google sign-in that came back to /login', async () => {
    mockFetch({});
    renderWithApp(null, {
      user: null,
      routes: [{ path: '/login', element: <LoginPage /> }],
      initialEntries: ['/login?error=access_denied&message=Google%20sign-in%20was%20cancelled.'],
    });
    expect(await screen.findByText('Error: Google sign-in was cancelled.')).toBeInTheDocument();
  });

  it('after a failed sign-in, logging in goes to the page of ?from=', async () => {
    mockFetch({
      'POST /api/auth/sign-in/email': { body: { user: { id: 'u1', email: 'buyer@shop.test', name: 'Bea' } } },
      'GET /api/auth/get-session': { body: sessionFor(buyer) },
    });
    const { router } = renderWithApp(null, {
      user: null,
      routes: [
        { path: '/login', element: <LoginPage /> },
        { path: '/category/:name', element: <p>category page</p> },
      ],
      initialEntries: ['/login?from=%2Fcategory%2FLaptop&error=access_denied&message=Google%20sign-in%20was%20cancelled.'],
    });
    expect(await screen.findByText('Error: Google sign-in was cancelled.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('category page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/category/Laptop');
  });

  it('ignores a ?from= that points at another site', () => {
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/login?x=1')).toBeNull();
    expect(safeReturnPath('/dashboard?tab=1')).toBe('/dashboard?tab=1');
  });
});
