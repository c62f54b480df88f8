import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { queryKeys } from '@/lib/query-keys';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, sessionFor, testQueryClient } from '@/test/render';
import { ForgotPasswordPage } from '../pages/forgot-password-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { TwoFactorPage } from '../pages/two-factor-page';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/**
 * The forms the server draws (its HTML comes before the app's script): until the app runs them, the
 * browser would send them itself, and with GET a password would land in the address bar.
 */

function tree(path: string, element: ReactElement, client: QueryClient) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </QueryClientProvider>
  );
}

const noop = () => {};
const FORMS: [string, string, ReactElement][] = [
  ['Log In', '/login', <LoginForm key="login" onSuccess={noop} onTwoFactor={noop} />],
  ['Sign Up', '/signup', <SignupForm key="signup" onSuccess={noop} />],
  ['Forgot password', '/forgot-password', <ForgotPasswordPage key="forgot" />],
  ['Choose a new password', '/reset-password?token=t1', <ResetPasswordPage key="reset" />],
  ['Two-factor sign-in', '/login/two-factor', <TwoFactorPage key="two-factor" />],
];

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('forms drawn by the server', () => {
  it.each(FORMS)('%s: posted, never GET, and its button waits for the app, saying it is loading', (label, path, element) => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(path, element, testQueryClient()));
    const form = container.querySelector(`form[aria-label="${label}"]`);
    expect(form?.getAttribute('method')).toBe('post');
    const submit = form?.querySelector('button[type="submit"]');
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('(Loading…)');
  });

  it('what was typed before the app ran is kept, and the app signs in with it', async () => {
    const { callTo } = mockFetch({
      'POST /api/auth/sign-in/email': { body: { user: { id: 'u1', email: 'buyer@shop.test', name: 'Bea' } } },
      'GET /api/auth/get-session': { body: sessionFor(buyer) },
    });
    const client = testQueryClient();
    client.setQueryData(queryKeys.session, null);
    const onSuccess = vi.fn();
    const ui = tree('/login', <LoginForm onSuccess={onSuccess} onTwoFactor={noop} />, client);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(ui);
    // Typed (or filled in by the browser) into the server's HTML: no event reaches any app yet.
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    const password = container.querySelector<HTMLInputElement>('input[name="password"]')!;
    email.value = 'buyer@shop.test';
    password.value = 'secret123';

    await act(async () => {
      root = hydrateRoot(container, ui);
    });
    const button = screen.getByRole('button', { name: 'Login' });
    expect(button).toBeEnabled();
    expect(email.value).toBe('buyer@shop.test');
    await userEvent.click(button);
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(callTo('POST', '/api/auth/sign-in/email').body).toEqual({ email: 'buyer@shop.test', password: 'secret123' });
  });
});
