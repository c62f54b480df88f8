import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@shop/contract';
import { calloutClass } from '@/components/callout';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { useRequestPasswordReset } from '../api/password-reset';

/**
 * /forgot-password: mails a link to choose a new password (or a first one, for an account that signs
 * in with Google). The answer never says whether the address has an account.
 */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email);
    } catch {
      // Shown from the mutation's state below.
    }
  });

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">Forgot password</h1>
          {request.isSuccess ? (
            <p role="status" className={calloutClass('success')}>
              If an account exists for {getValues('email')}, we sent a link to it. Open it within an hour to choose a new
              password. Nothing arrived? Check your spam folder, or ask again in a minute.
            </p>
          ) : (
            <p className="text-sm">
              Type the email address of your account and we will mail you a link to choose a new password.
            </p>
          )}
          {/* method="post": before the app runs, the address never carries the email (SubmitButton waits for the app). */}
          <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-1" aria-label="Forgot password">
            <FormField label="Email" error={errors.email?.message}>
              <input className="input w-full" type="email" autoComplete="email" {...register('email')} />
            </FormField>
            {request.isError ? (
              <p role="alert" className="mt-1 text-sm text-error">
                {errorMessage(request.error)}
              </p>
            ) : null}
            <SubmitButton busy={isSubmitting}>{request.isSuccess ? 'Send another link' : 'Send me a link'}</SubmitButton>
          </form>
          <p className="text-center text-sm">
            Remembered it?{' '}
            <Link to={paths.login.getHref()} className="link link-primary font-medium">
              Log in
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
