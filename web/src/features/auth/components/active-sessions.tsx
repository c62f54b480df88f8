import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { calloutClass } from '@/components/callout';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-user';
import { errorMessage, isApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useActiveSessions, useSignOutEverywhere } from '../api/account';
import { describeUserAgent } from '../lib/user-agent';

export const SIGNED_OUT_EVERYWHERE = 'You were signed out of all devices.';

/** The devices signed in to this account (GET /api/auth/list-sessions): this one first and marked, then the newest. */
function SessionList() {
  const sessions = useActiveSessions();
  const current = useSession().data?.session.id;
  if (sessions.isPending) return <Spinner label="Loading your devices…" className="py-4" />;
  if (sessions.isError) {
    // Better Auth lists devices only for a session signed in during the last day.
    const stale = isApiError(sessions.error) && sessions.error.code === 'SESSION_NOT_FRESH';
    return (
      <p role="alert" className={calloutClass(stale ? 'info' : 'error')}>
        {stale
          ? 'For your safety the list of devices shows only within a day of logging in. Log in again to see it.'
          : `Error: ${errorMessage(sessions.error)}`}
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300" aria-label="Active sessions">
      {[...sessions.data.filter((s) => s.id === current), ...sessions.data.filter((s) => s.id !== current)].map((s) => {
        const device = describeUserAgent(s.userAgent);
        const Icon = device.mobile ? Smartphone : Monitor;
        const isCurrent = s.id === current;
        return (
          <li key={s.id} className="flex items-start gap-3 p-3" aria-current={isCurrent ? 'true' : undefined}>
            <Icon size={20} className="mt-0.5 shrink-0 text-base-content/70" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="break-words" title={s.userAgent ?? undefined}>
                  {device.label}
                </span>
                {isCurrent ? <span className="badge badge-primary badge-sm">This device</span> : null}
              </p>
              <p className="text-sm text-base-content/75">
                {s.ipAddress ? <span>IP {s.ipAddress} · </span> : null}
                <span>Signed in {formatDateTime(s.createdAt)}</span>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Active sessions and 'Sign out of all devices' (POST /api/auth/revoke-sessions), which ends on /login. */
export function ActiveSessions() {
  const navigate = useNavigate();
  const signOutAll = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onConfirm = async () => {
    setError(null);
    try {
      await signOutAll.mutateAsync();
      setConfirming(false);
      navigate(paths.login.getHref(), { replace: true });
      toast.success(SIGNED_OUT_EVERYWHERE);
    } catch (e) {
      setConfirming(false);
      setError(`Error: ${errorMessage(e)}`);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <SessionList />
      {error ? (
        <p role="alert" className={calloutClass('error')}>
          {error}
        </p>
      ) : null}
      <div>
        <button type="button" className="btn btn-outline btn-error w-full gap-2 sm:w-auto" onClick={() => setConfirming(true)}>
          <LogOut size={16} aria-hidden="true" />
          Sign out of all devices
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Sign out of all devices?"
        confirmLabel="Sign out everywhere"
        busy={signOutAll.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        Every browser signed in to your account, this one included, will have to log in again.
      </ConfirmDialog>
    </div>
  );
}
