import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@shop/contract';
import { calloutClass } from '@/components/callout';
import { paths } from '@/config/paths';
import { GoogleButton } from '../components/google-button';
import { SignupForm, type SignupOutcome } from '../components/signup-form';
import { useReturnTo } from '../hooks/use-return-to';

/**
 * /signup. A new address is signed in at once. An address that already has an account is answered
 * the same way by the server but signs nobody in, and its owner is mailed (a link to prove the
 * address, or "someone tried to sign up with your address"): the page says to check the mail,
 * without saying which it was.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const { to, state } = useReturnTo();
  const [checkMail, setCheckMail] = useState<string | null>(null);

  const onSuccess = ({ signedIn, email }: SignupOutcome) => {
    if (!signedIn) {
      setCheckMail(email);
      return;
    }
    toast.success(MESSAGES.signupSuccess);
    navigate(to, { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">Sign Up</h1>
          {checkMail ? (
            <div role="status" className={calloutClass('info')}>
              <p className="font-semibold">Check your email</p>
              <p>
                We sent a mail to <span className="font-medium break-all">{checkMail}</span> with what to do next.
              </p>
            </div>
          ) : (
            <SignupForm onSuccess={onSuccess} />
          )}
          <p className="text-center text-sm">
            Already have an account?{' '}
            <Link to={paths.login.getHref()} state={state} className="link link-primary font-medium">
              Log in
            </Link>
          </p>
          <GoogleButton returnTo={to} />
        </div>
      </div>
    </div>
  );
}
