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

/** The page's words: after "Forgot password?", or right after the sign-up mail's link verified the address. */
const WORDS = {
  reset: { title: 'Choose a new password', button: 'Set new password', done: 'Your new password is set. Log in with it.' },
  verified: { title: 'Choose your password', button: 'Set password', done: 'Your password is set. Log in with it.' },
};

/**
 * /reset-password?token=...: where the emailed link lands once the server checked its token (an
 * expired or used one arrives as ?error=INVALID_TOKEN). The new password is typed twice; setting it
 * signs out every device, so the next step is the login page. With ?verified=1 the link of the
 * sign-up mail just verified the address: the server signed every device out and voided the password
 * typed at sign-up (whoever signed up may not own the address), so the owner chooses theirs here.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const words = params.get('verified') === '1' ? WORDS.verified : WORDS.reset;
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
      toast.success(words.done);
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
          <h1 className="text-center text-3xl font-bold">{words.title}</h1>
          {unusable ? (
            <UnusableLink />
          ) : (
            // method="post": before the app runs, the new password never goes into the address (SubmitButton waits for the app).
            <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-1" aria-label={words.title}>
              {words === WORDS.verified ? (
                <p role="status" className={calloutClass('success')}>
                  Your email address is verified. Choose the password you will log in with: for your safety, the one typed when
                  the account was made no longer works, and every device was signed out.
                </p>
              ) : (
                <p className="text-sm">Setting it signs you out on every device.</p>
              )}
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
              <SubmitButton busy={isSubmitting}>{words.button}</SubmitButton>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
