import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch, pending } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { DashboardLayout } from './dashboard-layout';

const user = { id: 'u1', name: 'Sam', email: 'sam@shop.test' };

function roles(r: { admin?: boolean; buyer?: boolean; seller?: boolean }) {
  return {
    'GET /api/users/admin/sam@shop.test': { body: { isAdmin: !!r.admin } },
    'GET /api/users/buyer/sam@shop.test': { body: { isBuyer: !!r.buyer } },
    'GET /api/users/seller/sam@shop.test': { body: { isSeller: !!r.seller, isVerified: false } },
  };
}

const render = () =>
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
  it('shows a spinner while the role checks run', async () => {
    mockFetch({ ...roles({ buyer: true }), 'GET /api/users/seller/sam@shop.test': () => pending() });
    render();
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your roles');
    expect(screen.queryByText('welcome')).not.toBeInTheDocument();
  });

  it('buyer: My Orders', async () => {
    mockFetch(roles({ buyer: true }));
    render();
    expect(await menuLabels()).toEqual(['Overview', 'My Orders', 'Messages', 'Profile']);
  });

  it('seller: My Products, Sales and Add Products', async () => {
    mockFetch(roles({ seller: true }));
    render();
    expect(await menuLabels()).toEqual(['Overview', 'My Products', 'Sales', 'Add Products', 'Messages', 'Profile']);
  });

  it('admin: All Buyer, All Seller and the audit log', async () => {
    mockFetch(roles({ admin: true }));
    render();
    expect(await menuLabels()).toEqual(['Overview', 'All Buyer', 'All Seller', 'Audit log', 'Moderation', 'Messages', 'Profile']);
    expect(screen.getByText('welcome')).toBeInTheDocument();
  });

  it('no role yet: Messages and Profile all the same', async () => {
    mockFetch(roles({}));
    render();
    expect(await menuLabels()).toEqual(['Overview', 'Messages', 'Profile']);
  });
});
