import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModerationQueue, OrderReview as OrderReviewState } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp } from '@/test/render';
import { OrderReview } from './components/order-review';
import { ReportButton } from './components/report-button';
import { ModerationPage } from './pages/moderation-page';

const admin = { id: 'u-admin', name: 'Ada Admin', email: 'admin@shop.test', role: 'admin' };
const LISTING = '11111111-1111-4111-8111-111111111111';
const ORDER = '22222222-2222-4222-8222-222222222222';

const review = {
  _id: '33333333-3333-4333-8333-333333333333',
  orderId: ORDER,
  productId: LISTING,
  productName: 'MacBook Air M1',
  sellerId: 'u-seller',
  buyerName: 'Bea Buyer',
  rating: 4,
  text: 'As described',
  reply: null,
  repliedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('the review form on a completed order', () => {
  it('stars are a radio group chosen by keyboard; the review is posted once and then shown', async () => {
    const state: OrderReviewState = { canReview: true, review: null };
    const { callTo } = mockFetch({
      [`GET /api/orders/${ORDER}/review`]: { body: state },
      [`POST /api/orders/${ORDER}/review`]: { status: 201, body: review },
    });
    renderWithApp(<OrderReview orderId={ORDER} />, { user: buyer });
    const group = await screen.findByRole('group', { name: 'Your rating' });
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByText('Choose from 1 to 5 stars')).toBeInTheDocument();

    await userEvent.click(within(group).getByRole('radio', { name: '3 stars: good' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 stars: very good' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Your review (optional)'), 'As described');
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByRole('region', { name: 'Your review' })).toHaveTextContent('As described');
    expect(callTo('POST', `/api/orders/${ORDER}/review`).body).toEqual({ rating: 4, text: 'As described' });
  });

  it('shows nothing before the hand-off is completed', async () => {
    mockFetch({ [`GET /api/orders/${ORDER}/review`]: { body: { canReview: false, review: null } } });
    const { container } = renderWithApp(<OrderReview orderId={ORDER} />, { user: buyer });
    await expect.poll(() => container.querySelector('[role="status"]')).toBeNull();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('Report', () => {
  it('asks for a reason, then sends the report', async () => {
    const { callTo } = mockFetch({ 'POST /api/reports': { status: 201, body: { acknowledged: true, insertedId: 'r1' } } });
    renderWithApp(<ReportButton kind="listing" targetId={LISTING} label="Report this listing" />, { user: buyer });
    await userEvent.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tell us what is wrong');
    await userEvent.type(within(dialog).getByLabelText('What is wrong?'), 'Fake photos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(callTo('POST', '/api/reports').body).toEqual({ kind: 'listing', targetId: LISTING, reason: 'Fake photos' });
  });
});

describe('ModerationPage', () => {
  const queue: ModerationQueue = {
    items: [
      {
        kind: 'listing',
        targetId: LISTING,
        title: 'Too cheap iPhone',
        detail: '$50.00 · Dhaka',
        link: `/product/${LISTING}`,
        userId: 'u-seller',
        userName: 'Faye Faker',
        userSuspended: false,
        hidden: true,
        reports: [
          {
            _id: 'r1',
            reporterName: 'Bea Buyer',
            reason: 'Fake photos',
            createdAt: '2026-11-01T10:00:00.000Z',
            reporterEstablished: true,
            reporterReportsToday: 1,
            massReporting: false,
          },
          {
            _id: 'r2',
            reporterName: 'Rex Reporter',
            reason: 'Fake',
            createdAt: '2026-11-01T10:05:00.000Z',
            reporterEstablished: false,
            reporterReportsToday: 9,
            massReporting: true,
          },
        ],
      },
    ],
    cases: [],
  };

  it('shows each reported thing beside its reports; an action needs a reason and is posted', async () => {
    const { callTo } = mockFetch({
      'GET /api/moderation/queue': { body: queue },
      'GET /api/moderation/suspended': { body: [] },
      'POST /api/moderation/actions': { body: { action: 'hide_listing', resolvedReports: 1 } },
    });
    renderWithApp(<ModerationPage />, { user: admin });
    const item = (await screen.findByRole('heading', { name: 'Too cheap iPhone' })).closest('li')!;
    expect(item).toHaveTextContent('Fake photos');
    expect(item).toHaveTextContent('Hidden');
    // What the moderator weighs about a reporter: mass reporting, and a report that cannot hide anything.
    const [honest, flood] = within(item).getAllByRole('listitem');
    expect(honest).not.toHaveTextContent(/Mass reporting|No history/);
    expect(flood).toHaveTextContent('Mass reporting: 9 things reported in 24 hours');
    expect(flood).toHaveTextContent('No history yet: does not count toward hiding');
    expect(within(item).queryByRole('button', { name: 'Remove review' })).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Hide listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide listing' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the reason');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Counterfeit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    await expect
      .poll(() => callTo('POST', '/api/moderation/actions').body)
      .toEqual({
        kind: 'listing',
        targetId: LISTING,
        action: 'hide_listing',
        reason: 'Counterfeit',
      });
    expect(await screen.findByText('No account is suspended.')).toBeInTheDocument();
  });

  it("lists the hand-off's open cases, which an admin resolves with a text", async () => {
    const CASE = '44444444-4444-4444-8444-444444444444';
    const { callTo } = mockFetch({
      'GET /api/moderation/queue': {
        body: {
          items: [],
          cases: [
            {
              _id: CASE,
              orderId: ORDER,
              kind: 'disputed',
              text: 'The screen is cracked',
              productId: LISTING,
              productName: 'MacBook Air M1',
              buyerName: 'Bea Buyer',
              sellerName: 'Sally Seller',
              createdAt: '2026-11-01T10:00:00.000Z',
            },
          ],
        },
      },
      'GET /api/moderation/suspended': { body: [] },
      [`POST /api/order-cases/${CASE}/resolve`]: { body: {} },
    });
    renderWithApp(<ModerationPage />, { user: admin });
    const cases = await screen.findByRole('region', { name: 'Hand-off cases' });
    expect(cases).toHaveTextContent('Disputed: MacBook Air M1');
    await userEvent.click(within(cases).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the case about MacBook Air M1' });
    await userEvent.type(within(dialog).getByLabelText('Resolution'), 'Refunded half');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve case' }));
    await expect.poll(() => callTo('POST', `/api/order-cases/${CASE}/resolve`).body).toEqual({ resolution: 'Refunded half' });
  });

  it('says when there is nothing to review', async () => {
    mockFetch({ 'GET /api/moderation/queue': { body: { items: [], cases: [] } }, 'GET /api/moderation/suspended': { body: [] } });
    renderWithApp(<ModerationPage />, { user: admin });
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
  });

  it('a failed load offers a retry', async () => {
    mockFetch({
      'GET /api/moderation/queue': { status: 500, body: { error: 'internal', message: 'Boom' } },
      'GET /api/moderation/suspended': { body: [] },
    });
    renderWithApp(<ModerationPage />, { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the queue');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
