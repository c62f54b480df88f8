import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { LoginPage } from './login-page';

function openLogin(search: string) {
  mockFetch({});
  renderWithApp(null, { user: null, routes: [{ path: '/login', element: <LoginPage /> }], initialEntries: [`/login${search}`] });
}

describe('login page errors from the address', () => {
  it('shows the fixed sentence of a known code, never the text the link carries', async () => {
    openLogin('?error=access_denied&message=Your%20account%20is%20locked.%20Call%20%2B1%20555%200100');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Google sign-in was cancelled.');
    expect(screen.queryByText(/call \+1 555/i)).not.toBeInTheDocument();
  });

  it('an unknown code gets a general sentence; error_description is not shown either', async () => {
    openLogin('?error=Your%20password%20expired&error_description=Reset%20it%20at%20evil.example');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Sign-in did not complete. Please try again.');
    expect(screen.queryByText(/evil\.example/)).not.toBeInTheDocument();
    expect(screen.queryByText(/password expired/i)).not.toBeInTheDocument();
  });

  it('a message without an error code shows nothing', async () => {
    openLogin('?message=Your%20account%20was%20suspended');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/suspended/)).not.toBeInTheDocument();
  });
});
