import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { AuditPage } from './audit-page';

const admin = { id: 'u-admin', name: 'Ada Admin', email: 'admin@shop.test', role: 'admin' };

function entry(i: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: `00000000-0000-4000-8000-00000000000${i}`,
    at: `2026-11-0${i}T10:00:00.000Z`,
    actorId: 'u-admin',
    actorEmail: 'admin@shop.test',
    ip: '203.0.113.7',
    action: 'seller.verified',
    targetType: 'user',
    targetId: `u-${i}`,
    details: { email: `seller${i}@shop.test` },
    ...over,
  };
}

function screenWidth(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

describe('AuditPage', () => {
  beforeEach(() => screenWidth(true));

  it('lists the entries newest first and loads more through the Link header', async () => {
    const { callsTo } = mockFetch({
      'GET /api/audit': ({ url }) =>
        url.searchParams.get('cursor')
          ? { body: [entry(1, { actorId: 'system', actorEmail: null, ip: null, action: 'payment.refunded', details: {} })] }
          : { body: [entry(3), entry(2)], headers: { link: '</api/audit?limit=25&cursor=abc>; rel="next"' } },
    });
    renderWithApp(<AuditPage />, { user: admin });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Seller verified');
    expect(rows[0]).toHaveTextContent('seller3@shop.test');
    expect(rows[0]).toHaveTextContent('203.0.113.7');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Payment refunded')).toBeInTheDocument();
    expect(within(table).getByText('The shop (automatic)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/audit').map((c) => c.url.searchParams.get('cursor'))).toEqual([null, 'abc']);
  });

  it('shows cards on a phone', async () => {
    screenWidth(false);
    mockFetch({ 'GET /api/audit': { body: [entry(2)] } });
    renderWithApp(<AuditPage />, { user: admin });
    const list = await screen.findByRole('list', { name: 'Audit log' });
    expect(within(list).getByRole('heading', { name: 'Seller verified' })).toBeInTheDocument();
    expect(list).toHaveTextContent('seller2@shop.test');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when nothing is recorded yet', async () => {
    mockFetch({ 'GET /api/audit': { body: [] } });
    renderWithApp(<AuditPage />, { user: admin });
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();
  });

  it('an admin without two-factor sign-in is sent to the profile page, not shown a retry', async () => {
    mockFetch({
      'GET /api/audit': {
        status: 403,
        body: { error: 'two_factor_required', message: 'Turn on two-factor sign-in on your profile page to use admin tools.' },
      },
    });
    renderWithApp(<AuditPage />, { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Turn on two-factor sign-in on your profile page to use admin tools.');
    expect(within(alert).getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/dashboard/profile');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
