import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { page, when } from './format';

/** To the user, after their password was changed or reset. Always sent: it is about the account's safety. */
export function passwordChangedMail(m: { baseUrl: string; email: string; changedAt: Date }): RenderedMail {
  return layout({
    title: 'Your password was changed',
    paragraphs: [
      `The password of your account ${m.email} was changed on ${when(m.changedAt)}.`,
      'If you did this, you need not do anything.',
      'If you did not, someone else may know your password: reset it at once with "Forgot password?" on the login page, then sign out of all devices on your profile page.',
    ],
    action: { label: 'Go to the login page', url: page.login(m.baseUrl) },
    footer: 'This is a security mail about your account. It is always sent and cannot be turned off.',
    baseUrl: m.baseUrl,
  });
}
