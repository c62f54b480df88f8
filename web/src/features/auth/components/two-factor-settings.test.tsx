import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp, sessionFor } from '@/test/render';
import { TwoFactorSettings } from './two-factor-settings';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Second-hand%20tech%20shop:buyer%40shop.test?secret=${SECRET}&issuer=Second-hand%20tech%20shop&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const accounts = { 'GET /api/auth/list-accounts': { body: [{ providerId: 'credential' }] } };

describe('TwoFactorSettings', () => {
  it('turns on: password, QR code and secret, a code, then the recovery codes once', async () => {
    const { callTo } = mockFetch({
      ...accounts,
      'POST /api/auth/two-factor/enable': { body: { method: 'totp', totpURI: URI, backupCodes: CODES } },
      'POST /api/auth/two-factor/verify-totp': { body: { token: 't', user: {} } },
      'GET /api/auth/get-session': { body: sessionFor({ ...buyer, twoFactorEnabled: true }) },
    });
    renderWithApp(<TwoFactorSettings enabled={false} />, { user: buyer });
    expect(await screen.findByTestId('two-factor-status')).toHaveTextContent('Off');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await userEvent.type(screen.getByLabelText('Your password'), 'my-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(callTo('POST', '/api/auth/two-factor/enable').body).toMatchObject({ password: 'my-password-1' });

    const code = screen.getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6-digit code your app shows.')).toBeInTheDocument();
    await userEvent.type(code, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(callTo('POST', '/api/auth/two-factor/verify-totp').body).toEqual({ code: '123456' });
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument());
  });

  it('a wrong password is said under the field, and nothing moves on', async () => {
    mockFetch({
      ...accounts,
      'POST /api/auth/two-factor/disable': { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } },
    });
    renderWithApp(<TwoFactorSettings enabled />, { user: { ...buyer, twoFactorEnabled: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Your password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a Google-only account is told where its second step lives', async () => {
    mockFetch({ 'GET /api/auth/list-accounts': { body: [{ providerId: 'google' }] } });
    renderWithApp(<TwoFactorSettings enabled={false} />, { user: buyer });
    expect(await screen.findByText(/turn on 2-Step Verification in your Google account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on two-factor sign-in' })).not.toBeInTheDocument();
  });
});
