import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '@shop/contract';
import { calloutClass } from '@/components/callout';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useSecondFactor } from '../api/two-factor';
import { CodeInput } from '../components/code-input';
import { useReturnTo } from '../hooks/use-return-to';
import { isAppCode, normaliseCode, signInExpired, twoFactorError } from '../lib/two-factor';

/** /login/two-factor: after a correct password, the code from the app (or a recovery code) finishes signing in. */
export function TwoFactorPage() {
  const navigate = useNavigate();
  const { to, state } = useReturnTo();
  const verify = useSecondFactor();
  const [kind, setKind] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<{ text: string; expired: boolean } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = normaliseCode(kind, code);
    if (kind === 'app' ? !isAppCode(value) : !value) {
      setError({
        text: kind === 'app' ? 'Enter the 6-digit code your app shows.' : 'Enter one of your recovery codes.',
        expired: false,
      });
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync({ kind, code: value, trustDevice });
      toast.success(MESSAGES.loginSuccess);
      navigate(to, { replace: true });
    } catch (err) {
      setError({ text: `Error: ${twoFactorError(err)}`, expired: signInExpired(err) });
    }
  };

  const switchKind = () => {
    setKind(kind === 'app' ? 'recovery' : 'app');
    setCode('');
    setError(null);
  };

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">Two-factor sign-in</h1>
          <p className="text-center text-base-content/80">
            {kind === 'app'
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Enter one of the recovery codes you saved. Each code works once.'}
          </p>
          {/* method="post": before the app runs, the code never goes into the address (SubmitButton waits for the app). */}
          <form
            method="post"
            onSubmit={(e) => void submit(e)}
            noValidate
            aria-label="Two-factor sign-in"
            className="flex flex-col gap-1"
          >
            <FormField label={kind === 'app' ? 'Code from your app' : 'Recovery code'}>
              <CodeInput
                key={kind}
                kind={kind}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                className="sm:w-full"
                // The only field of the page: the phone's keyboard opens at once.
                autoFocus
              />
            </FormField>
            <label className="label mt-1 cursor-pointer gap-3 whitespace-normal text-base-content">
              <input
                type="checkbox"
                className="checkbox checkbox-primary"
                checked={trustDevice}
                onChange={(e) => setTrustDevice(e.target.checked)}
              />
              <span>Trust this device for 30 days</span>
            </label>
            {error ? (
              <div role="alert" className={calloutClass('error', 'mt-2')}>
                <p>{error.text}</p>
                {error.expired ? (
                  <Link to={paths.login.getHref()} state={state} className="link link-primary font-medium">
                    Log in again
                  </Link>
                ) : null}
              </div>
            ) : null}
            <SubmitButton busy={verify.isPending}>Verify</SubmitButton>
          </form>
          <button type="button" className="btn btn-ghost btn-sm self-center" onClick={switchKind}>
            {kind === 'app' ? 'Lost your phone? Use a recovery code' : 'Use a code from your app'}
          </button>
          <p className="text-center text-sm">
            <Link to={paths.login.getHref()} state={state} className="link">
              Back to log in
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
