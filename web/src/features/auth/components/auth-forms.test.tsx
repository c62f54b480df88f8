import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp, sessionFor } from '@/test/render';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

describe('LoginForm validation and sign-in', () => {
  it('shows "Email is required" and "Password is required" for an empty form', async () => {
    const { callsTo } = mockFetch({});
    renderWithApp(<LoginForm onSuccess={vi.fn()} onTwoFactor={vi.fn()} />, { user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/sign-in/email')).toHaveLength(0);
  });

  it('shows "password at lest 6 charecter" for a short password, under the field', async () => {
    mockFetch({});
    renderWithApp(<LoginForm onSuccess={vi.fn()} onTwoFactor={vi.fn()} />, { user: null });
    await userEvent.type(await screen.findByLabelText('Email'), 'buyer@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const message = await screen.findByText(MESSAGES.passwordMin);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-describedby', message.id);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs in and reports success', async () => {
    const { callTo } = mockFetch({
      'POST /api/auth/sign-in/email': { body: { user: { id: 'u1', email: 'buyer@shop.test', name: 'Bea' } } },
      'GET /api/auth/get-session': { body: sessionFor(buyer) },
    });
    const onSuccess = vi.fn();
    const onTwoFactor = vi.fn();
    renderWithApp(<LoginForm onSuccess={onSuccess} onTwoFactor={onTwoFactor} />, { user: null });
    await userEvent.type(await screen.findByLabelText('Email'), 'buyer@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onTwoFactor).not.toHaveBeenCalled();
    expect(callTo('POST', '/api/auth/sign-in/email').body).toEqual({ email: 'buyer@shop.test', password: 'secret123' });
  });

  it('goes to the code step when the account has two-factor sign-in on', async () => {
    mockFetch({
      'POST /api/auth/sign-in/email': { body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } },
      'GET /api/auth/get-session': { body: null },
    });
    const onSuccess = vi.fn();
    const onTwoFactor = vi.fn();
    renderWithApp(<LoginForm onSuccess={onSuccess} onTwoFactor={onTwoFactor} />, { user: null });
    await userEvent.type(await screen.findByLabelText('Email'), 'buyer@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onTwoFactor).toHaveBeenCalled());
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows "Error: " and the auth message when sign-in fails', async () => {
    mockFetch({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    const onSuccess = vi.fn();
    renderWithApp(<LoginForm onSuccess={onSuccess} onTwoFactor={vi.fn()} />, { user: null });
    await userEvent.type(await screen.findByLabelText('Email'), 'buyer@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrongpass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Error: Invalid email or password')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});

describe('SignupForm validation and sign-up', () => {
  it('shows every required message for an empty form', async () => {
    mockFetch({});
    renderWithApp(<SignupForm onSuccess={vi.fn()} />, { user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it('shows the password length message', async () => {
    mockFetch({});
    renderWithApp(<SignupForm onSuccess={vi.fn()} />, { user: null });
    await userEvent.type(await screen.findByLabelText('Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.passwordMin)).toBeInTheDocument();
  });

  it('signs up, then records the role with POST /api/users', async () => {
    const { callTo } = mockFetch({
      'POST /api/auth/sign-up/email': { body: { user: { id: 'u9', email: 'new@shop.test', name: 'Sam Seller' }, token: null } },
      'POST /api/users': { body: { acknowledged: true, insertedId: 'u9', role: 'seller' } },
      // The server signed the new account in.
      'GET /api/auth/get-session': { body: sessionFor({ ...buyer, id: 'u9', email: 'new@shop.test', name: 'Sam Seller' }) },
    });
    const onSuccess = vi.fn();
    renderWithApp(<SignupForm onSuccess={onSuccess} />, { user: null });
    await userEvent.type(await screen.findByLabelText('Name'), 'Sam Seller');
    await userEvent.type(screen.getByLabelText('Email'), 'new@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seller?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ signedIn: true, email: 'new@shop.test' }));
    expect(callTo('POST', '/api/auth/sign-up/email').body).toEqual({
      name: 'Sam Seller',
      email: 'new@shop.test',
      password: 'secret123',
    });
    expect(callTo('POST', '/api/users').body).toEqual({ name: 'Sam Seller', email: 'new@shop.test', isSeller: true });
  });

  it('an address that has an account: answered like a new one but not signed in, so no role is recorded', async () => {
    const { callsTo } = mockFetch({
      'POST /api/auth/sign-up/email': { body: { user: { id: 'u-made-up', email: 'buyer@shop.test', name: 'Bea' }, token: null } },
      'GET /api/auth/get-session': { body: null },
    });
    const onSuccess = vi.fn();
    renderWithApp(<SignupForm onSuccess={onSuccess} />, { user: null });
    await userEvent.type(await screen.findByLabelText('Name'), 'Bea');
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ signedIn: false, email: 'buyer@shop.test' }));
    expect(callsTo('POST', '/api/users')).toHaveLength(0);
  });

  it('shows the auth error message as is when sign-up fails', async () => {
    const message = 'This password is one of the most common ones and easy to guess. Choose another.';
    const { callsTo } = mockFetch({
      'POST /api/auth/sign-up/email': { status: 400, body: { code: 'PASSWORD_TOO_COMMON', message } },
      'GET /api/auth/get-session': { body: null },
    });
    renderWithApp(<SignupForm onSuccess={vi.fn()} />, { user: null });
    await userEvent.type(await screen.findByLabelText('Name'), 'Bea');
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo('POST', '/api/users')).toHaveLength(0);
  });
});
