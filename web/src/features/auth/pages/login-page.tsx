import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@shop/contract';
import { calloutClass } from '@/components/callout';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';
import { BrowseWithoutAccount } from '../components/browse-without-account';
import { GoogleButton } from '../components/google-button';
import { LoginForm } from '../components/login-form';
import { useReturnTo } from '../hooks/use-return-to';
import { loginErrorText } from '../lib/login-errors';

/** A return path as the location state the code step reads it from. */
function toLocation(to: string) {
  const url = new URL(to, window.location.origin);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function LoginPage() {
  const navigate = useNavigate();
  const { user } = useUser();
  const { to, state } = useReturnTo();
  // A failed Google sign-in (or an expired link) returns here with ?error=<code>: a known code shows
  // its fixed sentence; text carried by the link itself is never shown.
  const [params] = useSearchParams();
  const errorText = loginErrorText(params.get('error'));
  const oauthError = errorText ? `Error: ${errorText}` : null;

  const onSuccess = () => {
    toast.success(MESSAGES.loginSuccess);
    navigate(to, { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">Log In</h1>
          <BrowseWithoutAccount returnTo={to} />
          {oauthError ? (
            <p role="alert" className={calloutClass('error')}>
              {oauthError}
            </p>
          ) : null}
          {state?.reason === 'forbidden' ? (
            <p role="status" className={calloutClass('warning')}>
              Your account cannot open that page. Log in with an account that can.
            </p>
          ) : user ? (
            <p role="status" className={calloutClass('info')}>
              You are logged in as {user.email}. Logging in again switches account.
            </p>
          ) : null}
          <LoginForm
            onSuccess={onSuccess}
            onTwoFactor={() =>
              navigate(paths.loginTwoFactor.getHref(), { state: { ...state, from: state?.from ?? toLocation(to) } })
            }
          />
          <p className="-mt-2 text-right text-sm">
            <Link to={paths.forgotPassword.getHref()} className="link link-primary">
              Forgot password?
            </Link>
          </p>
          <p className="text-center text-sm">
            New here?{' '}
            <Link to={paths.signup.getHref()} state={state} className="link link-primary font-medium">
              Create an account
            </Link>
          </p>
          <GoogleButton returnTo={to} />
        </div>
      </div>
    </div>
  );
}
