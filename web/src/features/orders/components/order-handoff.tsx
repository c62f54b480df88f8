import { type FormEvent, useId, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import type { Handoff, Order } from '@shop/contract';
import { QrCode } from 'lucide-react';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useHandoff, useOrderCase } from '../api/handoff';

const formatWhen = (iso: string | null) => formatDateTime(iso);

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

/** The code and QR text to show while the money is held, with the hand-off; null once it is not. */
function codeToShow(h: Handoff | undefined) {
  if (h?.status !== 'paid' || !h.code || !h.qr) return null;
  return { h, code: h.code, qr: h.qr };
}

/**
 * The buyer's side of the meeting while the money is held: "Show code" beside the order's status
 * (drawn in the order's row, the code made every row of the table tall). It only asks the page to
 * show {@link HandoffCodeDialog}: the page keeps which order's code is open, above its table-or-cards
 * switch, so a window resized across the breakpoint (a tablet turned) does not close the code under
 * the person reading it. The order's live events refresh it.
 */
export function HandoffCode({ order, onShow }: { order: Order; onShow: (orderId: string) => void }) {
  const held = order.status === 'paid';
  const handoff = useHandoff(order._id, held);
  if (!held) return null;
  if (handoff.isPending) return <span className="skeleton inline-block h-8 w-28" aria-hidden="true" />;
  if (handoff.isError) return <p className="text-sm text-error">Could not load the hand-off: {errorMessage(handoff.error)}</p>;
  if (!codeToShow(handoff.data)) return null;
  return (
    <section className="inline-flex" aria-label={`Hand-off of ${order.productName}`}>
      <button
        type="button"
        className="btn btn-primary btn-sm whitespace-nowrap"
        aria-label={`Show code for ${order.productName}`}
        onClick={() => onShow(order._id)}
      >
        <QrCode size={16} aria-hidden="true" />
        Show code
      </button>
    </section>
  );
}

/**
 * The QR code and the 6-digit code the seller scans or types (the seller is paid only then), and
 * declining at the meeting. Open while `orderId` is set and that hand-off is still held: once the
 * seller confirms (a live event), it closes by itself.
 */
export function HandoffCodeDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const handoff = useHandoff(orderId ?? '', !!orderId);
  const [declining, setDeclining] = useState(false);
  const shown = orderId ? codeToShow(handoff.data) : null;
  const close = () => {
    setDeclining(false);
    onClose();
  };
  return (
    <Modal open={!!shown} onClose={close} title="Your hand-off code">
      {shown && orderId ? (
        <div className="flex flex-col gap-3 text-sm">
          <p>
            Show this to the seller when you meet, after you have checked the item. The seller gets your money only when they
            confirm this code.
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <div className="rounded-box bg-white p-2">
              <QRCodeSVG value={shown.qr} size={144} role="img" aria-label="QR code for the seller to scan" />
            </div>
            <div>
              <p className="text-base-content/70">Hand-off code</p>
              <p className="font-mono text-3xl font-bold tracking-[0.3em]" data-testid="handoff-code">
                <span className="sr-only">Hand-off code: {shown.code.split('').join(' ')}</span>
                <span aria-hidden="true">{shown.code}</span>
              </p>
            </div>
          </div>
          {shown.h.heldUntil ? (
            <p className="text-base-content/70">
              Held until {formatWhen(shown.h.heldUntil)}; if the hand-off is not confirmed by then, the hold is released.
            </p>
          ) : null}
          {shown.h.lockedUntil ? (
            <p role="status" className="text-warning">
              Too many wrong codes were typed: confirming is locked until {formatWhen(shown.h.lockedUntil)}.
            </p>
          ) : null}
          {shown.h.canDecline && !declining ? (
            <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setDeclining(true)}>
              Not as described? Decline
            </button>
          ) : null}
          {declining ? (
            <CaseForm
              orderId={orderId}
              kind="decline"
              label="What is not as described?"
              submitLabel="Decline and release my money"
              onDone={() => setDeclining(false)}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

/** Statuses after the meeting (or a hold that ran out), whose hand-off says what happened. */
const AFTER_MEETING = new Set<Order['status']>(['completed', 'declined', 'released', 'disputed', 'resolved']);

/**
 * The buyer's side after the meeting: what happened and, within 48 hours of the hand-off, a
 * dispute. The order's live events refresh it.
 */
export function OrderHandoff({ order }: { order: Order }) {
  const shown = AFTER_MEETING.has(order.status);
  const handoff = useHandoff(order._id, shown);
  const [disputing, setDisputing] = useState(false);
  if (!shown) return null;
  if (handoff.isPending) return <div className="skeleton h-6 w-full" aria-hidden="true" />;
  if (handoff.isError) return <p className="text-sm text-error">Could not load the hand-off: {errorMessage(handoff.error)}</p>;
  const h = handoff.data;
  return (
    <section className="flex flex-col gap-2 text-sm" aria-label={`Hand-off of ${order.productName}`}>
      {h.status === 'completed' ? (
        <p role="status">
          Handed over on {formatDate(h.completedAt)}.
          {h.canDispute && h.disputeUntil ? ` Something wrong? You can open a dispute until ${formatWhen(h.disputeUntil)}.` : ''}
        </p>
      ) : null}
      {h.canDispute && !disputing ? (
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setDisputing(true)}>
          Open a dispute
        </button>
      ) : null}
      {disputing ? (
        <CaseForm
          orderId={order._id}
          kind="dispute"
          label="What went wrong?"
          submitLabel="Open the dispute"
          onDone={() => setDisputing(false)}
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
