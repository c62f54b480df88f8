import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { calloutClass } from '@/components/callout';
import { FormField } from '@/components/form-field';
import { errorMessage, isApiError } from '@/lib/api';
import { useChangePassword } from '../api/account';
import { changePasswordSchema, type ChangePasswordValues } from '../lib/profile-rules';
import { PasswordInput } from './password-input';

/** Better Auth's terse answers, in words; anything else (429 included) is shown as the server says it. */
function changePasswordError(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'INVALID_PASSWORD') return 'Your current password is not correct.';
    if (error.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') return 'This account signs in with Google and has no password to change.';
    if (error.code === 'PASSWORD_TOO_SHORT') return 'The new password is too short.';
    if (error.code === 'PASSWORD_TOO_LONG') return 'The new password is too long.';
  }
  return errorMessage(error);
}

/** The password changed, but the server could not end the other sessions (after three tries). */
const OTHER_DEVICES_STILL_SIGNED_IN =
  "Your password was changed, but your other devices could not be signed out just now. Use 'Sign out of all devices' below to end them.";

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: false };

/** Change password (POST /api/auth/change-password): asks the current one, the new one twice. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [result, setResult] = useState<{ tone: 'success' | 'warning' | 'error'; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    setResult(null);
    try {
      const { othersStillSignedIn } = await change.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
      reset(EMPTY);
      if (othersStillSignedIn) setResult({ tone: 'warning', message: OTHER_DEVICES_STILL_SIGNED_IN });
      else
        setResult({
          tone: 'success',
          message: revokeOtherSessions
            ? 'Your password was changed, and your other devices were signed out.'
            : 'Your password was changed.',
        });
    } catch (error) {
      setResult({ tone: 'error', message: `Error: ${changePasswordError(error)}` });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className="flex flex-col gap-1">
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <PasswordInput autoComplete="current-password" {...register('currentPassword', { onChange: () => setResult(null) })} />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters, not a common one.">
        <PasswordInput autoComplete="new-password" {...register('newPassword', { onChange: () => setResult(null) })} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword', { onChange: () => setResult(null) })} />
      </FormField>
      <label className="label mt-2 cursor-pointer gap-3 whitespace-normal text-base-content">
        <input type="checkbox" className="checkbox checkbox-primary" {...register('revokeOtherSessions')} />
        <span>Sign out of other devices</span>
      </label>
      {result ? (
        <p role={result.tone === 'success' ? 'status' : 'alert'} className={calloutClass(result.tone, 'mt-2')}>
          {result.message}
        </p>
      ) : null}
      <div className="mt-3">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Change password
        </button>
      </div>
    </form>
  );
}
