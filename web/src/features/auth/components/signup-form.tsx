import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signupSchema, type SignupInput } from '@shop/contract';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { errorMessage } from '@/lib/api';
import { useSignUp } from '../api/sign-up';
import { PasswordInput } from './password-input';
import { PasswordStrength } from './password-strength';

/** 'Sign Up' form: name, email, password, 'Seller?' (docs/product.md#screens-and-routes, #validation). */
/** How a sign-up went: signed in, or not (an address that has an account: its owner was mailed). */
export type SignupOutcome = { signedIn: boolean; email: string };

export function SignupForm({ onSuccess }: { onSuccess: (outcome: SignupOutcome) => void }) {
  const signUp = useSignUp();
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, z.output<typeof signupSchema>>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '', isSeller: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAuthError(null);
    try {
      const { signedIn } = await signUp.mutateAsync(values);
      onSuccess({ signedIn, email: values.email });
    } catch (error) {
      // The authentication error's message as is (docs/product.md#exact-strings).
      setAuthError(errorMessage(error));
    }
  });

  return (
    // method="post": before the app runs, the browser never puts the password into the address (SubmitButton waits for the app).
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-1" aria-label="Sign Up">
      <FormField label="Name" error={errors.name?.message}>
        <input className="input w-full" autoComplete="name" {...register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <input className="input w-full" type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters, not a common one.">
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </FormField>
      <PasswordStrength password={watch('password')} userInputs={[watch('name'), watch('email')]} />
      <label className="label mt-2 cursor-pointer gap-3 text-base-content">
        <input type="checkbox" className="checkbox checkbox-primary" {...register('isSeller')} />
        <span>Seller?</span>
      </label>
      <p className="text-xs text-base-content/70">Tick this to list and advertise your own products.</p>
      {authError ? (
        <p role="alert" className="mt-1 text-sm text-error">
          {authError}
        </p>
      ) : null}
      <SubmitButton busy={isSubmitting}>Sign Up</SubmitButton>
    </form>
  );
}
