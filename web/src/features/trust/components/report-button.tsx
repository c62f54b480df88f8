import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Flag } from 'lucide-react';
import type { ReportKind } from '@shop/contract';
import { REPORT_REASON_MAX } from '@shop/contract/constants';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';
import { errorMessage, isApiError } from '@/lib/api';
import type { LoginLocationState } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useReport } from '@/features/trust/api/trust-api';
import { ReasonDialog } from './reason-dialog';

const WHAT: Record<ReportKind, string> = {
  listing: 'this listing',
  user: 'this user',
  review: 'this review',
  conversation: 'this conversation',
};

/** "Report": a reason, then the moderators' queue. Signed out, it asks to sign in first. */
export function ReportButton({ kind, targetId, label = 'Report' }: { kind: ReportKind; targetId: string; label?: string }) {
  const { user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const report = useReport();
  const [open, setOpen] = useState(false);

  const start = () => {
    if (!user) {
      const state: LoginLocationState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
      void navigate(paths.login.getHref(), { state });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm gap-1 text-base-content/80" onClick={start}>
        <Flag size={14} aria-hidden="true" />
        {label}
      </button>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Report ${WHAT[kind]}`}
        label="What is wrong?"
        hint="For example: a fake listing, a scam, insults. Moderators read every report."
        required="Tell us what is wrong"
        max={REPORT_REASON_MAX}
        rows={4}
        submitLabel="Send report"
        busy={report.isPending}
        onSubmit={(reason, fail) =>
          report.mutate(
            { kind, targetId, reason },
            {
              onSuccess: () => {
                setOpen(false);
                toast.success('Thank you. A moderator will look at it, and we will tell you the outcome.');
              },
              onError: (err) => {
                if (isApiError(err) && err.code === 'already_reported') {
                  setOpen(false);
                  toast.info(err.message);
                } else fail(errorMessage(err));
              },
            },
          )
        }
      />
    </>
  );
}
