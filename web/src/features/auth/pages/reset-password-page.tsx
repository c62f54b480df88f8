import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordSchema, type ResetPasswordInput } from '@shop/contract';
import { calloutClass } from '@/components/callout';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/password-reset';
import { PasswordInput } from '../components/password-input';

const LINK_UNUSABLE = 'This link has expired or was already used: each link works once, for an hour.';

function UnusableLink() {
  return (
    <>
      <p role="alert" className={calloutClass('error')}>
        {LINK_UNUSABLE}
      </p>
      <Link to={paths.forgotPassword.getHref()} className="btn btn-primary">
        Get a new link
      </Link>
    </>
  );
}

/**
 * /reset-password?token=...: where the emailed link lands once the server checked its token (an
 * expired or used one arrives as ?error=INVALID_TOKEN). The new password is typed twice; setting it
 * signs out every device, so the next step is the login page.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [unusable, setUnusable] = useState(!token || params.has('error'));
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    if (!token) return;
    setFailure(null);
    try {
      await reset.mutateAsync({ token, newPassword });
      toast.success('Your new password is set. Log in with it.');
      navigate(paths.login.getHref(), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_TOKEN') setUnusable(true);
      else setFailure(errorMessage(error));
    }
  });

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">Choose a new password</h1>
          {unusable ? (
            <UnusableLink />
          ) : (
            // method="post": before the app runs, the new password never goes into the address (SubmitButton waits for the app).
            <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-1" aria-label="Choose a new password">
              <p className="text-sm">Setting it signs you out on every device.</p>
              <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters.">
                <PasswordInput autoComplete="new-password" {...register('newPassword')} />
              </FormField>
              <FormField label="Type it again" error={errors.confirmPassword?.message}>
                <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
              </FormField>
              {failure ? (
                <p role="alert" className="mt-1 text-sm text-error">
                  {failure}
                </p>
              ) : null}
              <SubmitButton busy={isSubmitting}>Set new password</SubmitButton>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
