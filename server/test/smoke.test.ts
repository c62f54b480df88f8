import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('answers health and readiness', async () => {
    const c = t.client();
    expect((await c.get('/api/health')).body).toEqual({ status: 'ok' });
    expect((await c.get('/api/ready')).body).toEqual({ status: 'ready' });
  });

  it("serves the OpenAPI document with every path of the original client's calls", async () => {
    const r = await t.client().get<{ paths: Record<string, unknown> }>('/api/openapi.json');
    expect(r.status).toBe(200);
    for (const p of [
      '/category',
      '/advertise',
      '/allproducts',
      '/products/{category}',
      '/products',
      '/orders',
      '/orders/{id}',
      '/order/{id}',
      '/users',
      '/users/admin/{email}',
      '/users/verify/{id}',
      '/users/{id}',
      '/create-payment-intent',
      '/payments',
    ])
      expect(Object.keys(r.body.paths)).toContain(p);
  });

  it("signs a seller up through the web app's flow (sign-up, then POST /users) and records the role once", async () => {
    const c = await t.client().signUp('s1@test.shop', { isSeller: true });
    expect((await c.get('/api/users/seller/s1@test.shop')).body).toEqual({ isSeller: true, isVerified: false });
    const again = await c.post('/api/users', { name: 's1', email: 's1@test.shop', isSeller: false });
    expect(again.body).toMatchObject({ acknowledged: true, insertedId: null, role: 'seller' });
  });
});
