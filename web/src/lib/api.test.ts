import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiRequest, apiUrl, errorMessage, nextLink, toApiError, totalCount } from './api';
import { mockFetch } from '@/test/fetch-mock';

describe('toApiError', () => {
  it('reads our API error shape {error, message, field}', () => {
    const e = toApiError(400, 'Bad Request', { error: 'validation_error', message: 'price must be a number', field: 'price' });
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 400, code: 'validation_error', message: 'price must be a number', field: 'price' });
  });

  it('reads the auth provider shape {code, message}', () => {
    const e = toApiError(401, 'Unauthorized', { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(e).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(e.field).toBeUndefined();
  });

  it('reads a card provider shape {error: {code, message}}', () => {
    const e = toApiError(402, 'Payment Required', { error: { code: 'card_declined', message: 'Your card was declined.' } });
    expect(e).toMatchObject({ status: 402, code: 'card_declined', message: 'Your card was declined.' });
  });

  it('falls back to a readable sentence for empty, HTML or odd bodies', () => {
    expect(toApiError(429, 'Too Many Requests', null).message).toMatch(/Too many requests/);
    expect(toApiError(502, 'Bad Gateway', '<html><body>nginx</body></html>').message).toBe('Bad Gateway');
    expect(toApiError(500, '', {}).message).toBe('Request failed (500).');
    expect(toApiError(404, 'Not Found', { error: 'not_found' })).toMatchObject({ code: 'not_found', message: 'Not found.' });
  });
});

describe('apiRequest', () => {
  it('sends JSON with credentials to /api and returns data and headers', async () => {
    const { fn } = mockFetch({
      'POST /api/orders': ({ body }) => ({ status: 201, body: { acknowledged: true, insertedId: 'o1', echo: body } }),
    });
    const res = await apiRequest<{ acknowledged: boolean; echo: unknown }>('/orders', {
      method: 'POST',
      body: { productId: 'p1' },
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ acknowledged: true, echo: { productId: 'p1' } });
    const [url, init] = fn.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/orders');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws ApiError carrying status, code and message', async () => {
    mockFetch({
      'DELETE /api/orders/o1': { status: 409, body: { error: 'order_paid', message: 'A paid order cannot be deleted.' } },
    });
    const error = await api('/orders/o1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'order_paid', message: 'A paid order cannot be deleted.' });
    expect(errorMessage(error)).toBe('A paid order cannot be deleted.');
  });

  it('turns a network failure into ApiError status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await api('/category').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error', isNetworkError: true });
  });

  it('parses a JSON null body (logged-out session)', async () => {
    mockFetch({ 'GET /api/auth/get-session': { body: null } });
    await expect(api('/auth/get-session')).resolves.toBeNull();
  });
});

describe('idempotent writes', () => {
  const keyOf = (init: unknown) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'];

  it('are sent with an Idempotency-Key, and sent again with the same key after a 503 or request_in_progress', async () => {
    const answers = [
      { status: 503, body: { error: 'unavailable', message: 'Try again.' }, headers: { 'retry-after': '0' } },
      { status: 409, body: { error: 'request_in_progress', message: 'Wait.' }, headers: { 'retry-after': '0' } },
      { status: 201, body: { acknowledged: true, insertedId: 'o1' } },
    ];
    const { fn } = mockFetch({ 'POST /api/orders': () => answers.shift() ?? { status: 500 } });
    await expect(api('/orders', { method: 'POST', body: { productId: 'p1' }, idempotent: true })).resolves.toMatchObject({
      insertedId: 'o1',
    });
    const keys = fn.mock.calls.map(([, init]) => keyOf(init));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('are sent again after no answer at all, and give up after three more tries', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ error: 'unavailable', message: 'Try again.' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '0' },
        });
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const result = api('/payments', { method: 'POST', body: {}, idempotent: true }).catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      expect(await result).toMatchObject({ status: 503, code: 'unavailable' });
      expect(calls).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("other writes are sent once, without a key: a 503 is the caller's to handle", async () => {
    const { fn } = mockFetch({ 'DELETE /api/orders/o1': { status: 503, body: { error: 'unavailable', message: 'Try again.' } } });
    await expect(api('/orders/o1', { method: 'DELETE' })).rejects.toMatchObject({ status: 503 });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(keyOf(fn.mock.calls[0]?.[1])).toBeUndefined();
  });
});

describe('urls and headers', () => {
  it('builds /api urls, skipping empty query values', () => {
    expect(apiUrl('/allproducts', { limit: 24, q: '', category: undefined, verified: true })).toBe(
      '/api/allproducts?limit=24&verified=true',
    );
    expect(apiUrl('/api/allproducts?cursor=abc')).toBe('/api/allproducts?cursor=abc');
  });

  it('reads the next link and total count', () => {
    const headers = new Headers({
      link: '<http://localhost:3000/api/allproducts?limit=24&cursor=xyz>; rel="next", <http://localhost:3000/api/allproducts>; rel="first"',
      'x-total-count': '57',
    });
    expect(nextLink(headers)).toBe('/api/allproducts?limit=24&cursor=xyz');
    expect(totalCount(headers)).toBe(57);
    expect(nextLink(new Headers())).toBeNull();
    expect(totalCount(new Headers())).toBeNull();
    expect(nextLink(new Headers({ link: '</api/x?cursor=1>; rel="prev"' }))).toBeNull();
  });
});
