import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('common passwords (refused at sign-up and password change)', () => {
  it('refuses a common password at sign-up with a clear message, creating no account', async () => {
    for (const password of ['password', 'Password123', 'qwerty123', '12345678']) {
      const c = t.client();
      const r = await c.post<{ code: string; message: string }>('/api/auth/sign-up/email', {
        name: 'P',
        email: 'pw@test.shop',
        password,
      });
      expect(r.status, password).toBe(400);
      expect(r.body.code).toBe('PASSWORD_TOO_COMMON');
      expect(r.body.message).toMatch(/common/);
    }
    expect((await t.client().signIn('pw@test.shop', 'password')).status).toBe(401);
  });

  it('accepts an uncommon one, and refuses a common one as the new password', async () => {
    const c = await t.client().signUp('pw2@test.shop', { password: 'blue-kettle-42' });
    const r = await c.post<{ code: string }>('/api/auth/change-password', {
      currentPassword: 'blue-kettle-42',
      newPassword: 'iloveyou',
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('PASSWORD_TOO_COMMON');
    expect((await t.client().signIn('pw2@test.shop', 'blue-kettle-42')).status).toBe(200);
  });
});
