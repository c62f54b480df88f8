/**
 * The stolen-device register under attack (security review 2): a waiting report already blocks
 * listings of its number, so one account may not put an unbounded number of numbers on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { buyer, expectError, expectStatus } from './helpers/builders';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

/** A 15-digit IMEI with its Luhn check digit. */
function imei(body14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body14[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body14 + String((10 - (sum % 10)) % 10);
}

describe('stolen register abuse', () => {
  it('one account has at most 5 reports waiting for review; others still report', async () => {
    const a = await buyer(t, 'stolen-flooder');
    const report = (c: typeof a, n: number) =>
      c.post('/api/stolen-devices', {
        kind: 'imei',
        serial: imei(`35693803${String(n).padStart(6, '0')}`),
        policeRef: `PR-${n}`,
      });
    for (let n = 1; n <= 5; n++) expectStatus(await report(a, n), 201, `report ${n}`);
    const err = expectError(await report(a, 6), 429, 'sixth waiting report');
    expect(err.error).toBe('too_many_reports');
    expectStatus(await report(await buyer(t, 'stolen-other'), 7), 201, 'another account');
  });
  it('the police reference and the note refuse control and invisible characters, naming the field', async () => {
    const a = await buyer(t, 'stolen-hidden-text');
    const base = { kind: 'imei', serial: imei('35693803999001'), policeRef: 'PR-77' };
    const note = expectError(
      await a.post('/api/stolen-devices', { ...base, note: 'call me\u0007 now' }),
      400,
      'BEL in the note',
      'note',
    );
    expect(note.field).toBe('note');
    const ref = expectError(
      await a.post('/api/stolen-devices', { ...base, policeRef: 'PR\u200b-77' }),
      400,
      'zero-width space',
      'policeRef',
    );
    expect(ref.field).toBe('policeRef');
    expectStatus(
      await a.post('/api/stolen-devices', { ...base, note: 'Taken from my bag\non the bus.' }),
      201,
      'a two-line note',
    );
  });
});
