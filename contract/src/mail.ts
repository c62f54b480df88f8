import { z } from 'zod';

/**
 * The mails a user may turn off, each on its own. Mails about the account's security (a password
 * change, a sign-in from a new device, email verification, password reset) always go out and are
 * not in this list.
 */
export const OPTIONAL_MAIL_KINDS = [
  'order-placed',
  'payment-received',
  'refund',
  'seller-verified',
  'new-message',
  'alerts',
  'offers',
] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

const on = (what: string) => z.boolean().describe(`true: mail me when ${what}`);

/** GET/PUT /me/mail-settings answer: every optional kind, true when it is sent. */
export const mailSettingsSchema = z
  .object({
    'order-placed': on('someone books one of my items'),
    'payment-received': on('an order of mine (bought or sold) is paid'),
    refund: on('a payment of mine is refunded'),
    'seller-verified': on('an admin verifies my seller account'),
    'new-message': on('someone writes to me (once per conversation until I read it)'),
    alerts: on('a saved search has new matches, or a listing I saved drops its price or is sold'),
    offers: on('someone makes, counters, accepts or declines an offer on an item of mine or of theirs'),
  })
  .meta({ id: 'MailSettings' });
export type MailSettings = z.infer<typeof mailSettingsSchema>;

const flag = z.boolean({ message: 'must be true or false' }).optional();
const inputShape = {
  'order-placed': flag,
  'payment-received': flag,
  refund: flag,
  'seller-verified': flag,
  'new-message': flag,
  alerts: flag,
  offers: flag,
};

/**
 * PUT /me/mail-settings body: the kinds to change, each true (send) or false (do not send); kinds left
 * out stay as they are. Any other key, an essential kind included, is refused by its name.
 */
export const mailSettingsInputSchema = z
  .looseObject(inputShape)
  .superRefine((body, ctx) => {
    for (const key of Object.keys(body))
      if (!Object.hasOwn(inputShape, key))
        ctx.addIssue({ code: 'custom', path: [key], message: 'is not a mail that can be turned off' });
  })
  // Documented as it behaves: no other keys (a loose object only so that each one is refused by name).
  .meta({ additionalProperties: false });
export type MailSettingsInput = z.infer<typeof mailSettingsInputSchema>;
