import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { MESSAGES } from '@shop/contract/constants';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/sign-out';
import { isApiError } from '@/lib/api';

function statusText(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `Error ${error.status}`;
  if (isApiError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/** The route errorElement: message, status text, and Login again (signs out, then /login); docs/product.md#error-page. */
export function ErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const signOut = useSignOut();
  if (import.meta.env.DEV) console.error(error);

  const loginAgain = () => {
    signOut.mutate(undefined, { onSettled: () => navigate(paths.login.getHref(), { replace: true }) });
  };

  return (
    <div
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      role="alert"
    >
      <h1 className="text-3xl font-bold text-error">{MESSAGES.errorPage}</h1>
      <p className="text-base-content/80">{statusText(error)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={loginAgain} disabled={signOut.isPending}>
          Login again
        </button>
        <a className="btn btn-ghost" href={paths.home.getHref()}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}
