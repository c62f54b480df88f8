import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { calloutClass } from '@/components/callout';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useSimulatedOnboarding } from '../api/payouts';
import { requirementsText } from '../lib/requirements';

/**
 * /dashboard/earnings/setup: the simulated provider's onboarding, standing in for Stripe's hosted
 * page in test mode. What is left empty stays due, as with Stripe.
 */
export function PayoutSetupPage() {
  usePageMeta('Set up payouts');
  const navigate = useNavigate();
  const save = useSimulatedOnboarding();
  const [form, setForm] = useState({ name: '', routingNumber: '', accountNumber: '' });
  const ids = { name: useId(), routing: useId(), account: useId() };
  const fieldError = (field: string) => (isApiError(save.error) && save.error.field === field ? save.error.message : undefined);
  const due = save.data?.requirementsDue ?? [];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(form, {
      onSuccess: (a) => {
        if (a.status === 'ready') {
          toast.success('Your payout account is ready.');
          void navigate(paths.dashboard.earnings.getHref());
        }
      },
      onError: (error) => {
        if (!isApiError(error) || !error.field) toast.error(errorMessage(error));
      },
    });
  };
  const input = (key: keyof typeof form, id: string, label: string, hint: string, extra: Record<string, string> = {}) => {
    const err = fieldError(key);
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <input
          id={id}
          className={`input w-full ${err ? 'input-error' : ''}`}
          value={form[key]}
          onChange={(e) => setForm({ ...form, [key]: e.target.value })}
          aria-invalid={err ? true : undefined}
          aria-describedby={`${id}-hint`}
          {...extra}
        />
        <p id={`${id}-hint`} className={`text-sm ${err ? 'text-error' : 'text-base-content/70'}`}>
          {err ? `${label} ${err}` : hint}
        </p>
      </div>
    );
  };

  return (
    <section aria-labelledby="setup-title" className="flex max-w-xl flex-col gap-4">
      <div>
        <h1 id="setup-title" className="text-2xl font-bold">
          Set up payouts
        </h1>
        <p className="text-sm text-base-content/70">
          Test mode: the simulated payment provider's onboarding. No real bank account is needed: use routing number 110000000 and
          account number 000123456789.
        </p>
      </div>
      {due.length ? (
        <div role="status" className={calloutClass('warning')}>
          <p className="font-semibold">Still due</p>
          <p className="text-sm">{requirementsText(due)}: your account stays pending until these are given.</p>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {input('name', ids.name, 'Legal name', 'As on your bank account.', { autoComplete: 'name' })}
        {input('routingNumber', ids.routing, 'Routing number', '9 digits.', { inputMode: 'numeric' })}
        {input('accountNumber', ids.account, 'Account number', '4 to 17 digits.', { inputMode: 'numeric' })}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            Save payout details
          </button>
          <Link to={paths.dashboard.earnings.getHref()} className="btn btn-ghost">
            Back to Earnings
          </Link>
        </div>
      </form>
    </section>
  );
}
