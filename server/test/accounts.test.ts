import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../src/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import { Client } from './helpers/client';

/** Profile (name, password, sign out everywhere), session cookies and their lifetime, closed accounts. */

const SESSION_COOKIE = 'better-auth.session_token';
const WEEK = 7 * 24 * 60 * 60;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'admin@test.shop' } });
});
afterAll(() => t?.close());

async function me(c: Client) {
  const r = await c.get<{ user: { id: string; name: string; email: string } } | null>('/api/auth/get-session');
  return r.body?.user ?? null;
}

/** The attributes of the Set-Cookie line for `name`, lower-cased keys (value under 'value'). */
function cookieAttrs(headers: Headers, name: string): Record<string, string> | undefined {
  const line = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
  const out: Record<string, string> = { value: pair.slice(name.length + 1) };
  for (const a of attrs) {
    const i = a.indexOf('=');
    out[(i < 0 ? a : a.slice(0, i)).toLowerCase()] = i < 0 ? 'true' : a.slice(i + 1);
  }
  return out;
}

describe('profile: display name', () => {
  it('changes the name through /api/auth/update-user', async () => {
    const c = await t.client().signUp('name1@test.shop', { name: 'Old Name' });
    const r = await c.post('/api/auth/update-user', { name: '  New Name  ' });
    expect(r.status).toBe(200);
    expect((await me(c))!.name).toBe('New Name');
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'name1@test.shop'));
    expect(row?.name).toBe('New Name');
  });

  it('refuses an empty or overlong name with a readable message', async () => {
    const c = await t.client().signUp('name2@test.shop', { name: 'Kept' });
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const r = await c.post<{ message: string }>('/api/auth/update-user', { name });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/Name (is required|must be at most 100 characters)/);
    }
    expect((await me(c))!.name).toBe('Kept');
  });

  it('cannot raise its own role, verify itself or change its email through update-user', async () => {
    const c = await t.client().signUp('name3@test.shop', { name: 'Sneaky' });
    await c.post('/api/auth/update-user', { name: 'Sneaky', role: 'admin', verified: true, roleConfirmed: false });
    await c.post('/api/auth/update-user', { email: 'other@test.shop' });
    const [row] = await t.database.db
      .select()
      .from(user)
      .where(eq(user.id, (await me(c))!.id));
    expect(row).toMatchObject({ role: 'buyer', verified: false, roleConfirmed: true, email: 'name3@test.shop' });
  });

  it('needs a session', async () => {
    expect((await t.client().post('/api/auth/update-user', { name: 'Nobody' })).status).toBe(401);
  });
});

describe('profile: password', () => {
  it('asks for the current password, and can sign the other devices out', async () => {
    const phone = await t.client().signUp('pw1@test.shop');
    const laptop = t.client();
    expect((await laptop.signIn('pw1@test.shop')).status).toBe(200);

    const wrong = await phone.post<{ message: string }>('/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-pass',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBeTruthy();
    const short = await phone.post('/api/auth/change-password', { currentPassword: 'pass-word-123', newPassword: '12345' });
    expect(short.status).toBe(400);

    const before = phone.cookie(SESSION_COOKIE);
    const ok = await phone.post('/api/auth/change-password', {
      currentPassword: 'pass-word-123',
      newPassword: 'brand-new-pass',
      revokeOtherSessions: true,
    });
    expect(ok.status).toBe(200);
    // This device stays signed in with the session it had (decision 077); the other one is out.
    expect(ok.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`))).toEqual([]);
    expect(phone.cookie(SESSION_COOKIE)).toBe(before);
    expect((await phone.get('/api/users/buyer/pw1@test.shop')).status).toBe(200);
    const sessions = await t.database.db.select().from(session).where(eq(session.userId, phone.id));
    expect(sessions).toHaveLength(1);
    // The other device's calls are refused, and they do not expire its cookie: only a session found is renewed.
    const refused = await laptop.get('/api/users/buyer/pw1@test.shop');
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect((await t.client().signIn('pw1@test.shop', 'pass-word-123')).status).toBe(401);
    expect((await t.client().signIn('pw1@test.shop', 'brand-new-pass')).status).toBe(200);
  });

  describe('when the other sessions cannot be ended at first', () => {
    // A fault in the real database: deleting a session of the user in fail_session_delete raises
    // an error, `times` times in all (a sequence counts them: it is not rolled back with the error).
    beforeAll(async () => {
      for (const statement of [
        'create table fail_session_delete (user_id uuid primary key, times int not null)',
        'create sequence fail_session_delete_seq',
        `create function fail_session_delete() returns trigger language plpgsql as $$
          begin
            if exists (select 1 from fail_session_delete f where f.user_id = old.user_id and nextval('fail_session_delete_seq') <= f.times)
            then raise exception 'injected fault: session delete'; end if;
            return old;
          end $$`,
        'create trigger fail_session_delete before delete on session for each row execute function fail_session_delete()',
      ])
        await t.database.db.execute(sql.raw(statement));
    });
    const failDeletes = async (userId: string, times: number) => {
      await t.database.db.execute(sql`select setval('fail_session_delete_seq', 1, false)`);
      await t.database.db.execute(sql`insert into fail_session_delete values (${userId}, ${times})`);
    };
    const change = (c: Client, newPassword: string) =>
      c.post<{ user: { email: string }; otherSessionsEnded?: boolean }>('/api/auth/change-password', {
        currentPassword: 'pass-word-123',
        newPassword,
        revokeOtherSessions: true,
      });

    it('tries again: a passing fault still signs the other devices out', async () => {
      const phone = await t.client().signUp('pw3@test.shop');
      const laptop = t.client();
      await laptop.signIn('pw3@test.shop');
      await failDeletes(phone.id, 2);
      const r = await change(phone, 'brand-new-pass');
      expect(r.status).toBe(200);
      expect(r.body).not.toHaveProperty('otherSessionsEnded');
      expect((await laptop.get('/api/users/buyer/pw3@test.shop')).status).toBe(401);
      expect((await phone.get('/api/users/buyer/pw3@test.shop')).status).toBe(200);
    });

    it('answers that the password changed but the other devices are still signed in, and mails the owner', async () => {
      const phone = await t.client().signUp('pw4@test.shop');
      const laptop = t.client();
      await laptop.signIn('pw4@test.shop');
      await failDeletes(phone.id, 1000);
      const r = await change(phone, 'brand-new-pass');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ user: { email: 'pw4@test.shop' }, otherSessionsEnded: false });
      expect((await laptop.get('/api/users/buyer/pw4@test.shop')).status).toBe(200);
      // The owner is told, as after any password change.
      const mails = await t.database.db.execute<{ kind: string }>(
        sql`select kind from mail_outbox where to_address = 'pw4@test.shop' and kind = 'password-changed'`,
      );
      expect(mails.rows).toHaveLength(1);
      // The new password is the password, and this device is still signed in.
      expect((await t.client().signIn('pw4@test.shop', 'brand-new-pass')).status).toBe(200);
      expect((await t.client().signIn('pw4@test.shop', 'pass-word-123')).status).toBe(401);
      expect((await phone.get('/api/users/buyer/pw4@test.shop')).status).toBe(200);
    });
  });

  it('keeps the other devices signed in when not asked to sign them out', async () => {
    const a = await t.client().signUp('pw2@test.shop');
    const b = t.client();
    await b.signIn('pw2@test.shop');
    expect(
      (await a.post('/api/auth/change-password', { currentPassword: 'pass-word-123', newPassword: 'another-pass-1' })).status,
    ).toBe(200);
    expect((await b.get('/api/users/buyer/pw2@test.shop')).status).toBe(200);
  });
});

describe('profile: sign out of all devices', () => {
  it('lists the sessions and ends every one of them', async () => {
    const a = await t.client().signUp('all1@test.shop');
    const b = t.client();
    await b.signIn('all1@test.shop');
    const list = await a.get<Record<string, unknown>[]>('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    // Bearer tokens never reach page scripts.
    for (const s of list.body) {
      expect(s).toHaveProperty('id');
      expect(s).not.toHaveProperty('token');
    }
    expect((await a.post('/api/auth/revoke-sessions', {})).status).toBe(200);
    expect((await a.get('/api/users/buyer/all1@test.shop')).status).toBe(401);
    expect((await b.get('/api/users/buyer/all1@test.shop')).status).toBe(401);
    expect(await me(b)).toBeNull();
    // Signing in again works.
    expect((await b.signIn('all1@test.shop')).status).toBe(200);
  });

  it('signs this device out', async () => {
    const a = await t.client().signUp('out1@test.shop');
    expect((await a.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await a.get('/api/users/buyer/out1@test.shop')).status).toBe(401);
  });
});

describe('deleting a user', () => {
  it('ends their sessions at once: the old cookie gets 401 on the next call, and they cannot sign in', async () => {
    const admin = await t.client().signUp('admin@test.shop');
    const seller = await t.client().signUp('deleted@test.shop', { isSeller: true });
    const raw = seller.cookie(SESSION_COOKIE)!;
    const id = (await me(seller))!.id;
    expect((await seller.get('/api/users/seller/deleted@test.shop')).status).toBe(200);

    expect((await admin.del(`/api/users/${id}`)).status).toBe(200);

    expect((await seller.get('/api/users/seller/deleted@test.shop')).status).toBe(401);
    expect(await me(seller)).toBeNull();
    // Replaying the cookie in a fresh client changes nothing.
    const replay = await fetch(`${t.baseUrl}/api/users/seller/deleted@test.shop`, {
      headers: { cookie: `${SESSION_COOKIE}=${raw}` },
    });
    expect(replay.status).toBe(401);
    expect(await t.database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);

    const again = await t.client().signIn('deleted@test.shop');
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ message: 'This account has been closed.' });
  });
});

describe('session cookies', () => {
  it('are httpOnly, SameSite=Lax, for the whole site, a week long, and not Secure on a plain-http shop', async () => {
    const c = t.client();
    const r = await c.post('/api/auth/sign-up/email', { name: 'Cookie', email: 'cookie1@test.shop', password: 'pass-word-123' });
    expect(r.status).toBe(200);
    const a = cookieAttrs(r.headers, SESSION_COOKIE)!;
    expect(a).toBeDefined();
    expect(a.httponly).toBe('true');
    expect(a.samesite?.toLowerCase()).toBe('lax');
    expect(a.path).toBe('/');
    expect(Number(a['max-age'])).toBe(WEEK);
    expect(a.secure).toBeUndefined();
  });

  it('slide: a session used after a day is renewed for another week, on any API call', async () => {
    const c = await t.client().signUp('slide1@test.shop');
    const id = (await me(c))!.id;
    // Pretend the session was made two days ago.
    const twoDaysAgo = new Date(Date.now() + (WEEK - 2 * 24 * 60 * 60) * 1000);
    await t.database.db.update(session).set({ expiresAt: twoDaysAgo }).where(eq(session.userId, id));

    const r = await c.get('/api/users/buyer/slide1@test.shop');
    expect(r.status).toBe(200);
    const a = cookieAttrs(r.headers, SESSION_COOKIE);
    expect(a).toBeDefined();
    expect(Number(a!['max-age'])).toBe(WEEK);
    expect(a!.httponly).toBe('true');
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + (WEEK - 60) * 1000);

    // A fresh session is not re-issued on every call.
    const next = await c.get('/api/users/buyer/slide1@test.shop');
    expect(cookieAttrs(next.headers, SESSION_COOKIE)).toBeUndefined();
  });

  it('expire: a session past its expiry is signed out', async () => {
    const c = await t.client().signUp('expired1@test.shop');
    const id = (await me(c))!.id;
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, id));
    expect((await c.get('/api/users/buyer/expired1@test.shop')).status).toBe(401);
    expect(await me(c)).toBeNull();
  });
});

describe('session cookies behind https', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startTestApp({ env: { BASE_URL: 'https://shop.example.test', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => s?.close());

  it('are Secure (with the __Secure- prefix) and the answer carries HSTS', async () => {
    const c = new Client(s.baseUrl, 'https://shop.example.test');
    const r = await c.request(
      'POST',
      '/api/auth/sign-up/email',
      { name: 'Tls', email: 'tls1@test.shop', password: 'pass-word-123' },
      {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'shop.example.test',
      },
    );
    expect(r.status).toBe(200);
    const a = cookieAttrs(r.headers, `__Secure-${SESSION_COOKIE}`)!;
    expect(a).toBeDefined();
    expect(a.secure).toBe('true');
    expect(a.httponly).toBe('true');
    expect(a.samesite?.toLowerCase()).toBe('lax');
    expect(r.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(r.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    // The session works on the next call.
    const who = await c.request('GET', '/api/users/buyer/tls1@test.shop', undefined, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example.test',
    });
    expect(who.status).toBe(200);
  });
});
