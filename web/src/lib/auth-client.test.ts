import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, sessionFor } from '@/test/render';
import { ApiError } from './api';
import { authCall, authClient } from './auth-client';
import { getSession } from './session';

describe('authCall (Better Auth client calls)', () => {
  it('turns a refused call into the ApiError our own calls throw', async () => {
    mockFetch({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    const error = await authCall(authClient.signIn.email({ email: 'buyer@shop.test', password: 'wrong-one' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
  });

  it('reads our rate limit answer {error, message} like any other call', async () => {
    mockFetch({
      'POST /api/auth/sign-out': {
        status: 429,
        body: { error: 'rate_limited', message: 'Too many requests. Try again in 3 seconds.' },
      },
    });
    await expect(authCall(authClient.signOut())).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many requests. Try again in 3 seconds.',
    });
  });

  it('says the shop could not be reached when the request gets no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(authCall(authClient.listSessions())).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Could not reach the shop. Check your connection and try again.',
    });
  });

  it('sends the cookie and lets an aborted call stay an abort', async () => {
    const { fn } = mockFetch({ 'GET /api/auth/get-session': { body: null } });
    await getSession();
    expect(fn).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ credentials: 'include' }));

    // Like the browser's fetch: an aborted signal rejects with its AbortError, now or later.
    const neverAnswers = (_input: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    vi.stubGlobal('fetch', vi.fn(neverAnswers));
    const controller = new AbortController();
    const pendingSession = getSession(controller.signal);
    controller.abort();
    await expect(pendingSession).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('getSession', () => {
  it('gives the user with its extra fields and real dates, or null when logged out', async () => {
    mockFetch({ 'GET /api/auth/get-session': { body: sessionFor({ ...buyer, role: 'seller', verified: true }) } });
    const session = await getSession();
    expect(session?.user).toMatchObject({ email: 'buyer@shop.test', role: 'seller', verified: true });
    expect(session?.session.expiresAt).toBeInstanceOf(Date);

    mockFetch({ 'GET /api/auth/get-session': { body: null } });
    await expect(getSession()).resolves.toBeNull();
  });
});
