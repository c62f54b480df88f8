import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common leaked passwords are refused: an attacker tries these first. */
const REFUSED = 10_000;

/**
 * The head of zxcvbn's list of leaked passwords (most common first, lower case), plus the demo
 * shop's default password, which the README prints.
 */
const COMMON_PASSWORDS = new Set([...dictionary['passwords-common'].slice(0, REFUSED), 'demo-shop-2026']);

/** Refused at sign-up, password change and reset, whatever its letters' case. */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());
