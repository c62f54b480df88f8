import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailSettings as Settings } from '@shop/contract';
import { mockFetch, pending } from '@/test/fetch-mock';
import { buyer, renderWithApp } from '@/test/render';
import { MAIL_SETTINGS_SAVED, MailSettings } from './mail-settings';

const allOn: Settings = {
  'order-placed': true,
  'payment-received': true,
  refund: true,
  'seller-verified': true,
  'new-message': true,
  alerts: true,
  offers: true,
};
const seller = { ...buyer, id: 'u-seller', email: 'seller@shop.test', role: 'seller' as const };

describe('MailSettings', () => {
  it('says it is loading', async () => {
    mockFetch({ 'GET /api/me/mail-settings': () => pending() });
    renderWithApp(<MailSettings />, { user: seller });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your mail settings…');
  });

  it('shows each kind as saved: a seller sees all seven', async () => {
    mockFetch({ 'GET /api/me/mail-settings': { body: { ...allOn, refund: false } } });
    renderWithApp(<MailSettings />, { user: seller });
    expect(await screen.findByRole('checkbox', { name: /Someone books one of my items/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /A payment is received/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /A payment of mine is refunded/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /An admin verifies my seller account/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Someone writes to me/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /My alerts/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Offers/ })).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(7);
    expect(screen.getByText(/always sent/)).toBeInTheDocument();
  });

  it('a buyer sees only the mails a buyer can get', async () => {
    mockFetch({ 'GET /api/me/mail-settings': { body: allOn } });
    renderWithApp(<MailSettings />, { user: buyer });
    expect(await screen.findByRole('checkbox', { name: /A payment is received/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /refunded/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /books one of my items/ })).not.toBeInTheDocument();
    // Offers are a buyer's too (every account buys): payment, refund, messages, alerts, offers.
    expect(screen.getAllByRole('checkbox')).toHaveLength(5);
  });

  it('saves the boxes shown and says so', async () => {
    const { callTo } = mockFetch({
      'GET /api/me/mail-settings': { body: allOn },
      'PUT /api/me/mail-settings': ({ body }) => ({ body: { ...allOn, ...(body as Partial<Settings>) } }),
    });
    renderWithApp(<MailSettings />, { user: seller });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Someone books one of my items/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /An admin verifies my seller account/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MAIL_SETTINGS_SAVED);
    expect(callTo('PUT', '/api/me/mail-settings').body).toEqual({
      'order-placed': false,
      'payment-received': true,
      refund: true,
      'seller-verified': false,
      'new-message': true,
      alerts: true,
      offers: true,
    });
    expect(screen.getByRole('checkbox', { name: /Someone books one of my items/ })).not.toBeChecked();
  });

  it('shows the server’s message when saving fails, and keeps the choice', async () => {
    mockFetch({
      'GET /api/me/mail-settings': { body: allOn },
      'PUT /api/me/mail-settings': {
        status: 400,
        body: { error: 'validation_error', message: 'refund must be true or false', field: 'refund' },
      },
    });
    renderWithApp(<MailSettings />, { user: buyer });
    await userEvent.click(await screen.findByRole('checkbox', { name: /refunded/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: refund must be true or false');
    expect(screen.getByRole('checkbox', { name: /refunded/ })).not.toBeChecked();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/me/mail-settings': () =>
        ++calls === 1
          ? { status: 503, body: { error: 'unavailable', message: 'The shop is down for a moment.' } }
          : { body: allOn },
    });
    renderWithApp(<MailSettings />, { user: buyer });
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is down for a moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: /refunded/ })).toBeChecked();
  });
});
