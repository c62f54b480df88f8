import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp, sessionFor, testQueryClient } from '@/test/render';
import { GOOGLE_NOT_CONFIGURED, startGoogleSignIn } from '../api/google-sign-in';
import { safeReturnPath } from '../hooks/use-return-to';
import { LoginPage } from '../pages/login-page';
import { GoogleButton } from './google-button';

describe('Google sign-in', () => {
  it('says so when the server has no Google sign-in (auth-config 404)', async () => {
    const { callsTo } = mockFetch({});
    renderWithApp(<GoogleButton returnTo="/" />, { user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(GOOGLE_NOT_CONFIGURED)).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/sign-in/social')).toHaveLength(0);
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
