import { isApiError } from '@/lib/api';

/** The base32 secret of an otpauth:// URI, grouped by four for typing it into an app by hand. */
export function manualEntrySecret(totpURI: string): string {
  let secret = '';
  try {
    secret = new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    secret = '';
  }
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** What a person types as a code: digits only for the app (spaces and dashes dropped); recovery codes as typed. */
export function normaliseCode(kind: 'app' | 'recovery', value: string): string {
  return kind === 'app' ? value.replace(/[\s-]/g, '') : value.trim();
}

/** A 6-digit code from an authenticator app. */
export const isAppCode = (value: string) => /^\d{6}$/.test(value);

/** Better Auth's two-factor answers, in words. */
export function twoFactorError(error: unknown): string {
  if (isApiError(error)) {
    switch (error.code) {
      case 'INVALID_PASSWORD':
        return 'Your password is not correct.';
      case 'INVALID_CODE':
        return 'That code is not correct. Check the time on your phone and try the newest code.';
      case 'CODE_ALREADY_USED':
        return 'That code was used already. Wait for the next code in your app.';
      case 'INVALID_BACKUP_CODE':
        return 'That recovery code is not correct, or it was used already.';
      case 'INVALID_TWO_FACTOR_COOKIE':
        return 'This sign-in has expired. Log in with your password again.';
      case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
        return 'Too many wrong codes. Log in with your password again.';
      case 'ACCOUNT_TEMPORARILY_LOCKED':
        return 'Too many wrong codes: two-factor sign-in is locked for 15 minutes. Try again later.';
      case 'TOTP_ALREADY_ENABLED':
        return 'Two-factor sign-in is already on.';
    }
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}

/** The second step can no longer succeed: the person has to start signing in again. */
export const signInExpired = (error: unknown) =>
  isApiError(error) && ['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'].includes(error.code);

/** A sign-in answer that asks for the second step (the password was right; no session yet). */
export function needsSecondFactor(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'twoFactorRedirect' in result && result.twoFactorRedirect === true;
}
