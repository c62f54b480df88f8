import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch, pending } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { DashboardLayout } from './dashboard-layout';

const sam = (role: string) => ({ id: 'u1', name: 'Sam', email: 'sam@shop.test', role });

const render = (user?: ReturnType<typeof sam>) =>
  renderWithApp(null, {
    user,
    routes: [{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <p>welcome</p> }] }],
    initialEntries: ['/dashboard'],
  });

const menuLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

describe('Dashboard side menu', () => {
  it('shows a spinner while the session (which carries the role) is read', async () => {
    mockFetch({ 'GET /api/auth/get-session': () => pending() });
    render();
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your roles');
    expect(screen.queryByText('welcome')).not.toBeInTheDocument();
  });

  // Issue 26: every account buys (My Orders, Offers, Saved for a seller too); one that does not sell yet is offered "Start selling".
  it('buyer: My Orders, Offers, Saved, and Start selling', async () => {
    mockFetch({});
    render(sam('buyer'));
    expect(await menuLabels()).toEqual(['Overview', 'My Orders', 'Offers', 'Saved', 'Start selling', 'Messages', 'Profile']);
  });

  it('seller: what a buyer has, then My Products, Sales and Add Products', async () => {
    mockFetch({});
    render(sam('seller'));
    expect(await menuLabels()).toEqual([
      'Overview',
      'My Orders',
      'Offers',
      'Saved',
      'My Products',
      'Sales',
      'Add Products',
      'Earnings',
      'Messages',
      'Profile',
    ]);
  });

  it('admin: All Buyer, All Seller and the audit log', async () => {
    mockFetch({});
    render(sam('admin'));
    expect(await menuLabels()).toEqual([
      'Overview',
      'All Buyer',
      'All Seller',
      'Audit log',
      'Moderation',
      'Devices',
      'Meetup spots',
      'Orders',
      'Finance',
      'Messages',
      'Profile',
    ]);
    expect(screen.getByText('welcome')).toBeInTheDocument();
  });

  it('no role yet: Messages and Profile all the same', async () => {
    mockFetch({});
    render(sam(''));
    expect(await menuLabels()).toEqual(['Overview', 'Messages', 'Profile']);
  });
});
