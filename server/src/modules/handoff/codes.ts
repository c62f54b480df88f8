import crypto from 'node:crypto';
import { HANDOFF_CODE_LENGTH } from '@shop/contract';

/**
 * The buyer's 6-digit hand-off code. It is derived from the order id with a server secret, so the
 * buyer's page can show it again at any time while the database keeps only a keyed hash of it: a
 * copy of the database alone reveals no code. Compared in constant time.
 */
export function handoffCodes(secret: string) {
  const mac = (label: string, value: string) => crypto.createHmac('sha256', secret).update(`${label}:${value}`).digest();

  const codeFor = (orderId: string) =>
    String(mac('handoff-code', orderId).readUInt32BE(0) % 10 ** HANDOFF_CODE_LENGTH).padStart(HANDOFF_CODE_LENGTH, '0');

  const hashOf = (orderId: string, code: string) => mac('handoff-hash', `${orderId}:${code}`).toString('hex');

  return {
    codeFor,
    /** What the order_handoff row keeps. */
    hashFor: (orderId: string) => hashOf(orderId, codeFor(orderId)),
    matches(orderId: string, code: string, storedHash: string) {
      const a = Buffer.from(hashOf(orderId, code), 'hex');
      const b = Buffer.from(storedHash, 'hex');
      return a.length === b.length && crypto.timingSafeEqual(a, b);
    },
  };
}

export type HandoffCodes = ReturnType<typeof handoffCodes>;
