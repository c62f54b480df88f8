import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { page, when } from './format';

/** To the user, when their account is signed in to from a browser it was not used on before. Always sent. */
export function newSignInMail(m: {
  baseUrl: string;
  email: string;
  userAgent: string;
  ipAddress: string;
  signedInAt: Date;
}): RenderedMail {
  return layout({
    title: 'New sign-in to your account',
    paragraphs: [
      `Your account ${m.email} was signed in to from a browser or device it has not been used on before.`,
      `Browser: ${m.userAgent || 'unknown'}`,
      `IP address: ${m.ipAddress || 'unknown'}`,
      `When: ${when(m.signedInAt)}`,
      'If this was you, you need not do anything.',
      'If it was not, change your password now and sign out of all devices on your profile page.',
    ],
    action: { label: 'Review your devices', url: page.profile(m.baseUrl) },
    footer: 'This is a security mail about your account. It is always sent and cannot be turned off.',
    baseUrl: m.baseUrl,
  });
}
