import { type FormEvent, useId, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import type { Order } from '@shop/contract';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useHandoff, useOrderCase } from '../api/handoff';
import { formatDate } from './order-payment';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string | null) => (iso ? when.format(new Date(iso)) : '');

/** Statuses with a hand-off to show: the money is held, or the meeting happened (or did not). */
const WITH_HANDOFF = new Set<Order['status']>(['paid', 'completed', 'declined', 'released', 'disputed', 'resolved']);

/** A short form for the buyer's words: declining at the meeting, or a dispute afterwards. */
function CaseForm({
  orderId,
  kind,
  label,
  submitLabel,
  onDone,
}: {
  orderId: string;
  kind: 'decline' | 'dispute';
  label: string;
  submitLabel: string;
  onDone: () => void;
}) {
  const send = useOrderCase(orderId, kind);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError('Please say what is wrong.');
      return;
    }
    setError(null);
    send.mutate(
      { text: text.trim(), photos: [] },
      {
        onSuccess: () => {
          toast.success(kind === 'decline' ? 'Declined: your hold is released.' : 'Dispute opened: a moderator will look at it.');
          onDone();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label={submitLabel}>
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={fieldId}
        className="textarea textarea-bordered w-full"
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-error btn-sm" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : submitLabel}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone} disabled={send.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The buyer's side of the meeting: while the money is held, the QR code and the 6-digit code the
 * seller scans or types (the money is taken only then), and declining at the meeting; afterwards,
 * what happened and, within 48 hours, a dispute. The order's live events refresh it.
 */
export function OrderHandoff({ order }: { order: Order }) {
  const shown = WITH_HANDOFF.has(order.status);
  const handoff = useHandoff(order._id, shown);
  const [form, setForm] = useState<'decline' | 'dispute' | null>(null);
  if (!shown) return null;
  if (handoff.isPending) return <div className="skeleton h-10 w-full" aria-hidden="true" />;
  if (handoff.isError) return <p className="text-sm text-error">Could not load the hand-off: {errorMessage(handoff.error)}</p>;
  const h = handoff.data;
  return (
    <section className="flex flex-col gap-2 text-sm" aria-label={`Hand-off of ${order.productName}`}>
      {h.status === 'paid' && h.code && h.qr ? (
        <>
          <p>Show this to the seller when you meet. Your money is taken only when they confirm it.</p>
          <div className="flex flex-wrap items-center gap-4">
            <div className="rounded-box bg-white p-2">
              <QRCodeSVG value={h.qr} size={144} role="img" aria-label="QR code for the seller to scan" />
            </div>
            <div>
              <p className="text-base-content/70">Hand-off code</p>
              <p className="font-mono text-3xl font-bold tracking-[0.3em]" data-testid="handoff-code">
                <span className="sr-only">Hand-off code: {h.code.split('').join(' ')}</span>
                <span aria-hidden="true">{h.code}</span>
              </p>
            </div>
          </div>
          {h.heldUntil ? (
            <p className="text-base-content/70">
              Held until {formatWhen(h.heldUntil)}; if the hand-off is not confirmed by then, the hold is released.
            </p>
          ) : null}
          {h.lockedUntil ? (
            <p role="status" className="text-warning">
              Too many wrong codes were typed: confirming is locked until {formatWhen(h.lockedUntil)}.
            </p>
          ) : null}
          {h.canDecline && form !== 'decline' ? (
            <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setForm('decline')}>
              Not as described? Decline
            </button>
          ) : null}
          {form === 'decline' ? (
            <CaseForm
              orderId={order._id}
              kind="decline"
              label="What is not as described?"
              submitLabel="Decline and release my money"
              onDone={() => setForm(null)}
            />
          ) : null}
        </>
      ) : null}
      {h.status === 'completed' ? (
        <p role="status">
          Handed over on {formatDate(h.completedAt)}.
          {h.canDispute && h.disputeUntil ? ` Something wrong? You can open a dispute until ${formatWhen(h.disputeUntil)}.` : ''}
        </p>
      ) : null}
      {h.canDispute && form !== 'dispute' ? (
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setForm('dispute')}>
          Open a dispute
        </button>
      ) : null}
      {form === 'dispute' ? (
        <CaseForm
          orderId={order._id}
          kind="dispute"
          label="What went wrong?"
          submitLabel="Open the dispute"
          onDone={() => setForm(null)}
        />
      ) : null}
      {h.status === 'declined' ? (
        <p role="status">You declined it at the meeting; a moderator will look at what you reported.</p>
      ) : null}
      {h.status === 'disputed' ? <p role="status">Disputed: a moderator will look at it and write to you both.</p> : null}
      {h.status === 'resolved' ? <p role="status">Resolved by a moderator.</p> : null}
    </section>
  );
}
