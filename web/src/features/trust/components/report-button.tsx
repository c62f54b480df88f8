import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Flag } from 'lucide-react';
import { REPORT_REASON_MAX, type ReportKind } from '@shop/contract';
import { FormField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';
import { errorMessage, isApiError } from '@/lib/api';
import type { LoginLocationState } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useReport } from '@/features/trust/api/trust-api';

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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const start = () => {
    if (!user) {
      const state: LoginLocationState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
      void navigate(paths.login.getHref(), { state });
      return;
    }
    setReason('');
    setError(undefined);
    setOpen(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError('Tell us what is wrong');
    if (text.length > REPORT_REASON_MAX) return setError(`Keep it under ${REPORT_REASON_MAX} characters`);
    report.mutate(
      { kind, targetId, reason: text },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success('Thank you. A moderator will look at it, and we will tell you the outcome.');
        },
        onError: (err) => {
          if (isApiError(err) && err.code === 'already_reported') {
            setOpen(false);
            toast.info(err.message);
          } else setError(errorMessage(err));
        },
      },
    );
  };

  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm gap-1 text-base-content/80" onClick={start}>
        <Flag size={14} aria-hidden="true" />
        {label}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Report ${WHAT[kind]}`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <FormField
            label="What is wrong?"
            error={error}
            hint="For example: a fake listing, a scam, insults. Moderators read every report."
          >
            <textarea
              className="textarea w-full"
              rows={4}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={REPORT_REASON_MAX + 50}
              data-autofocus
            />
          </FormField>
          <div className="modal-action mt-0">
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)} disabled={report.isPending}>
              Cancel
            </button>
            <button type="submit" className="btn btn-error" disabled={report.isPending}>
              {report.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              Send report
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
