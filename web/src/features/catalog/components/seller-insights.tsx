import { useListingInsights } from '@/hooks/use-devices';

const POSITION = {
  below: 'below the fair-price band',
  within: 'within the fair-price band',
  above: 'above the fair-price band',
} as const;

/** For the listing's own seller: views, saves, offers and messages, and where the price sits in the band. */
export function SellerInsights({ productId }: { productId: string }) {
  const insights = useListingInsights(productId);
  if (!insights.data) return null;
  const i = insights.data;
  const stats: [string, number | null][] = [
    ['Views', i.views],
    ['Saves', i.saves],
    ['Offers', i.offers],
    ['Messages', i.messages],
  ];
  return (
    <section aria-labelledby="insights-title" className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <h2 id="insights-title" className="text-lg font-bold">
        Your listing&apos;s insights
      </h2>
      <dl className="grid grid-cols-4 gap-2 text-center">
        {stats.map(([label, n]) => (
          <div key={label}>
            <dt className="text-xs text-base-content/70">{label}</dt>
            <dd className="text-lg font-semibold">{n ?? '–'}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-base-content/70">
        {i.price.position
          ? `Your price is ${POSITION[i.price.position]} of completed sales of this model.`
          : 'No fair-price band for this listing yet (it needs a catalogue model and enough completed sales).'}
      </p>
    </section>
  );
}
