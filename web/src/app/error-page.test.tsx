import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp } from '@/test/render';
import { ErrorPage } from './error-page';

function Boom(): never {
  throw new Error('boom');
}

describe('ErrorPage', () => {
  // React and the page itself log the error in development; the test expects it.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it("shows 'Somthing went wrong !!!' with the status text, and Login again signs out then goes to /login", async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/sign-out': { body: { success: true } } });
    const { router } = renderWithApp(null, {
      user: buyer,
      routes: [
        {
          path: '/broken',
          loader: () => {
            throw new Response('', { status: 503, statusText: 'Service Unavailable' });
          },
          element: <p>never</p>,
          errorElement: <ErrorPage />,
        },
        { path: '/login', element: <h1>Login page</h1> },
      ],
      initialEntries: ['/broken'],
    });
    expect(await screen.findByRole('heading', { name: MESSAGES.errorPage })).toBeInTheDocument();
    expect(screen.getByText('Service Unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login again' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a thrown error message as the status text', async () => {
    mockFetch({});
    renderWithApp(null, { user: null, routes: [{ path: '/', element: <Boom />, errorElement: <ErrorPage /> }] });
    expect(await screen.findByRole('heading', { name: MESSAGES.errorPage })).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });
});
