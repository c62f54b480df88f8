import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { page } from './format';

/**
 * To the owner of an address someone tried to sign up with again (the sign-up answered as for a new
 * address, so it tells nobody else that the account exists). Always sent, at most once a minute.
 */
export function signUpAttemptMail(m: { baseUrl: string; name: string; email: string }): RenderedMail {
  return layout({
    title: 'Someone tried to sign up with your email address',
    paragraphs: [
      `Hello ${m.name},`,
      `Someone just tried to open a new account with ${m.email}, which already has an account with us. No account was made and nothing about yours changed.`,
      `If it was you, log in instead: ${page.login(m.baseUrl)}. If you have forgotten your password, choose a new one with the link below.`,
      'If it was not you, you need not do anything: nobody gets into your account without your password.',
    ],
    action: { label: 'Reset my password', url: page.forgotPassword(m.baseUrl) },
    footer: 'This is a security mail about your account. It is always sent and cannot be turned off.',
    baseUrl: m.baseUrl,
  });
}
