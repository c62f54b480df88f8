import { useUser } from '@/hooks/use-user';
import { errorMessage } from '@/lib/api';
import { useResendVerificationEmail } from '../api/email-verification';

/**
 * Under the navbar while the signed-in account has not verified its email: what it cannot do yet,
 * and a button that mails a new link (at most one a minute), with the result said out loud.
 */
export function VerifyEmailBanner() {
  const { user } = useUser();
  const resend = useResendVerificationEmail();
  if (!user || user.emailVerified) return null;
  const result = resend.isSuccess
    ? `We sent a new link to ${user.email}. It works for 24 hours.`
    : resend.isError
      ? errorMessage(resend.error)
      : '';
  return (
    <section aria-label="Email verification" className="border-b border-warning/60 bg-warning/15 text-base-content">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="min-w-0 flex-1 basis-72">
          <strong>Please verify your email address.</strong> Open the link we sent to{' '}
          <span className="break-all">{user.email}</span>. Until then you can browse, book and pay, but not list items for sale or
          change your password.
        </p>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={resend.isPending}
          onClick={() => resend.mutate(user.email)}
        >
          {resend.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Resend
        </button>
        {/* Always rendered (visually hidden while empty), so screen readers announce the result. */}
        <p role="status" className={result ? 'basis-full font-medium' : 'sr-only'}>
          {result}
        </p>
      </div>
    </section>
  );
}
