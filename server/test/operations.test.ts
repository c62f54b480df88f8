/**
 * Running it for real: the request id (X-Request-Id in and out, in every error answer and log line),
 * Prometheus metrics behind their token or on their own port, and draining (/api/ready 503, every
 * answer closes its connection, no new connections, the open ones end before the app closes).
 */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAndClose } from '../src/lib/drain';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client } from './helpers/client';
import { addProduct, buyer, payOrder, placeOrder, postPayment, seller } from './helpers/builders';
import { testDbKind } from './helpers/db';

const TOKEN = 'metrics-token-0123456789';

/** GET /api/events as the signed-in client: the open stream, what it has sent so far, and its end. */
async function openStream(t: TestApp, c: Client) {
  const ctrl = new AbortController();
  const res = await fetch(`${t.baseUrl}/api/events`, {
    headers: { cookie: `better-auth.session_token=${c.cookie('better-auth.session_token')}` },
    signal: ctrl.signal,
  });
  expect(res.status).toBe(200);
  let text = '';
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  })().catch(() => text);
  await expect.poll(() => text).toContain('retry: ');
  return { text: () => text, ended, abort: () => ctrl.abort() };
}

describe('request id', () => {
  let t: TestApp;
  const logs: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void logs.push(JSON.parse(line)) },
    });
  });
  afterAll(() => t?.close());

  it('every answer names its request in X-Request-Id, and every error answer in requestId too', async () => {
    const c = t.client();
    const ok = await c.get('/api/health');
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const answers = [
      await c.get('/api/no-such-route'), // the not-found handler
      await c.get('/api/order/not-a-uuid'), // schema validation (the error handler)
      await c.get('/api/orders'), // an AppError (unauthorized)
      await c.request('POST', '/api/products', '{"a":', { 'content-type': 'application/json' }), // invalid JSON
      await c.get('/api/products/%E0%A4%A'), // Fastify's framework error (a bad URL)
    ];
    for (const r of answers) {
      const id = r.headers.get('x-request-id');
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(id).toBeTruthy();
      expect(r.body).toMatchObject({ error: expect.any(String), message: expect.any(String), requestId: id });
    }
    expect(new Set(answers.map((r) => r.headers.get('x-request-id'))).size).toBe(answers.length);
  });

  it("takes the proxy's X-Request-Id when it is a plausible id, else makes its own; its log lines carry it", async () => {
    const c = t.client();
    const nginxId = 'c0ffee00c0ffee00c0ffee00c0ffee00';
    const r = await c.request('GET', '/api/no-such-route', undefined, { 'x-request-id': nginxId });
    expect(r.headers.get('x-request-id')).toBe(nginxId);
    expect(r.body).toMatchObject({ requestId: nginxId });
    await expect.poll(() => logs.filter((l) => l.requestId === nginxId).map((l) => l.msg)).toContain('request completed');
    for (const l of logs.filter((l) => l.requestId === nginxId)) expect(l.requestId).toBe(nginxId);

    for (const forged of ['x', 'a b c d e f g h', `${'a'.repeat(129)}`, 'evil\u0000id-123456']) {
      const f = await c.request('GET', '/api/health', undefined, {
        'x-request-id': encodeURIComponent(forged) === forged ? forged : 'bad id!!',
      });
      expect(f.headers.get('x-request-id')).not.toBe(forged);
      expect(f.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('metrics at /metrics behind METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  const scrape = (auth?: string) => t.client().request<string>('GET', '/metrics', undefined, auth ? { authorization: auth } : {});

  it('refuses a scrape without the token or with another one (401), and answers with it', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const r = await scrape(auth);
      expect(r.status, String(auth)).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe('Bearer');
      expect(r.body).toMatchObject({ error: 'unauthorized', requestId: expect.any(String) });
    }
    const r = await scrape(`Bearer ${TOKEN}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern (never the raw URL) and status, times them, and reports the runtime, pool and queues', async () => {
    const s = await seller(t);
    const b = await buyer(t);
    const paid = await placeOrder(b, await addProduct(s, { price: 120 }));
    await payOrder(b, paid);
    const unpaid = await placeOrder(b, await addProduct(s, { price: 80 }));
    expect((await postPayment(b, unpaid, 'pi_sim_unknown')).status).toBe(400);
    await b.get(`/api/order/${paid}`);
    await b.get('/api/nowhere-123');
    const stream = await openStream(t, b);

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/^shop_http_requests_total\{method="GET",route="\/api\/order\/:id",status_code="200"\} [1-9]/m);
    expect(text).toMatch(/^shop_http_requests_total\{method="GET",route="\(no route\)",status_code="404"\} [1-9]/m);
    expect(text).not.toContain(paid);
    expect(text).not.toContain('nowhere-123');
    // The event stream opened above is still being answered.
    expect(text).toMatch(/^shop_http_requests_in_flight [1-9]/m);
    expect(text).toMatch(
      /^shop_http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/orders",status_code="201"\} \d+/m,
    );
    expect(text).toMatch(
      /^shop_http_request_duration_seconds_count\{method="POST",route="\/api\/orders",status_code="201"\} 2$/m,
    );
    // Cumulative buckets in order, the last (+Inf) the count; the sum the two answers' time.
    const orders = 'method="POST",route="/api/orders",status_code="201"';
    const buckets = [...text.matchAll(/^shop_http_request_duration_seconds_bucket\{le="([^"]+)",(.*)\} (\d+)$/gm)]
      .filter((m) => m[2] === orders)
      .map((m) => [m[1], Number(m[3])] as const);
    expect(buckets.map(([le]) => le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    expect(buckets.every(([, n], i) => i === 0 || n >= buckets[i - 1]![1])).toBe(true);
    expect(buckets.at(-1)![1]).toBe(2);
    const sum = Number(
      text.match(/^shop_http_request_duration_seconds_sum\{method="POST",route="\/api\/orders",status_code="201"\} (\S+)$/m)?.[1],
    );
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(60);
    expect(text.match(/^# TYPE shop_http_request_duration_seconds histogram$/gm)).toHaveLength(1);
    expect(text).toMatch(/^shop_payments_total\{outcome="succeeded"\} [1-9]/m);
    expect(text).toMatch(/^shop_payments_total\{outcome="payment_not_verified"\} [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^shop_event_streams_open [1-9]/m);
    expect(text).toMatch(/^shop_queue_depth\{queue="jobs"\} \d+$/m);
    expect(text).toMatch(/^shop_queue_depth\{queue="mail_outbox"\} \d+$/m);
    expect(text).toMatch(/^shop_draining 0$/m);
    if (testDbKind === 'postgres') {
      expect(text).toMatch(/^shop_db_pool_connections\{state="total"\} [1-9]/m);
      expect(text).toMatch(/^shop_db_pool_connections\{state="waiting"\} \d+$/m);
      expect(text).toMatch(/^shop_db_pool_max 20$/m);
    } else expect(text).not.toContain('shop_db_pool_connections');
    stream.abort();
  });
});

describe('metrics on their own port (METRICS_PORT)', () => {
  it('are served there (with the token when one is set) and not on the shop port', async () => {
    const t = await startTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    try {
      const port = t.app.metricsPort?.();
      expect(port).toBeGreaterThan(0);
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const r = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('shop_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect((await t.client().request('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('without METRICS_TOKEN or METRICS_PORT there is no /metrics', async () => {
    const t = await startTestApp();
    try {
      expect((await t.client().get('/metrics')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

/** One keep-alive connection to the server, as a proxy holds them. */
function keepAliveGet(agent: http.Agent, port: number, path: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('draining', () => {
  it('ready answers 503 while health stays 200; open connections are served and closed; new ones are refused; then the app closes', async () => {
    const t = await startTestApp();
    const port = Number(new URL(t.baseUrl).port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let closed = false;
    try {
      expect((await keepAliveGet(agent, port, '/api/ready')).status).toBe(200);
      const draining = drainAndClose(t.app, { idleMs: 10_000, close: async () => {} }).then(() => {
        closed = true;
      });
      // The idle keep-alive connection was not cut: the "proxy" still gets its answer on it, told to close it.
      const ready = await keepAliveGet(agent, port, '/api/ready');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ error: 'draining', requestId: expect.any(String) });
      expect(ready.headers.connection).toBe('close');
      // A new connection is refused (a proxy retries it elsewhere, whatever the method).
      await expect(fetch(`${t.baseUrl}/api/health`)).rejects.toThrow();
      await draining;
      expect(closed).toBe(true);
    } finally {
      agent.destroy();
      await t.close().catch(() => {});
    }
  });

  it('event streams end with a retry hint as the drain begins, not when the app closes', async () => {
    const t = await startTestApp({ env: { DRAIN_IDLE_MS: '3000' } });
    try {
      const stream = await openStream(t, await buyer(t));
      const t0 = Date.now();
      const closing = drainAndClose(t.app, { ...t.config.shutdown, close: async () => {} });
      expect(await stream.ended).toMatch(/retry: 500\n\n$/);
      expect(Date.now() - t0).toBeLessThan(1000);
      await closing;
    } finally {
      await t.close().catch(() => {});
    }
  });

  it("an event stream's connection is not kept for another request: its answer says Connection: close, and it closes as the stream ends", async () => {
    // nginx keeps an upstream connection whose answer ended for its next request, and may write one into
    // it just as the draining instance closes it: a POST it then answers 502 (issue 30).
    const t = await startTestApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const b = await buyer(t);
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            {
              host: '127.0.0.1',
              port: Number(new URL(t.baseUrl).port),
              path: '/api/events',
              agent,
              headers: { cookie: `better-auth.session_token=${b.cookie('better-auth.session_token')}` },
            },
            resolve,
          )
          .on('error', reject),
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers.connection).toBe('close');
      const socketClosed = new Promise((r) => res.socket.once('close', r));
      let text = '';
      res.on('data', (d) => (text += d));
      await drainAndClose(t.app, { idleMs: 3000, close: async () => {} });
      await socketClosed;
      expect(text).toMatch(/retry: 500\n\n$/);
    } finally {
      agent.destroy();
      await t.close().catch(() => {});
    }
  });

  it('a connection that never sent a request holds up neither the drain nor the close', async () => {
    // Node's fetch leaves such a spare connection after an event stream that said Connection: close;
    // Node's server counts it busy until headersTimeout (60 s).
    const t = await startTestApp();
    try {
      const spare = net.connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
      await once(spare, 'connect');
      const ended = once(spare, 'close');
      // Older than the second a new connection gets to bring its request.
      await new Promise((r) => setTimeout(r, 1200));
      const t0 = Date.now();
      await drainAndClose(t.app, { idleMs: 10_000, close: async () => {} });
      await ended;
      expect(Date.now() - t0).toBeLessThan(5000);
    } finally {
      await t.close().catch(() => {});
    }
  });

  it('the liveness probe stays 200 and answers close their connection while draining', async () => {
    const t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      t.app.drain.start();
      const health = await t.client().get('/api/health');
      expect(health.status).toBe(200);
      expect(health.headers.get('connection')).toBe('close');
      const ready = await t.client().get('/api/ready');
      expect(ready.status).toBe(503);
      const m = await t.client().request<string>('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` });
      expect(m.body).toMatch(/^shop_draining 1$/m);
    } finally {
      await t.close();
    }
  });
});
