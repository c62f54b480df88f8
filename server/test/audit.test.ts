/**
 * The audit log: each audited action writes exactly one row naming the actor, the client IP as the
 * app computes it (TRUST_PROXY) and the target; the table refuses UPDATE, DELETE and TRUNCATE; only
 * admins read it, newest first, in keyset pages.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shop/contract';
import { grantConfiguredAdmins } from '../src/auth/admin-emails';
import { createDatabase } from '../src/db/client';
import { auditLog, payment, user } from '../src/db/schema';
import { recordAudit, SYSTEM_ACTOR } from '../src/modules/audit/service';
import { startTestApp, type TestApp } from './helpers/app';
import { migratedDataDir, testDbKind } from './helpers/db';
import {
  addProduct,
  admin,
  buyer,
  expectError,
  insertUser,
  paidAtProvider,
  placeOrder,
  postPayment,
  seller,
  walkPages,
} from './helpers/builders';
import type { Client } from './helpers/client';
import { secretOf, totp } from './helpers/totp';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The client's address as the proxy in front of the app reports it. */
const IP = '203.0.113.7';
const PASSWORD = 'pass-word-123';

let t: TestApp;
beforeAll(async () => {
  // The test's requests come from 127.0.0.1: that is the trusted proxy, X-Forwarded-For the client.
  t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t?.close());

const db = () => t.database.db;
const rowsFor = (targetId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, targetId));
/** `c` makes a call from IP. */
const from = (c: Client, method: string, p: string, body?: unknown) => c.request(method, p, body, { 'x-forwarded-for': IP });

describe('each audited action writes one row', () => {
  it('verifying a seller: the admin, their IP, the seller (once, however often it is verified)', async () => {
    const a = await admin(t);
    const target = await insertUser(t, 'seller');
    expect((await from(a, 'PUT', `/api/users/verify/${target.id}`)).status).toBe(200);
    expect((await from(a, 'PUT', `/api/users/verify/${target.id}`)).status).toBe(200);
    const rows = await rowsFor(target.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: a.id,
      actorEmail: a.email,
      ip: IP,
      action: 'seller.verified',
      targetType: 'user',
      targetId: target.id,
      details: { email: target.email },
    });
  });

  it('deleting a user', async () => {
    const a = await admin(t);
    const target = await insertUser(t, 'buyer');
    expect((await from(a, 'DELETE', `/api/users/${target.id}`)).status).toBe(200);
    const rows = await rowsFor(target.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: a.id, ip: IP, action: 'user.deleted', targetType: 'user', targetId: target.id });
  });

  it('a refused admin call writes nothing', async () => {
    const b = await buyer(t);
    const target = await insertUser(t, 'seller');
    expect((await from(b, 'PUT', `/api/users/verify/${target.id}`)).status).toBe(403);
    expect((await from(b, 'DELETE', `/api/users/${target.id}`)).status).toBe(403);
    expect(await rowsFor(target.id)).toEqual([]);
  });

  it('the ADMIN_EMAILS grant of a sign-up, by the system', async () => {
    const a = await admin(t);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, a.id), eq(auditLog.action, 'role.granted')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: 'system',
      actorEmail: null,
      ip: null,
      details: { role: 'admin', via: 'ADMIN_EMAILS' },
    });
  });

  it('the ADMIN_EMAILS grant at start-up, by the system, once', async () => {
    const listed = await insertUser(t, 'seller');
    const unverified = await insertUser(t, 'buyer');
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, listed.id));
    expect(await grantConfiguredAdmins(db(), [listed.email, unverified.email])).toBe(1);
    // The next start-up finds it an admin already.
    expect(await grantConfiguredAdmins(db(), [listed.email, unverified.email])).toBe(0);
    const rows = await rowsFor(listed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: 'system',
      action: 'role.granted',
      targetType: 'user',
      details: { role: 'admin', from: 'seller', via: 'ADMIN_EMAILS', when: 'start-up' },
    });
    expect(await rowsFor(unverified.id)).toEqual([]);
    const [u] = await db().select({ role: user.role }).from(user).where(eq(user.id, unverified.id));
    expect(u?.role).toBe('buyer');
  });

  it('a refund, by the system', async () => {
    const productId = await addProduct(await seller(t));
    const [winner, loser] = [await buyer(t, 'winner'), await buyer(t, 'loser')];
    const [ow, ol] = [await placeOrder(winner, productId), await placeOrder(loser, productId)];
    const [iw, il] = [await paidAtProvider(winner, ow), await paidAtProvider(loser, ol)];
    expect((await postPayment(winner, ow, iw)).status).toBe(201);
    expect((await postPayment(loser, ol, il)).status).toBe(409);
    // The buyer asks again: the refund is done already and is not recorded twice.
    expect((await postPayment(loser, ol, il)).status).toBe(409);
    const [refunded] = await db().select().from(payment).where(eq(payment.transactionId, il));
    expect(refunded?.status).toBe('refunded');
    const rows = await rowsFor(refunded?.id ?? '');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: 'system',
      action: 'payment.refunded',
      targetType: 'payment',
      details: { transactionId: il, orderId: ol },
    });
  });

  it('two-factor sign-in turned on, recovery codes renewed, turned off: the person, their IP', async () => {
    const c = await buyer(t, 'audit-2fa');
    const enabled = await from(c, 'POST', '/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.status).toBe(200);
    // Started but not confirmed: nothing is on yet, nothing is logged.
    expect(await rowsFor(c.id)).toEqual([]);
    const secret = secretOf((enabled.body as { totpURI: string }).totpURI);
    expect((await from(c, 'POST', '/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    expect((await from(c, 'POST', '/api/auth/two-factor/generate-backup-codes', { password: 'wrong-password' })).status).toBe(
      400,
    );
    expect((await from(c, 'POST', '/api/auth/two-factor/generate-backup-codes', { password: PASSWORD })).status).toBe(200);
    expect((await from(c, 'POST', '/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);

    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, c.id)).orderBy(auditLog.at);
    expect(rows.map((r) => r.action)).toEqual([
      'two_factor.enabled',
      'two_factor.recovery_codes_regenerated',
      'two_factor.disabled',
    ]);
    for (const r of rows) expect(r).toMatchObject({ actorId: c.id, actorEmail: c.email, ip: IP, targetType: 'user' });

    // Signing in with the second step is not a change: no row.
    const owner = await buyer(t, 'audit-2fa-signin');
    const e = await owner.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password: PASSWORD });
    const s = secretOf(e.body.totpURI);
    await owner.post('/api/auth/two-factor/verify-totp', { code: totp(s) });
    const again = t.client();
    await again.signIn(owner.email);
    // The next step's code: the one that turned it on is spent (a code is taken once).
    expect((await again.post('/api/auth/two-factor/verify-totp', { code: totp(s, Date.now() + 30_000) })).status).toBe(200);
    expect((await rowsFor(owner.id)).map((r) => r.action)).toEqual(['two_factor.enabled']);
  });

  // The command opens the embedded database of DATA_DIR here, whichever database the other tests use: once is enough.
  it.skipIf(testDbKind === 'postgres')('`npm run admin -- grant`, by the command line', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-audit-cli-'));
    try {
      const id = crypto.randomUUID();
      const email = `cli-${id.slice(0, 8)}@test.shop`;
      // The folder holds the migrated database already (helpers/db.ts).
      const before = await createDatabase({ kind: 'pglite', dataDir: await migratedDataDir(dataDir), fsync: false });
      await before.db.insert(user).values({ id, email, name: 'Cli', role: 'buyer', roleConfirmed: true, emailVerified: true });
      await before.close();

      const tsx = path.resolve(here, '../../node_modules/.bin/tsx');
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PGLITE_FSYNC: 'off', NODE_ENV: 'test' };
      const { stdout } = await promisify(execFile)(tsx, [path.resolve(here, '../src/scripts/admin.ts'), 'grant', email], { env });
      expect(stdout).toContain(`${email} is now an admin`);

      const after = await createDatabase({ kind: 'pglite', dataDir, fsync: false });
      try {
        const rows = await after.db.select().from(auditLog);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          actorId: 'cli',
          actorEmail: null,
          ip: null,
          action: 'role.granted',
          targetType: 'user',
          targetId: id,
          details: { role: 'admin', from: 'buyer', email },
        });
      } finally {
        await after.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The database's reason for refusing `query` (drizzle wraps it as the cause); fails if it went through. */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    return cause instanceof Error ? cause.message : String(cause);
  }
  throw new Error('the statement went through');
}

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE, and keeps the rows', async () => {
    await admin(t);
    const before = await db().select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    expect(await refusal(db().execute(sql`update audit_log set action = 'rewritten'`))).toMatch(/append-only: UPDATE/);
    expect(await refusal(db().update(auditLog).set({ ip: null }).where(eq(auditLog.actorId, 'system')))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`delete from audit_log`))).toMatch(/append-only: DELETE/);
    expect(await refusal(db().execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/);
    expect(await db().select().from(auditLog)).toEqual(before);
  });
});

describe('GET /api/audit', () => {
  it('is for admins only', async () => {
    expect((await t.client().get('/api/audit')).status).toBe(401);
    expect((await (await buyer(t)).get('/api/audit')).status).toBe(403);
    expect((await (await seller(t)).get('/api/audit')).status).toBe(403);
    expect((await (await admin(t)).get('/api/audit')).status).toBe(200);
  });

  it('pages through every row, newest first, with none twice', async () => {
    const a = await admin(t);
    // Rows of one transaction share their time: the id orders them.
    await db().transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await recordAudit(tx, SYSTEM_ACTOR, { action: 'role.granted', target: { type: 'user', id: `same-time-${i}` } });
    });
    for (let i = 0; i < 4; i++) {
      // Apart in time: two rows of one millisecond (PGlite's clock) tie, and their random ids order them.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await recordAudit(db(), SYSTEM_ACTOR, { action: 'role.granted', target: { type: 'user', id: `p-${i}` } });
    }

    const all = await db().select({ id: auditLog.id }).from(auditLog);
    const { rows, pages } = await walkPages<AuditEntry>(a, '/api/audit?limit=2');
    expect(pages).toBe(Math.ceil(all.length / 2));
    expect(new Set(rows.map((r) => r._id)).size).toBe(rows.length);
    expect(rows.map((r) => r._id).sort()).toEqual(all.map((r) => r.id).sort());
    const times = rows.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(rows[0]?.targetId).toBe('p-3');

    const first = await a.get<AuditEntry[]>('/api/audit?limit=1');
    expect(first.body[0]).toMatchObject({ action: 'role.granted', actorId: 'system', targetId: 'p-3', details: {} });
  });

  it('a bad cursor or limit is a 400 naming it', async () => {
    const a = await admin(t);
    expectError(await a.get('/api/audit?cursor=nonsense'), 400, 'bad cursor', 'cursor');
    expectError(await a.get('/api/audit?limit=0'), 400, 'limit 0', 'limit');
    expectError(await a.get('/api/audit?limit=1000'), 400, 'limit 1000', 'limit');
  });
});
