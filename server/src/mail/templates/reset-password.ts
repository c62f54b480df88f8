import { layout } from '../layout';
import type { RenderedMail } from '../types';

/** To someone who pressed "Forgot password?": the link to choose a new password (or a first one). */
export function resetPasswordMail(m: { baseUrl: string; email: string; url: string; expiresInMinutes: number }): RenderedMail {
  return layout({
    title: 'Reset your password',
    paragraphs: [
      `Someone asked to reset the password of the account ${m.email}. If it was you, open the link below and choose a new password.`,
      `The link works once and for ${m.expiresInMinutes} minutes. Choosing a new password signs you out on every device.`,
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: m.url },
    footer: 'This is a security mail about your account. It is always sent and cannot be turned off.',
    baseUrl: m.baseUrl,
  });
}
