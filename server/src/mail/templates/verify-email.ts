import { layout } from '../layout';
import type { RenderedMail } from '../types';

/** To a new account (or one that asked again): the link that proves the address is theirs. */
export function verifyEmailMail(m: { baseUrl: string; name: string; url: string; expiresInHours: number }): RenderedMail {
  return layout({
    title: 'Confirm your email address',
    paragraphs: [
      `Hello ${m.name},`,
      'Thank you for joining. Open the link below to confirm that this email address is yours. Until you do, you can browse, book and pay, but not list items for sale or change your password.',
      `The link works once and for ${m.expiresInHours} hours. If it has expired, sign in and press "Resend" on the banner at the top of the page.`,
      'If you did not create an account, ignore this mail: nothing happens without the link.',
    ],
    action: { label: 'Confirm my email address', url: m.url },
    footer: 'This is a security mail about your account. It is always sent and cannot be turned off.',
    baseUrl: m.baseUrl,
  });
}
