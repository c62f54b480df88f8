import { formatDate } from '@/lib/format';
import { useState, type FormEvent } from 'react';
import { REVIEW_REPLY_MAX, type Review } from '@shop/contract';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { useUser } from '@/hooks/use-user';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useRemoveReview, useReplyToReview, useSellerReviews } from '@/features/trust/api/trust-api';
import { ReasonDialog } from './reason-dialog';
import { ReportButton } from './report-button';
import { Stars } from './stars';

/** In UTC, spelled out: the same wherever the list is drawn (the server renders seller pages). */
const dateOf = (iso: string) => formatDate(iso, { utc: true });

function ReplyForm({ review }: { review: Review }) {
  const reply = useReplyToReview(review.sellerId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  if (!open)
    return (
      <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => setOpen(true)}>
        Reply
      </button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setError('Write your reply');
    if (value.length > REVIEW_REPLY_MAX) return setError(`Keep it under ${REVIEW_REPLY_MAX} characters`);
    reply.mutate(
      { reviewId: review._id, text: value },
      { onSuccess: () => toast.success('Your reply is published.'), onError: (err) => setError(errorMessage(err)) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <FormField label="Your reply (one reply per review)" error={error}>
        <textarea className="textarea w-full" rows={2} value={text} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={reply.isPending}>
          Publish reply
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RemoveReview({ review }: { review: Review }) {
  const remove = useRemoveReview(review.sellerId);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setOpen(true)}>
        Remove
      </button>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Remove this review"
        label="Reason"
        required="Give the reason (it goes to the audit log)"
        submitLabel="Remove review"
        busy={remove.isPending}
        onSubmit={(reason, fail) =>
          remove.mutate(
            { reviewId: review._id, reason },
            {
              onSuccess: () => {
                setOpen(false);
                toast.success('The review was removed.');
              },
              onError: (err) => fail(errorMessage(err)),
            },
          )
        }
      />
    </>
  );
}

/** A seller's reviews, newest first: the seller replies once, others report, admins remove. */
export function ReviewList({ sellerId }: { sellerId: string }) {
  const { user } = useUser();
  const reviews = useSellerReviews(sellerId);
  if (reviews.isPending) return <Spinner label="Loading reviews…" />;
  if (reviews.isError)
    return <ErrorState title="Could not load the reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />;
  const items = reviews.data.pages.flatMap((p) => p.items);
  if (!items.length) return <EmptyState title="No reviews yet">Buyers rate the seller after meeting them.</EmptyState>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {items.map((r) => (
          <li key={r._id} className="flex flex-col gap-1 rounded-box border border-base-300 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Stars rating={r.rating} />
              <span className="font-medium">{r.buyerName || 'A former member'}</span>
              <span className="text-sm text-base-content/70">
                bought {r.productName}, <time dateTime={r.createdAt}>{dateOf(r.createdAt)}</time>
              </span>
            </div>
            {r.text ? <p className="whitespace-pre-line break-words">{r.text}</p> : null}
            {r.reply ? (
              <p className="border-l-2 border-base-300 pl-2 text-sm text-base-content/80">
                <span className="font-medium">Seller’s reply:</span> {r.reply}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-1">
              {user?.id === sellerId && !r.reply ? <ReplyForm review={r} /> : null}
              {user && user.id !== sellerId ? <ReportButton kind="review" targetId={r._id} label="Report review" /> : null}
              {user?.role === 'admin' ? <RemoveReview review={r} /> : null}
            </div>
          </li>
        ))}
      </ul>
      {reviews.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline self-center"
          onClick={() => void reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
        >
          More reviews
        </button>
      ) : null}
    </div>
  );
}
