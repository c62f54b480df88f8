/**
 * Sellers get paid: payout accounts (Connect Express through the real SDK against the fake Stripe, or
 * the simulated provider's own onboarding), destination charges with the shop's fee captured at the
 * hand-off, sales captured to the shop and transferred once the seller's account is ready, refunds
 * that reverse the transfer and give the fee back, and the ledger (sums, idempotent on event ids).
 * Both providers; the shop's fee is 10 % + 30 cents here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import {
  type AdminOrder,
  type Finance,
  type Handoff,
  type PayoutsView,
  platformFeeCents,
  type Receipt,
  sellerShareCents,
} from '@shop/contract';
import { ledgerEntry, payoutAccount, simulatedTransfer } from '../src/db/schema';
import type { Client } from './helpers/client';
import {
  PROVIDERS,
  adminOf,
  newBuyer,
  newProduct,
  newSeller,
  payAtProvider,
  placeOrder,
  postPayment,
  startPayWorld,
  type PayWorld,
} from './helpers/payments-fixtures';

const FEE = { percent: 10, fixedCents: 30 };
/** Stripe signs connected accounts' events with the Connect endpoint's own secret. */
const CONNECT_SECRET = 'whsec_connect_endpoint_test';
const feeOf = (cents: number) => platformFeeCents(cents, FEE);

describe('the shop fee, one rule in integer cents', () => {
  it('property: fee + seller share = price, 0 <= fee <= price, for every price and fee setting', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }).map((bps) => bps / 100),
        fc.integer({ min: 0, max: 100_000 }),
        (price, percent, fixedCents) => {
          const { feeCents, sellerCents } = sellerShareCents(price, { percent, fixedCents });
          expect(Number.isInteger(feeCents) && Number.isInteger(sellerCents)).toBe(true);
          expect(feeCents + sellerCents).toBe(price);
          expect(feeCents).toBeGreaterThanOrEqual(0);
          expect(feeCents).toBeLessThanOrEqual(price);
          // One rounding rule: the percentage part rounded half up, exactly (no float drift).
          const exact = (BigInt(price) * BigInt(Math.round(percent * 100)) * 2n + 10_000n) / 20_000n;
          expect(feeCents).toBe(Math.min(price, Number(exact) + fixedCents));
        },
      ),
      { numRuns: 2000 },
    );
    // Worked examples: 10 % + 30 c of $199.99 is $20.30 (19.999 rounds up); 2.9 % of $0.50 is 1 c (1.45 rounds down).
    expect(platformFeeCents(19_999, { percent: 10, fixedCents: 30 })).toBe(2030);
    expect(platformFeeCents(50, { percent: 2.9, fixedCents: 0 })).toBe(1);
    expect(platformFeeCents(500, { percent: 0, fixedCents: 700 })).toBe(500);
  });
});

describe.each(PROVIDERS)('payouts with the %s provider', (kind) => {
  let w: PayWorld;
  let admin: Client;

  beforeAll(async () => {
    w = await startPayWorld(kind, {
      env: { PLATFORM_FEE_PERCENT: '10', PLATFORM_FEE_FIXED_CENTS: '30', STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET },
    });
    admin = await adminOf(w.t);
  });
  afterAll(() => w.close());

  const payoutsOf = async (c: Client) => {
    const r = await c.get<PayoutsView>('/api/me/payouts');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const accountIdOf = async (c: Client) => {
    const [a] = await w.t.database.db.select().from(payoutAccount).where(eq(payoutAccount.userId, c.id));
    return a?.accountId;
  };

  /** The seller goes through the provider's onboarding; `due`: what they leave out (the account stays pending). */
  async function onboard(seller: Client, partial = false) {
    const link = await seller.post<{ url: string }>('/api/me/payouts/onboarding', {});
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    if (w.fake) {
      expect(link.body.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);
      const acct = (await accountIdOf(seller))!;
      expect(w.fake.accounts.get(acct)?.type).toBe('express');
      const event = w.fake.completeOnboarding(acct, partial ? ['external_account'] : []);
      const url = `${w.t.baseUrl}/api/webhooks/stripe`;
      expect((await w.fake.deliver(url, event, { secret: 'whsec_someone_else' })).status).toBe(400);
      const r = await w.fake.deliver(url, event, { secret: CONNECT_SECRET });
      expect(r.status).toBe(200);
      return event;
    }
    expect(link.body.url).toContain('/dashboard/earnings/setup?account=acct_sim_');
    const r = await seller.post<{ status: string; requirementsDue: string[] }>('/api/payouts/simulated/onboarding', {
      name: 'Sam Seller',
      routingNumber: '110000000',
      accountNumber: partial ? '' : '000123456789',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return null;
  }

  const handoffOf = async (c: Client, orderId: string) => (await c.get<Handoff>(`/api/orders/${orderId}/handoff`)).body;

  /** list → book → pay (held). */
  async function sale(seller: Client, price: number) {
    const productId = await newProduct(seller, price);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const intent = await payAtProvider(w, buyer, orderId);
    expect((await postPayment(buyer, orderId, intent.paymentIntentId)).status).toBe(201);
    return { buyer, orderId, tx: intent.paymentIntentId };
  }
  async function handOff(seller: Client, s: { buyer: Client; orderId: string }) {
    const { code } = await handoffOf(s.buyer, s.orderId);
    const r = await seller.post(`/api/orders/${s.orderId}/handoff/confirm`, { code });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  async function disputeAndRefund(s: { buyer: Client; orderId: string }) {
    const d = await s.buyer.post(`/api/orders/${s.orderId}/dispute`, { text: 'It stopped working the next day.' });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const r = await admin.post<AdminOrder>(`/api/admin/orders/${s.orderId}/refund`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }

  /** The provider's own view: what reached the seller's account (transfers less reversals). */
  async function providerBalance(accountId: string) {
    if (w.fake) return w.fake.accountBalance(accountId);
    const [r] = await w.t.database.db
      .select({ n: sql<number>`coalesce(sum(${simulatedTransfer.amountCents} - ${simulatedTransfer.reversedCents}), 0)::int` })
      .from(simulatedTransfer)
      .where(eq(simulatedTransfer.destination, accountId));
    return Number(r?.n ?? 0);
  }
  const ledgerCount = async () =>
    Number((await w.t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntry))[0]?.n);

  it('who may: payouts for sellers, finance and orders for admins; bad filters name the field', async () => {
    const buyer = await newBuyer(w.t);
    expect((await buyer.get('/api/me/payouts')).status).toBe(403);
    expect((await buyer.post('/api/me/payouts/onboarding', {})).status).toBe(403);
    expect((await buyer.get('/api/admin/finance')).status).toBe(403);
    expect((await buyer.get('/api/admin/finance.csv')).status).toBe(403);
    expect((await buyer.get('/api/admin/orders?q=x')).status).toBe(403);
    expect((await w.t.client().get('/api/me/payouts')).status).toBe(401);
    const bad = await admin.get<{ field?: string }>('/api/admin/finance?from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('from');
    const seller = await newSeller(w.t);
    expect(await payoutsOf(seller)).toMatchObject({
      account: { status: 'none', requirementsDue: [] },
      balance: { pendingCents: 0, availableCents: 0, paidOutCents: 0, currency: 'usd' },
      fee: FEE,
      items: [],
    });
  });

  it('a ready seller: destination charge, held then captured at the hand-off; balance = price - fee, fee recorded, transfer exists', async () => {
    const seller = await newSeller(w.t);
    await onboard(seller);
    expect((await payoutsOf(seller)).account).toMatchObject({ status: 'ready', requirementsDue: [] });
    const acct = (await accountIdOf(seller))!;
    const price = 199.99;
    const cents = 19999;
    const fee = feeOf(cents);
    expect(fee).toBe(2030);
    const s = await sale(seller, price);
    if (w.fake)
      expect(w.fake.intents.get(s.tx)).toMatchObject({ transfer_data: { destination: acct }, application_fee_amount: fee });
    let v = await payoutsOf(seller);
    expect(v.balance).toMatchObject({ pendingCents: cents - fee, availableCents: 0, paidOutCents: 0 });
    expect(v.items).toEqual([
      expect.objectContaining({
        orderId: s.orderId,
        priceCents: cents,
        feeCents: fee,
        sellerCents: cents - fee,
        status: 'pending',
      }),
    ]);
    expect(await providerBalance(acct)).toBe(0);

    await handOff(seller, s);
    v = await payoutsOf(seller);
    expect(v.balance).toMatchObject({ pendingCents: 0, availableCents: cents - fee, paidOutCents: 0 });
    expect(v.items[0]).toMatchObject({ status: 'transferred', feeCents: fee });
    expect(v.weeks.reduce((a, x) => a + x.sellerCents, 0)).toBe(cents - fee);
    expect(await providerBalance(acct)).toBe(cents - fee);
    if (w.fake) expect(w.fake.feesKept()).toBeGreaterThanOrEqual(fee);

    const o = await admin.get<AdminOrder>(`/api/admin/orders/${s.orderId}`);
    expect(o.body.ledger.map((e) => e.kind)).toEqual(['charge_held', 'charge_captured', 'transfer']);
    expect(o.body.ledger[1]).toMatchObject({ amountCents: cents, feeCents: fee });
    expect(o.body.canRefund).toBe(false);
    const found = await admin.get<{ orderId: string }[]>(`/api/admin/orders?q=${encodeURIComponent(seller.email)}`);
    expect(found.body.map((x) => x.orderId)).toContain(s.orderId);

    // The seller's mail about the sale says what they receive.
    const mail = await w.t.database.query<{ text: string }>(
      'p25_mail',
      "select text from mail_outbox where to_address = $1 and kind = 'payment-received' order by created_at",
      [seller.email],
    );
    expect(mail.map((m) => m.text).join('\n')).toContain(`You receive $${((cents - fee) / 100).toFixed(2)} of $199.99`);
  });

  it('a decline releases the hold: nothing reaches the seller, no fee is kept', async () => {
    const seller = await newSeller(w.t);
    await onboard(seller);
    const acct = (await accountIdOf(seller))!;
    const s = await sale(seller, 80);
    const r = await s.buyer.post(`/api/orders/${s.orderId}/decline`, { text: 'Not as described: cracked.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const v = await payoutsOf(seller);
    expect(v.balance).toMatchObject({ pendingCents: 0, availableCents: 0 });
    expect(v.items[0]?.status).toBe('released');
    expect(await providerBalance(acct)).toBe(0);
  });

  it('a dispute refunded by the admin reverses the transfer and gives the fee back', async () => {
    const seller = await newSeller(w.t);
    await onboard(seller);
    const acct = (await accountIdOf(seller))!;
    const s = await sale(seller, 120);
    await handOff(seller, s);
    const feesBefore = w.fake?.feesKept();
    const done = await disputeAndRefund(s);
    expect(done.status).toBe('resolved');
    expect(done.ledger.map((e) => e.kind)).toEqual(['charge_held', 'charge_captured', 'transfer', 'refund', 'transfer_reversal']);
    expect(done.payments[0]?.status).toBe('refunded');
    expect(await providerBalance(acct)).toBe(0);
    if (w.fake) expect(w.fake.feesKept()).toBe(feesBefore! - feeOf(12000));
    const v = await payoutsOf(seller);
    expect(v.balance).toMatchObject({ pendingCents: 0, availableCents: 0 });
    expect(v.items[0]?.status).toBe('refunded');
    // Twice is a 409: it is resolved now.
    expect((await admin.post(`/api/admin/orders/${s.orderId}/refund`, {})).status).toBe(409);
  });

  it('a seller without a payout account still sells; the money is transferred once onboarding is done, and reversed on refund', async () => {
    const seller = await newSeller(w.t);
    const s = await sale(seller, 50);
    if (w.fake) expect(w.fake.intents.get(s.tx)?.transfer_data).toBeNull();
    await handOff(seller, s);
    const share = 5000 - feeOf(5000);
    let v = await payoutsOf(seller);
    expect(v.balance.availableCents).toBe(share);
    expect(v.items[0]?.status).toBe('awaiting_account');
    let f = (await admin.get<Finance>('/api/admin/finance')).body;
    expect(f.awaitingTransfer).toContainEqual(expect.objectContaining({ sellerEmail: seller.email, amountCents: share }));

    // Half-done onboarding: requirements due, nothing moves.
    await onboard(seller, true);
    v = await payoutsOf(seller);
    expect(v.account.status).toBe('pending');
    expect(v.account.requirementsDue).toContain('external_account');
    expect(v.items[0]?.status).toBe('awaiting_account');

    await onboard(seller);
    const acct = (await accountIdOf(seller))!;
    v = await payoutsOf(seller);
    expect(v.account.status).toBe('ready');
    expect(v.items[0]?.status).toBe('transferred');
    expect(await providerBalance(acct)).toBe(share);
    f = (await admin.get<Finance>('/api/admin/finance')).body;
    expect(f.awaitingTransfer.find((x) => x.sellerEmail === seller.email)).toBeUndefined();

    const done = await disputeAndRefund(s);
    expect(done.ledger.map((e) => e.kind)).toContain('transfer_reversal');
    expect(await providerBalance(acct)).toBe(0);
  });

  it('replayed provider events change nothing', async () => {
    const seller = await newSeller(w.t);
    const event = await onboard(seller);
    const s = await sale(seller, 40);
    await handOff(seller, s);
    const before = await ledgerCount();
    if (w.fake && event) {
      const url = `${w.t.baseUrl}/api/webhooks/stripe`;
      const again = await w.fake.deliver(url, event);
      expect(again.body).toMatchObject({ duplicate: true });
      for (const e of w.fake.eventsFor(s.tx)) await w.fake.deliver(url, e);
      // A payout to the bank, delivered twice: recorded once.
      const acct = (await accountIdOf(seller))!;
      const po = w.fake.payout(acct, 1000);
      await w.fake.deliver(url, po);
      await w.fake.deliver(url, po);
      await w.fake.deliver(url, { ...po, id: `${po.id}_redelivered` });
      expect(await ledgerCount()).toBe(before + 1);
      const v = await payoutsOf(seller);
      expect(v.balance.paidOutCents).toBe(1000);
      expect(v.balance.availableCents).toBe(4000 - feeOf(4000) - 1000);
      expect(v.payouts).toEqual([expect.objectContaining({ amountCents: 1000 })]);
    } else {
      // The simulated form sent again, and the hand-off confirmed again: nothing new.
      await onboard(seller);
      const { code } = await handoffOf(s.buyer, s.orderId);
      await seller.post(`/api/orders/${s.orderId}/handoff/confirm`, { code });
      await w.t.app.jobs.runDue();
      expect(await ledgerCount()).toBe(before);
    }
  });

  it('the finance page sums the ledger, filters by date and exports CSV escaped against formulas; the buyer gets a receipt', async () => {
    const seller = await newSeller(w.t);
    await onboard(seller);
    const productId = await newProduct(seller, 30);
    await w.t.database.query('p25_name', 'update product set name = $1 where id = $2', ['=HYPERLINK("http://x")', productId]);
    const buyer = await newBuyer(w.t);
    const orderId = await placeOrder(buyer, productId);
    const intent = await payAtProvider(w, buyer, orderId);
    expect((await postPayment(buyer, orderId, intent.paymentIntentId)).status).toBe(201);
    await handOff(seller, { buyer, orderId });

    const f = (await admin.get<Finance>('/api/admin/finance')).body;
    const [sums] = await w.t.database.query<{ gross: number; fees: number }>(
      'p25_sums',
      `select coalesce(sum(amount_cents) filter (where kind = 'charge_captured'), 0)::int as gross,
              (coalesce(sum(fee_cents) filter (where kind = 'charge_captured'), 0) - coalesce(sum(fee_cents) filter (where kind = 'refund'), 0))::int as fees
         from ledger_entry`,
      [],
    );
    expect(f.totals.grossSalesCents).toBe(sums?.gross);
    expect(f.totals.feesCents).toBe(sums?.fees);
    expect(f.entries.some((e) => e.orderId === orderId && e.kind === 'charge_captured' && e.feeCents === feeOf(3000))).toBe(true);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = (await admin.get<Finance>(`/api/admin/finance?from=${tomorrow}`)).body;
    expect(later.totals.grossSalesCents).toBe(0);
    expect(later.entries).toEqual([]);

    const csv = await admin.get<string>('/api/admin/finance.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = String(csv.body);
    expect(text.split('\r\n')[0]).toBe('date,kind,order_id,item,seller_email,amount_usd,fee_usd,reference');
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);

    const receipt = await buyer.get<Receipt>(`/api/orders/${orderId}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ orderId, amountCents: 3000, cardLast4: '4242', shop: { name: w.t.config.shopName } });
    expect(receipt.body.sellerName).toBeTruthy();
    expect((await (await newBuyer(w.t)).get(`/api/orders/${orderId}/receipt`)).status).toBe(404);
  });

  it('property: for random sales and outcomes, the ledger sums equal the provider’s view', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 100, max: 500_000 }),
            outcome: fc.constantFrom('complete', 'decline', 'refund'),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.boolean(),
        async (sales, readyFirst) => {
          const seller = await newSeller(w.t);
          if (readyFirst) await onboard(seller);
          for (const x of sales) {
            const s = await sale(seller, x.cents / 100);
            if (x.outcome === 'decline') {
              await s.buyer.post(`/api/orders/${s.orderId}/decline`, { text: 'Not as described.' });
              continue;
            }
            await handOff(seller, s);
            if (x.outcome === 'refund') await disputeAndRefund(s);
          }
          if (!readyFirst) await onboard(seller);
          const acct = (await accountIdOf(seller))!;
          const v = await payoutsOf(seller);
          const kept = sales.filter((x) => x.outcome === 'complete').reduce((a, x) => a + x.cents - feeOf(x.cents), 0);
          expect(v.balance.availableCents).toBe(kept);
          expect(v.balance.pendingCents).toBe(0);
          expect(await providerBalance(acct)).toBe(kept);
        },
      ),
      { numRuns: 3 },
    );
    // Each run is up to three whole sales over HTTP: more time than one request's test.
  }, 120_000);
});
