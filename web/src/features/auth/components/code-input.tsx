import { forwardRef, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { kind: 'app' | 'recovery' };

/**
 * A code field: for an authenticator code the phone shows the number pad and may offer the code
 * itself (one-time-code); a recovery code is letters and digits, typed as is.
 */
export const CodeInput = forwardRef<HTMLInputElement, Props>(function CodeInput({ kind, className = '', ...props }, ref) {
  return kind === 'app' ? (
    <input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      spellCheck={false}
      className={`input w-full font-mono text-lg tracking-widest sm:w-48 ${className}`}
      {...props}
    />
  ) : (
    <input
      ref={ref}
      type="text"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={40}
      className={`input w-full font-mono sm:w-64 ${className}`}
      {...props}
    />
  );
});
