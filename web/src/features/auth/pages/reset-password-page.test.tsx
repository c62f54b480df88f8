import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, PASSWORD_TOO_SHORT_MESSAGE } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { ResetPasswordPage } from './reset-password-page';

function renderAt(url: string) {
  return renderWithApp(null, {
    user: null,
    routes: [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <h1>Log In</h1> },
    ],
    initialEntries: [url],
  });
}

async function fill(password: string, again = password) {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Type it again'), again);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('says why a link that the server refused cannot be used, with a way to get a new one', async () => {
    mockFetch({});
    renderAt('/reset-password?error=INVALID_TOKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used');
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('checks the new password before sending it: the length rule and the two copies', async () => {
    const { callsTo } = mockFetch({});
    renderAt('/reset-password?token=t0k3n');
    await fill('12345');
    expect(await screen.findByText(MESSAGES.passwordMin)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Type it again'));
    await fill('1234567', '1234568');
    expect(await screen.findByText(PASSWORD_TOO_SHORT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('The two passwords do not match')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('sends the token with the new password and goes on to the login page', async () => {
    const { callTo } = mockFetch({ 'POST /api/auth/reset-password': { body: { status: true } } });
    const { router } = renderAt('/reset-password?token=t0k3n');
    await fill('a-fresh-start-42');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(callTo('POST', '/api/auth/reset-password').body).toEqual({ token: 't0k3n', newPassword: 'a-fresh-start-42' });
  });

  it('after the sign-up mail verified the address: says why a password is asked for, and sets it', async () => {
    const { callTo } = mockFetch({ 'POST /api/auth/reset-password': { body: { status: true } } });
    const { router } = renderAt('/reset-password?token=t0k3n&verified=1');
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your email address is verified. Choose the password you will log in with: for your safety, the one typed when the account was made no longer works',
    );
    await userEvent.type(screen.getByLabelText('New password'), 'owners-own-42');
    await userEvent.type(screen.getByLabelText('Type it again'), 'owners-own-42');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await screen.findByRole('heading', { name: 'Log In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(callTo('POST', '/api/auth/reset-password').body).toEqual({ token: 't0k3n', newPassword: 'owners-own-42' });
  });

  it('turns into the expired-link message when the server refuses the token', async () => {
    mockFetch({ 'POST /api/auth/reset-password': { status: 400, body: { code: 'INVALID_TOKEN', message: 'Invalid token' } } });
    renderAt('/reset-password?token=used');
    await fill('a-fresh-start-42');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used');
  });

  it("shows the server's reason for refusing the password itself", async () => {
    const message = 'This password is one of the most common ones and easy to guess. Choose another.';
    mockFetch({ 'POST /api/auth/reset-password': { status: 400, body: { code: 'PASSWORD_TOO_COMMON', message } } });
    renderAt('/reset-password?token=t0k3n');
    await fill('password1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });
});
