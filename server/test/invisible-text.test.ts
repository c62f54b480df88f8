/**
 * Text other people see shows what it says (issue 31, item 12): zero-width characters, right-to-left
 * overrides and isolates, other format and control characters, private-use and unassigned code
 * points, blank filler letters, and line separators on one-line fields are refused with a 400 naming
 * the field and the character, in every shown field: names (sign-up, update-user, POST /users),
 * listings, bookings, messages, reviews, reports and moderation reasons. One rule in the contract
 * (shown-text.ts) for the forms and the server. Joiners that do a job (Bengali and Persian spelling,
 * emoji sequences) and line breaks in multi-line text stay allowed.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Res } from './helpers/client';
import {
  addProduct,
  buyer,
  expectError,
  expectStatus,
  fakeUpload,
  orderBody,
  productBody,
  seller,
  uniqueEmail,
} from './helpers/builders';

const ZWSP = '\u200B';
const RLO = '\u202E';
const LRI = '\u2066';
const MESSAGE = 'must not contain invisible or control characters';

let t: TestApp;
let s: Client;
let b: Client;
let listing: string;

beforeAll(async () => {
  t = await startTestApp();
  s = await seller(t, 'shown-seller');
  b = await buyer(t, 'shown-buyer');
  listing = await addProduct(s, { photos: [await fakeUpload(t, s)] });
}, 60_000);
afterAll(() => t?.close());

/** A 400 whose message names the field and the refused character. */
function refused(r: Res<unknown>, what: string, field: string, char: string) {
  const body = expectError(r, 400, what, field);
  expect(body.message).toBe(`${field} ${MESSAGE} (U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')})`);
}

describe('names', () => {
  it('sign-up refuses a name with a zero-width space or a right-to-left override; nothing is made', async () => {
    for (const name of [`ad${ZWSP}min`, `Bea${RLO}reyuB`, 'Bea\u3164']) {
      const email = uniqueEmail('invisible-name');
      const r = await t.client().post<{ code?: string; message?: string }>('/api/auth/sign-up/email', {
        name,
        email,
        password: 'pass-word-123',
      });
      expect(r.status, `sign-up with ${JSON.stringify(name)}`).toBe(400);
      expect(r.body.code).toBe('NAME_INVALID');
      expect(r.body.message).toMatch(/^Name must not contain invisible or control characters \(U\+[0-9A-F]{4}\)$/);
      expect((await t.database.query(undefined, 'select 1 from "user" where email = $1', [email])).length).toBe(0);
    }
  });

  it('update-user refuses one too and keeps the name; POST /users names the field', async () => {
    const c = await t.client().signUp(uniqueEmail('renamer'), { name: 'Kept Name' });
    const r = await c.post<{ code?: string; message?: string }>('/api/auth/update-user', { name: `Kept${LRI}Name` });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Name must not contain invisible or control characters (U+2066)');
    const [row] = await t.database.query<{ name: string }>(undefined, 'select name from "user" where id = $1', [c.id]);
    expect(row?.name).toBe('Kept Name');
    refused(await c.post('/api/users', { name: `Kept${ZWSP}`, email: c.email }), 'POST /users', 'name', ZWSP);
  });

  it('names in scripts that are spelt with joiners, and emoji sequences, are accepted', async () => {
    for (const name of ['র‍্যাব হোসেন', 'می‌خواهم', 'Dev 👩‍💻', 'Zoë Ørsted-Łukasz 日本']) {
      const c = await t.client().signUp(uniqueEmail('joiner'), { name });
      const [row] = await t.database.query<{ name: string }>(undefined, 'select name from "user" where id = $1', [c.id]);
      expect(row?.name).toBe(name);
    }
  });
});

describe('listings, bookings, messages, reviews and reports', () => {
  it('a listing: name, location, description and condition notes', async () => {
    const photos = [await fakeUpload(t, s)];
    const add = (o: Record<string, string>) => s.post('/api/products', productBody(s, { photos, ...o }));
    refused(await add({ name: `ThinkPad${ZWSP}` }), 'name', 'name', ZWSP);
    refused(await add({ location: `Dhaka${RLO}` }), 'location', 'location', RLO);
    refused(await add({ description: `Fine.\u0007` }), 'description', 'description', '\u0007');
    refused(await add({ description: `Fine.${LRI}` }), 'description', 'description', LRI);
    // Several lines are fine where several lines are allowed; on a one-line field a line break is not.
    expectStatus(await add({ description: 'Line one.\nLine two.\r\n\tIndented.' }), 201, 'multi-line description');
    refused(await add({ name: 'Two\nlines' }), 'name with a line break', 'name', '\n');
    refused(await add({ location: 'Dhaka\u2028Gulshan' }), 'location with U+2028', 'location', '\u2028');
    refused(
      await s.request('PATCH', `/api/products/${listing}`, { description: `Edited${ZWSP}` }),
      'PATCH description',
      'description',
      ZWSP,
    );
  });

  it('a booking: the buyer name and meeting location', async () => {
    refused(await b.post('/api/orders', orderBody(b, listing, { buyerName: `Bea${RLO}` })), 'buyerName', 'buyerName', RLO);
    refused(
      await b.post('/api/orders', orderBody(b, listing, { meettingLocation: `Gulshan${ZWSP}1` })),
      'meettingLocation',
      'meettingLocation',
      ZWSP,
    );
  });

  it('a message, a review, a reply and a report; a multi-line message with emoji goes through', async () => {
    const c = expectStatus(await b.post<{ _id: string }>('/api/conversations', { listingId: listing }), 201, 'open');
    const send = (text: string) => b.post(`/api/conversations/${c.body._id}/messages`, { text });
    refused(await send(`pay here${RLO}moc.live`), 'message', 'text', RLO);
    refused(await send('private \uE000 glyph'), 'message with a private-use character', 'text', '\uE000');
    expectStatus(await send('Still for sale? 👨‍👩‍👧\nCan meet in Gulshan.'), 201, 'message with lines and an emoji sequence');
    const orderId = crypto.randomUUID();
    refused(await b.post(`/api/orders/${orderId}/review`, { rating: 5, text: `Great${ZWSP}` }), 'review', 'text', ZWSP);
    refused(await s.post(`/api/reviews/${orderId}/reply`, { text: `Thanks${LRI}` }), 'reply', 'text', LRI);
    refused(
      await b.post('/api/reports', { kind: 'listing', targetId: listing, reason: `Fake${ZWSP}` }),
      'report',
      'reason',
      ZWSP,
    );
    refused(
      await b.post(`/api/conversations/${c.body._id}/report`, { reason: `Spam\u202A` }),
      'conversation report',
      'reason',
      '\u202A',
    );
  });
});
