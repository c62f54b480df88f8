import { hashPassword } from 'better-auth/crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_BLANK_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@shop/contract';
import { isTestPasswordHash, testPasswordHasher } from '../src/auth/password-hash';
import { loadConfig } from '../src/config';
import { account, user, verification } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import { expectStatus, uniqueEmail } from './helpers/builders';

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

describe('the password rule (contract newPasswordSchema) at sign-up, change and reset', () => {
  /** Refusals of a new password: [password, code, message]. */
  const refused = [
    ['', 'PASSWORD_TOO_SHORT', MESSAGES.passwordRequired],
    ['abc12', 'PASSWORD_TOO_SHORT', MESSAGES.passwordMin],
    ['abc123x', 'PASSWORD_TOO_SHORT', PASSWORD_TOO_SHORT_MESSAGE],
    ['        ', 'PASSWORD_BLANK', PASSWORD_BLANK_MESSAGE],
    ['\t \n  \t  ', 'PASSWORD_BLANK', PASSWORD_BLANK_MESSAGE],
    ['sunshine', 'PASSWORD_TOO_COMMON', 'This password is one of the most common ones and easy to guess. Choose another.'],
    ['Football1', 'PASSWORD_TOO_COMMON', 'This password is one of the most common ones and easy to guess. Choose another.'],
  ] as const;
  type Refusal = { code: string; message: string };

  it('refuses short (keeping the product message under 6), blank and common ones at sign-up, creating no account', async () => {
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('Password must be at least 8 characters');
    for (const [password, code, message] of refused) {
      const email = uniqueEmail('rule');
      const r = await t.client().post<Refusal>('/api/auth/sign-up/email', { name: 'R', email, password });
      expect(r.status, JSON.stringify(password)).toBe(400);
      expect(r.body, JSON.stringify(password)).toMatchObject({ code, message });
      const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
      expect(row, `no account for ${JSON.stringify(password)}`).toBeUndefined();
    }
    // Eight characters, not common: accepted.
    expectStatus(
      await t.client().post('/api/auth/sign-up/email', { name: 'R', email: uniqueEmail('rule-ok'), password: 'tulip-42' }),
      200,
      'an 8-character uncommon password',
    );
  });

  it('refuses them as the new password of a change, which keeps the old one', async () => {
    const c = await t.client().signUp(uniqueEmail('rule-change'), { password: 'orchid-lamp-7' });
    for (const [password, code, message] of refused) {
      const r = await c.post<Refusal>('/api/auth/change-password', { currentPassword: 'orchid-lamp-7', newPassword: password });
      expect(r.status, JSON.stringify(password)).toBe(400);
      expect(r.body, JSON.stringify(password)).toMatchObject({ code, message });
    }
    expect((await t.client().signIn(c.email, 'orchid-lamp-7')).status).toBe(200);
  });

  it('refuses them as the new password of a reset, which keeps the token usable', async () => {
    const email = uniqueEmail('rule-reset');
    const c = await t.client().signUp(email, { password: 'maple-river-3' });
    expectStatus(await t.client().post('/api/auth/request-password-reset', { email }), 200, 'request-password-reset');
    const [row] = await t.database.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, c.id)));
    assert.isDefined(row, 'the stored reset token');
    const token = row.identifier.slice('reset-password:'.length);
    for (const [password, code, message] of refused) {
      const r = await t.client().post<Refusal>('/api/auth/reset-password', { token, newPassword: password });
      expect(r.status, JSON.stringify(password)).toBe(400);
      expect(r.body, JSON.stringify(password)).toMatchObject({ code, message });
    }
    expect((await t.client().signIn(email, 'maple-river-3')).status).toBe(200);
    expectStatus(await t.client().post('/api/auth/reset-password', { token, newPassword: 'birch-cloud-8' }), 200, 'reset');
  });

  it('still signs in an account whose older password has 6 or 7 characters', async () => {
    const email = uniqueEmail('old-short');
    await t.client().signUp(email);
    const [acc] = await t.database.db
      .select({ id: account.id })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));
    assert.isDefined(acc, 'the credential account');
    await t.database.db
      .update(account)
      .set({ password: await hashPassword('kiwi77') })
      .where(eq(account.id, acc.id));
    expect((await t.client().signIn(email, 'kiwi77')).status).toBe(200);
  });
});

describe('password hashes (decision 075)', () => {
  const storedHash = async (email: string) => {
    const [row] = await t.database.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));
    return row?.password ?? '';
  };

  it("the suites' cheap hash is a test setting only: refused unless NODE_ENV=test, off by default", () => {
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV, DATA_DIR: '/tmp/x', FAST_PASSWORD_HASH: 'true' }), NODE_ENV).toThrow(
        /FAST_PASSWORD_HASH: is for the test suites only/,
      );
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' }).fastPasswordHash).toBe(false);
    expect(testPasswordHasher(false)).toBeUndefined();
  });

  it('with it on, a new password is stored as the cheap hash and checked: right in, wrong out', async () => {
    const email = uniqueEmail('cheap-hash');
    await t.client().signUp(email, { password: 'walnut-river-5' });
    const hash = await storedHash(email);
    expect(isTestPasswordHash(hash), hash.slice(0, 24)).toBe(true);
    expect((await t.client().signIn(email, 'walnut-river-5')).status).toBe(200);
    expect((await t.client().signIn(email, 'walnut-river-6')).status).toBe(401);
  });

  it('a hash of the cheap kind that was tampered with never matches', async () => {
    const hasher = testPasswordHasher(true);
    assert.isDefined(hasher);
    const hash = await hasher.hash('pine-lamp-31');
    expect(await hasher.verify({ hash, password: 'pine-lamp-31' })).toBe(true);
    const flipped = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`;
    expect(await hasher.verify({ hash: flipped, password: 'pine-lamp-31' })).toBe(false);
    expect(await hasher.verify({ hash: hash.split(':')[0] ?? '', password: 'pine-lamp-31' })).toBe(false);
  });
});
