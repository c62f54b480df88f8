import { vi } from 'vitest';

type Json = unknown;
export interface MockResponse {
  status?: number;
  body?: Json;
  headers?: Record<string, string>;
}
type Handler = MockResponse | ((request: { url: URL; method: string; body: Json }) => MockResponse | Promise<MockResponse>);

export interface FetchCall {
  method: string;
  path: string;
  url: URL;
  body: Json;
}

/**
 * A tiny fetch stub: routes are "METHOD /api/path" (query string ignored) -> response or function.
 * Unmatched requests answer 404 so a missing route is visible in the test.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const path = decodeURIComponent(url.pathname);
    calls.push({ method, path, url, body });
    const handler = routes[`${method} ${path}`];
    const res: MockResponse = handler
      ? typeof handler === 'function'
        ? await handler({ url, method, body })
        : handler
      : { status: 404, body: { error: 'not_found', message: `No mock for ${method} ${path}` } };
    const status = res.status ?? 200;
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
      status,
      headers: { 'content-type': 'application/json', ...res.headers },
    });
  });
  vi.stubGlobal('fetch', fn);
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  /** The call to METHOD path at `index` (0: the first); fails the test, saying how many there were, when there is none. */
  const callTo = (method: string, path: string, index = 0): FetchCall => {
    const matching = callsTo(method, path);
    const call = matching[index];
    if (!call) throw new Error(`expected call #${index + 1} to ${method} ${path}; there were ${matching.length}`);
    return call;
  };
  return { fn, calls, callsTo, callTo };
}

/** A never-settling response, to observe loading states. */
export function pending(): Promise<MockResponse> {
  return new Promise(() => {});
}
