import { layout } from '../layout';
import type { RenderedMail } from '../types';

/**
 * To a new account (or one that asked again): the link that proves the address is theirs. Following
 * it leads on to choosing the account's password (auth.ts): anyone could have typed this address at
 * sign-up, so what was set before the proof (the password, sessions, two-factor sign-in) goes.
 */
export function verifyEmailMail(m: { baseUrl: string; name: string; url: string; expiresInHours: number }): RenderedMail {
  return layout({
    title: 'Confirm your email address',
    paragraphs: [
      `Hello ${m.name},`,
      'Thank you for joining. Open the link below to confirm that this email address is yours. Until you do, you can browse, book and pay, but not list items for sale or change your password.',
      'The link then asks you to choose the password you will log in with. For your safety, the password typed when the account was made stops working, and every device signed in to the account is signed out: only someone who can read this mail can take the account over.',
      `The link works once and for ${m.expiresInHours} hours. If it has expired, sign in and press "Resend" on the banner at the top of the page.`,
      'If you did not create an account, ignore this mail: nothing happens without the link.',
    ],
    action: { label: 'Confirm and choose my password', url: m.url },
    footer: 'This is a security mail about your account. It is always sent and cannot be turned off.',
    baseUrl: m.baseUrl,
  });
}
