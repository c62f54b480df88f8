import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp } from '@/test/render';
import { VerifyEmailBanner } from './verify-email-banner';

const unverified = { ...buyer, emailVerified: false };

describe('VerifyEmailBanner', () => {
  it('is shown to a signed-in account whose email is not verified, and not otherwise', async () => {
    mockFetch({});
    const { unmount } = renderWithApp(<VerifyEmailBanner />, { user: unverified });
    const banner = await screen.findByRole('region', { name: 'Email verification' });
    expect(banner).toHaveTextContent('Please verify your email address.');
    expect(banner).toHaveTextContent(buyer.email);
    unmount();

    renderWithApp(<VerifyEmailBanner />, { user: { ...buyer, emailVerified: true } });
    renderWithApp(<VerifyEmailBanner />, { user: null });
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
  });

  it('mails a new link on Resend and says so', async () => {
    const { callTo } = mockFetch({ 'POST /api/auth/send-verification-email': { body: { status: true } } });
    renderWithApp(<VerifyEmailBanner />, { user: unverified });
    const banner = await screen.findByRole('region', { name: 'Email verification' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Resend' }));
    expect(await within(banner).findByRole('status')).toHaveTextContent(`We sent a new link to ${buyer.email}.`);
    expect(callTo('POST', '/api/auth/send-verification-email').body).toEqual({ email: buyer.email });
  });

  it("shows the server's reason when a new link is refused (one a minute)", async () => {
    const message = 'We sent you a link less than a minute ago. Check your inbox (and spam folder), or try again in a minute.';
    mockFetch({ 'POST /api/auth/send-verification-email': { status: 429, body: { code: 'TOO_MANY_EMAILS', message } } });
    renderWithApp(<VerifyEmailBanner />, { user: unverified });
    const banner = await screen.findByRole('region', { name: 'Email verification' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Resend' }));
    expect(await within(banner).findByRole('status')).toHaveTextContent(message);
  });
});
