import { useState, type FormEvent } from 'react';
import { REVIEW_TEXT_MAX, reviewInputSchema } from '@shop/contract';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api';
import { fieldMessage } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateReview, useOrderReview } from '@/features/trust/api/trust-api';
import { StarRatingInput } from './star-rating-input';
import { Stars } from './stars';

/**
 * On a completed order: the form to rate the seller (once), or the review already written with the
 * seller's reply. Nothing while the order is not completed.
 */
export function OrderReview({ orderId }: { orderId: string }) {
  const state = useOrderReview(orderId);
  const create = useCreateReview(orderId);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});

  if (state.isPending) return <Spinner label="Loading the review…" />;
  if (state.isError) return <p className="text-sm text-error">Could not load the review: {errorMessage(state.error)}</p>;
  const { review, canReview } = state.data;
  if (review)
    return (
      <section aria-label="Your review" className="rounded-box bg-base-200 p-3 text-sm">
        <p className="flex items-center gap-2 font-medium">
          Your review <Stars rating={review.rating} />
        </p>
        {review.text ? <p className="mt-1 whitespace-pre-line break-words">{review.text}</p> : null}
        {review.reply ? (
          <p className="mt-2 border-l-2 border-base-300 pl-2 text-base-content/80">
            <span className="font-medium">The seller replied:</span> {review.reply}
          </p>
        ) : null}
      </section>
    );
  if (!canReview) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse({ rating, text });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'rating') next.rating = 'Choose from 1 to 5 stars';
        if (key === 'text') next.text = fieldMessage('Review', issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => toast.success('Thank you! Your review is published.'),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Rate the seller" className="flex flex-col gap-2 rounded-box bg-base-200 p-3">
      <StarRatingInput value={rating} onChange={setRating} error={errors.rating} disabled={create.isPending} />
      <FormField label="Your review (optional)" error={errors.text} hint={`Up to ${REVIEW_TEXT_MAX} characters`}>
        <textarea
          className="textarea w-full"
          rows={3}
          value={text}
          maxLength={REVIEW_TEXT_MAX + 100}
          onChange={(e) => setText(e.target.value)}
          disabled={create.isPending}
        />
      </FormField>
      <button type="submit" className="btn btn-primary self-start" disabled={create.isPending}>
        {create.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Publish review
      </button>
    </form>
  );
}
