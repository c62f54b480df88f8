import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@shop/contract';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { errorMessage } from '@/lib/api';
import { useSignIn } from '../api/sign-in';
import { needsSecondFactor } from '../lib/two-factor';
import { PasswordInput } from './password-input';

/** 'Log In' form, with the messages of docs/product.md#validation. Calls onSuccess after the session exists,
 * or onTwoFactor when the password was right and the account asks for a code next. */
export function LoginForm({ onSuccess, onTwoFactor }: { onSuccess: () => void; onTwoFactor: () => void }) {
  const signIn = useSignIn();
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setAuthError(null);
    try {
      const result = await signIn.mutateAsync(values);
      if (needsSecondFactor(result)) onTwoFactor();
      else onSuccess();
    } catch (error) {
      // 'Error: ' followed by the authentication error's message (docs/product.md#exact-strings).
      setAuthError(`Error: ${errorMessage(error)}`);
    }
  });

  return (
    // method="post": before the app runs, the browser never puts the password into the address (SubmitButton waits for the app).
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-1" aria-label="Log In">
      <FormField label="Email" error={errors.email?.message}>
        <input className="input w-full" type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      {authError ? (
        <p role="alert" className="mt-1 text-sm text-error">
          {authError}
        </p>
      ) : null}
      <SubmitButton busy={isSubmitting}>Login</SubmitButton>
    </form>
  );
}
