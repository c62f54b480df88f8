import { Link, useSearchParams } from 'react-router';
import { calloutClass } from '@/components/callout';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';

/** Why a verification link did not work, by the code the server put in ?error=. */
const FAILURES: Record<string, string> = {
  TOKEN_EXPIRED: 'This link has expired: links work for 24 hours.',
  INVALID_TOKEN: 'This link is not valid. Check that you opened the whole link from the mail.',
  USER_NOT_FOUND: 'The account this link was for no longer exists.',
};

/**
 * /email-verified: where the emailed link lands when it did not just verify the address (a link that
 * does goes on to /reset-password?verified=1 to choose the password): opened again, it says the
 * address is verified; a failure says why and how to get a new link.
 */
export function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const { user } = useUser();

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          {error ? (
            <>
              <h1 className="text-center text-2xl font-bold">Email not verified</h1>
              <p role="alert" className={calloutClass('error')}>
                {FAILURES[error] ?? 'This link did not work.'}
              </p>
              <p className="text-sm">
                {user
                  ? 'Press "Resend" on the banner at the top of the page for a new link.'
                  : 'Log in and press "Resend" on the banner at the top of the page for a new link.'}
              </p>
              {user ? (
                <Link to={paths.home.getHref()} className="btn btn-primary">
                  Continue shopping
                </Link>
              ) : (
                <Link to={paths.login.getHref()} className="btn btn-primary">
                  Log in
                </Link>
              )}
            </>
          ) : (
            <>
              <h1 className="text-center text-2xl font-bold">Email verified</h1>
              <p role="status" className={calloutClass('success')}>
                Your email address is verified. You can now list items for sale and change your password.
              </p>
              <Link to={paths.home.getHref()} className="btn btn-primary">
                Continue
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
