import type { Executor } from '../db/client';

/**
 * Every mail the shop sends. Essential ones (account security) always go out; the others can be
 * turned off by each user on the profile page.
 */
export const MAIL_KINDS = {
  'verify-email': { essential: true },
  'reset-password': { essential: true },
  'password-changed': { essential: true },
  'new-sign-in': { essential: true },
  'sign-up-attempt': { essential: true },
  'order-placed': { essential: false },
  'payment-received': { essential: false },
  refund: { essential: false },
  'seller-verified': { essential: false },
  'new-message': { essential: false },
  alerts: { essential: false },
  offers: { essential: false },
  // A buyer may be on the way to meet the seller: a cancelled booking is always told.
  'booking-cancelled': { essential: true },
  // Where and when to meet, and the reminder before: people travel on it, so it always goes out.
  meeting: { essential: true },
} as const;
export type MailKind = keyof typeof MAIL_KINDS;

/** A rendered mail: both parts, the shop's name in the layout (see mail/layout.ts). */
export type RenderedMail = { subject: string; text: string; html: string };

export type MailRequest = RenderedMail & {
  to: string;
  kind: MailKind;
  /** The recipient's user id when known: a non-essential mail is dropped when that user turned its kind off. */
  userId?: string;
  /** Files sent with it, e.g. a meeting's .ics (text content). */
  attachments?: { filename: string; contentType: string; content: string }[];
};

/**
 * Mail is queued, never sent inside the request that caused it: `enqueue` writes a row to the
 * outbox (inside the caller's transaction when one is given) and the job runner delivers it with
 * retries, so a mail server that is down never fails the request.
 */
export interface Mailer {
  enqueue(mail: MailRequest, executor?: Executor): Promise<void>;
}
