import { useState, type FormEvent } from 'react';
import type { MailSettings as Settings, OptionalMailKind } from '@shop/contract';
import { calloutClass } from '@/components/callout';
import { ErrorState } from '@/components/error-state';
import { Spinner } from '@/components/spinner';
import { useUser } from '@/hooks/use-user';
import { errorMessage } from '@/lib/api';
import { useMailSettings } from '../api/get-mail-settings';
import { useUpdateMailSettings } from '../api/update-mail-settings';

const KINDS: { kind: OptionalMailKind; label: string; hint: string; sellersOnly?: boolean }[] = [
  {
    kind: 'order-placed',
    label: 'Someone books one of my items',
    hint: 'With the buyer’s name, phone number and meeting place.',
    sellersOnly: true,
  },
  {
    kind: 'payment-received',
    label: 'A payment is received',
    hint: 'A receipt when you pay for an order, or the news when a buyer pays for your item.',
  },
  {
    kind: 'refund',
    label: 'A payment of mine is refunded',
    hint: 'When an item sold to someone else first and your money goes back to you.',
  },
  {
    kind: 'seller-verified',
    label: 'An admin verifies my seller account',
    hint: 'Your items then show the verified mark.',
    sellersOnly: true,
  },
  {
    kind: 'new-message',
    label: 'Someone writes to me',
    hint: 'Once per conversation until you read it in Messages.',
  },
  {
    kind: 'alerts',
    label: 'My alerts',
    hint: 'New matches of a saved search (at most hourly), and price drops or sales of listings you saved.',
  },
  {
    kind: 'offers',
    label: 'Offers',
    hint: 'An offer made on your item, or an answer to yours: countered, accepted, declined or expired.',
  },
];

export const MAIL_SETTINGS_SAVED = 'Your mail settings were saved.';

function MailSettingsForm({ initial, seller }: { initial: Settings; seller: boolean }) {
  const update = useUpdateMailSettings();
  const [values, setValues] = useState(initial);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const shown = KINDS.filter((k) => seller || !k.sellersOnly);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const changes: Partial<Settings> = {};
    for (const { kind } of shown) changes[kind] = values[kind];
    update.mutate(changes, {
      onSuccess: (saved) => {
        setValues(saved);
        setResult({ ok: true, message: MAIL_SETTINGS_SAVED });
      },
      onError: (e) => setResult({ ok: false, message: `Error: ${errorMessage(e)}` }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Mail settings" className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Mail me when</legend>
        {shown.map(({ kind, label, hint }) => (
          <label key={kind} className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              className="checkbox checkbox-primary mt-0.5"
              checked={values[kind]}
              aria-describedby={`mail-${kind}-hint`}
              onChange={(e) => {
                const checked = e.target.checked;
                setValues((v) => ({ ...v, [kind]: checked }));
                setResult(null);
              }}
            />
            <span className="flex flex-col">
              <span>{label}</span>
              <span id={`mail-${kind}-hint`} className="text-sm text-base-content/75">
                {hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-base-content/75">
        Mails about your account’s safety (a changed password, a sign-in from a new device) are always sent.
      </p>
      <div>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Save mail settings
        </button>
      </div>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={calloutClass(result.ok ? 'success' : 'error')}>
          {result.message}
        </p>
      ) : null}
    </form>
  );
}

/** The profile's "Mail" section: a checkbox per mail that may be turned off (GET/PUT /api/me/mail-settings). */
export function MailSettings() {
  const { user } = useUser();
  const settings = useMailSettings();
  if (settings.isPending) return <Spinner label="Loading your mail settings…" className="py-4" />;
  if (settings.isError)
    return <ErrorState title="Could not load your mail settings" error={settings.error} onRetry={() => settings.refetch()} />;
  return <MailSettingsForm initial={settings.data} seller={user?.role === 'seller'} />;
}
