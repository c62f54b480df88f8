import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shop/contract';
import { mockFetch, pending } from '@/test/fetch-mock';
import { buyer, renderWithApp, sessionFor } from '@/test/render';
import { PASSWORDS_DIFFER, SAME_PASSWORD } from '../lib/profile-rules';
import { describeUserAgent } from '../lib/user-agent';
import { ProfilePage } from '../pages/profile-page';
import { ActiveSessions } from './active-sessions';
import { ChangePasswordForm } from './change-password-form';
import { ProfileNameForm } from './profile-name-form';

const rateLimited = (s: number, what = 'attempts') => ({
  status: 429,
  body: { error: 'rate_limited', message: `Too many ${what}. Try again in ${s} seconds.` },
});

describe('ProfileNameForm', () => {
  it('starts with the current name and refuses an empty one', async () => {
    const { callsTo } = mockFetch({});
    renderWithApp(<ProfileNameForm name="Bea Buyer" />, { user: buyer });
    const input = await screen.findByLabelText('Name');
    expect(input).toHaveValue('Bea Buyer');
    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(MESSAGES.nameRequired)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/auth/update-user')).toHaveLength(0);
  });

  it('saves the trimmed name, says so and refreshes the session', async () => {
    const { callTo } = mockFetch({
      'POST /api/auth/update-user': { body: { status: true } },
      'GET /api/auth/get-session': { body: sessionFor({ ...buyer, name: 'Beatrice' }) },
    });
    const { queryClient } = renderWithApp(<ProfileNameForm name="Bea Buyer" />, { user: buyer });
    const input = await screen.findByLabelText('Name');
    await userEvent.clear(input);
    await userEvent.type(input, '  Beatrice  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your name was updated.');
    expect(callTo('POST', '/api/auth/update-user').body).toEqual({ name: 'Beatrice' });
    expect(input).toHaveValue('Beatrice');
    // The navbar and the dashboard read the name from the session: it is asked again.
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toMatchObject({ user: { name: 'Beatrice' } }));
  });

  it("shows the server's message when the update is refused (429 included)", async () => {
    mockFetch({ 'POST /api/auth/update-user': rateLimited(17, 'requests') });
    renderWithApp(<ProfileNameForm name="Bea Buyer" />, { user: buyer });
    await userEvent.type(await screen.findByLabelText('Name'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Too many requests. Try again in 17 seconds.');
  });
});

async function fillPasswords(current: string, next: string, confirm = next) {
  if (current) await userEvent.type(await screen.findByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
}
const submitPassword = () => userEvent.click(screen.getByRole('button', { name: 'Change password' }));

describe('ChangePasswordForm', () => {
  it('asks for all three fields', async () => {
    const { callsTo } = mockFetch({});
    renderWithApp(<ChangePasswordForm />, { user: buyer });
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText('Type the new password again')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it('holds the new password to the password rule, typed twice the same, and new', async () => {
    const { callsTo } = mockFetch({});
    renderWithApp(<ChangePasswordForm />, { user: buyer });
    await fillPasswords('secret123', '12345');
    await submitPassword();
    const short = await screen.findByText(MESSAGES.passwordMin);
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-describedby', expect.stringContaining(short.id));

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'longer-one');
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'longer-two');
    await submitPassword();
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'secret123');
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'secret123');
    await submitPassword();
    expect(await screen.findByText(SAME_PASSWORD)).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it('changes it, signing out other devices when asked, and clears the fields', async () => {
    const { callTo, callsTo } = mockFetch({
      'POST /api/auth/change-password': { body: { token: 'new', user: {} } },
      'GET /api/auth/get-session': { body: sessionFor(buyer) },
      'GET /api/auth/list-sessions': { body: [] },
    });
    const { queryClient } = renderWithApp(<ChangePasswordForm />, { user: buyer });
    const devices = ['account', 'sessions'];
    queryClient.setQueryData(devices, [{ id: 's-other' }]);
    await fillPasswords('secret123', 'brand-new-1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sign out of other devices' }));
    await submitPassword();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password was changed, and your other devices were signed out.',
    );
    expect(callTo('POST', '/api/auth/change-password').body).toEqual({
      currentPassword: 'secret123',
      newPassword: 'brand-new-1',
      revokeOtherSessions: true,
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Sign out of other devices' })).not.toBeChecked();
    // The other devices are gone from the list: it is asked again when shown. This browser keeps
    // its session (decision 077): the session is not asked again.
    await waitFor(() => expect(queryClient.getQueryState(devices)?.isInvalidated).toBe(true));
    expect(callsTo('GET', '/api/auth/get-session')).toHaveLength(0);
  });

  it('says so when the password changed but the other devices are still signed in', async () => {
    mockFetch({
      'POST /api/auth/change-password': { body: { token: null, user: {}, otherSessionsEnded: false } },
      'GET /api/auth/list-sessions': { body: [] },
    });
    renderWithApp(<ChangePasswordForm />, { user: buyer });
    await fillPasswords('secret123', 'brand-new-1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sign out of other devices' }));
    await submitPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your password was changed, but your other devices could not be signed out just now. Use 'Sign out of all devices' below to end them.",
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The old password is no longer the current one: nothing typed is kept to be sent again.
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('keeps other devices signed in by default', async () => {
    const { callTo } = mockFetch({ 'POST /api/auth/change-password': { body: { token: null, user: {} } } });
    renderWithApp(<ChangePasswordForm />, { user: buyer });
    await fillPasswords('secret123', 'brand-new-1');
    await submitPassword();
    expect(await screen.findByRole('status')).toHaveTextContent(/^Your password was changed\.$/);
    expect(callTo('POST', '/api/auth/change-password').body).toMatchObject({ revokeOtherSessions: false });
  });

  it('says when the current password is wrong', async () => {
    mockFetch({
      'POST /api/auth/change-password': { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } },
    });
    renderWithApp(<ChangePasswordForm />, { user: buyer });
    await fillPasswords('not-it-1', 'brand-new-1');
    await submitPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Your current password is not correct.');
    // What was typed stays, to correct it.
    expect(screen.getByLabelText('Current password')).toHaveValue('not-it-1');
  });

  it("shows the rate limit's message as the server says it", async () => {
    mockFetch({ 'POST /api/auth/change-password': rateLimited(42) });
    renderWithApp(<ChangePasswordForm />, { user: buyer });
    await fillPasswords('secret123', 'brand-new-1');
    await submitPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Too many attempts. Try again in 42 seconds.');
  });
});

const chromeLinux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const safariIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const sessionRow = (id: string, userAgent: string | null, createdAt: string) => ({
  id,
  token: `token-${id}`,
  userId: buyer.id,
  userAgent,
  ipAddress: '203.0.113.7',
  createdAt,
  updatedAt: createdAt,
  expiresAt: '2999-01-01T00:00:00.000Z',
});

const withLogin = (ui: ReactElement) => [
  { path: '/', element: ui },
  { path: '/login', element: <p>login page</p> },
];

describe('ActiveSessions', () => {
  it('lists the devices, this one first and marked, then the newest', async () => {
    mockFetch({
      'GET /api/auth/list-sessions': {
        body: [
          sessionRow('s-old', safariIphone, '2026-01-02T10:00:00.000Z'),
          sessionRow('s1', chromeLinux, '2026-03-04T10:00:00.000Z'),
          sessionRow(
            's-new',
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
            '2026-05-06T10:00:00.000Z',
          ),
        ],
      },
    });
    renderWithApp(null, { user: buyer, routes: withLogin(<ActiveSessions />) });
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('IP 203.0.113.7');
    expect(rows[0]).toHaveTextContent('Signed in 4 Mar 2026');
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).toHaveTextContent('Firefox on Windows');
    expect(rows[1]).not.toHaveTextContent('This device');
    expect(rows[2]).toHaveTextContent('Safari on iPhone');
    // Session tokens are never put on the page.
    expect(document.body.innerHTML).not.toContain('token-');
  });

  it('explains a refused list (Better Auth lists devices only for a fresh session)', async () => {
    mockFetch({
      'GET /api/auth/list-sessions': { status: 403, body: { code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' } },
    });
    renderWithApp(null, { user: buyer, routes: withLogin(<ActiveSessions />) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Log in again to see it.');
    expect(screen.getByRole('button', { name: 'Sign out of all devices' })).toBeEnabled();
  });

  it('signs out of all devices after a confirmation, then lands on /login signed out', async () => {
    const { callsTo } = mockFetch({
      'GET /api/auth/list-sessions': { body: [sessionRow('s1', chromeLinux, '2026-03-04T10:00:00.000Z')] },
      'POST /api/auth/revoke-sessions': { body: { status: true } },
    });
    const { router, queryClient } = renderWithApp(null, { user: buyer, routes: withLogin(<ActiveSessions />) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(callsTo('POST', '/api/auth/revoke-sessions')).toHaveLength(1);
    expect(queryClient.getQueryData(['session'])).toBeNull();
  });

  it('stays and says why when signing out everywhere fails', async () => {
    mockFetch({
      'GET /api/auth/list-sessions': () => pending(),
      'POST /api/auth/revoke-sessions': rateLimited(9, 'requests'),
    });
    const { router } = renderWithApp(null, { user: buyer, routes: withLogin(<ActiveSessions />) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Error: Too many requests. Try again in 9 seconds.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('ProfilePage', () => {
  it('has the three parts for a password account', async () => {
    mockFetch({
      'GET /api/auth/list-accounts': { body: [{ providerId: 'credential' }] },
      'GET /api/auth/list-sessions': { body: [] },
    });
    renderWithApp(null, { user: buyer, routes: withLogin(<ProfilePage />) });
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(`Signed in as ${buyer.email}`)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Display name' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out of all devices' })).toBeInTheDocument();
  });

  it('has no password form for an account that only signs in with Google', async () => {
    mockFetch({
      'GET /api/auth/list-accounts': { body: [{ providerId: 'google' }] },
      'GET /api/auth/list-sessions': { body: [] },
    });
    renderWithApp(null, { user: buyer, routes: withLogin(<ProfilePage />) });
    expect(await screen.findByText(/You log in with Google/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
  });
});

describe('describeUserAgent', () => {
  it.each([
    [chromeLinux, 'Chrome on Linux', false],
    [safariIphone, 'Safari on iPhone', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Windows', false],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0',
      'Edge on macOS',
      false,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
      'Chrome on Android',
      true,
    ],
    ['curl/8.5.0', 'curl/8.5.0', false],
    [null, 'Unknown device', false],
  ])('%s', (ua, label, mobile) => {
    expect(describeUserAgent(ua)).toEqual({ label, mobile });
  });
});
