import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp } from '@/test/render';
import { FavoriteButton } from './favorite-button';

const routes = [
  { path: '/product/p1', element: <FavoriteButton productId="p1" name="Pixel 8" sellerId="u-seller" /> },
  { path: '/login', element: <p>login page</p> },
];

afterEach(() => sessionStorage.clear());

describe('FavoriteButton (the heart)', () => {
  it('a guest is sent to log in, and the item is saved once they are back signed in', async () => {
    mockFetch({});
    renderWithApp(null, { user: null, routes, initialEntries: ['/product/p1'] });
    await userEvent.click(screen.getByRole('button', { name: 'Save Pixel 8' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();

    const { callTo } = mockFetch({
      'GET /api/favorites': { body: [] },
      'PUT /api/favorites/p1': { body: { acknowledged: true } },
    });
    renderWithApp(null, { user: buyer, routes, initialEntries: ['/product/p1'] });
    await waitFor(() => expect(callTo('PUT', '/api/favorites/p1').method).toBe('PUT'));
    expect(sessionStorage.length).toBe(0);
  });

  it('shows what is saved, and un-saves it', async () => {
    const { callTo } = mockFetch({
      'GET /api/favorites': { body: [{ productId: 'p1', name: 'Pixel 8' }] },
      'DELETE /api/favorites/p1': { body: { acknowledged: true } },
    });
    renderWithApp(null, { user: buyer, routes, initialEntries: ['/product/p1'] });
    const heart = await screen.findByRole('button', { name: 'Remove Pixel 8 from Saved' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);
    await waitFor(() => expect(callTo('DELETE', '/api/favorites/p1').method).toBe('DELETE'));
  });

  it('no heart on one’s own listing, nor for an admin', async () => {
    mockFetch({ 'GET /api/favorites': { body: [] } });
    const { unmount } = renderWithApp(null, {
      user: { ...buyer, id: 'u-seller', role: 'seller' },
      routes,
      initialEntries: ['/product/p1'],
    });
    await waitFor(() => expect(screen.queryByRole('button')).not.toBeInTheDocument());
    unmount();
    renderWithApp(null, { user: { ...buyer, role: 'admin' }, routes, initialEntries: ['/product/p1'] });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
