import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { YouReceive } from './you-receive';

const config = (percent: number, fixedCents: number) => ({
  'GET /api/auth-config': { body: { google: false, paymentProvider: 'simulated', platformFee: { percent, fixedCents } } },
});

describe('YouReceive', () => {
  it("says what the seller receives after the shop's fee, by the contract's rule (half up, to the cent)", async () => {
    mockFetch(config(2.9, 30));
    renderWithApp(<YouReceive price="1,299.50" />);
    // 2.9 % of $1,299.50 is $37.6855, rounded to $37.69; plus $0.30.
    expect(await screen.findByTestId('you-receive')).toHaveTextContent(
      "You receive $1,261.51 of $1,299.50 (the shop's fee: $37.99).",
    );
  });

  it('says the whole price without a fee, and nothing for a price it cannot read', async () => {
    mockFetch(config(0, 0));
    renderWithApp(
      <>
        <YouReceive price="450" />
        <YouReceive price="12,5" />
        <YouReceive price="" />
      </>,
    );
    expect(await screen.findByTestId('you-receive')).toHaveTextContent('You receive $450.00 of $450.00.');
    expect(screen.getAllByTestId('you-receive')).toHaveLength(1);
  });
});
