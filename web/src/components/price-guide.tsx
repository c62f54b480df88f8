import { DEVICE_STRINGS, PRICE_GUIDE_MIN_SALES, formatMoney, type PriceGuide } from '@shop/contract';

const dollars = (cents: number) => formatMoney(cents / 100);
const W = 320;
const H = 96;
const PAD = 6;

/**
 * Sold prices over time as dots, the fair-price band (25th to 75th percentile) shaded and the median
 * drawn; `priceCents` (this listing's price) as a dashed line. A plain SVG: no chart library.
 */
function SoldPricesChart({ guide, priceCents }: { guide: Extract<PriceGuide, { medianCents: number }>; priceCents?: number }) {
  const prices = guide.history.map((h) => h.priceCents);
  const times = guide.history.map((h) => Date.parse(h.date));
  const lo = Math.min(...prices, priceCents ?? Number.POSITIVE_INFINITY) * 0.95;
  const hi = Math.max(...prices, priceCents ?? 0) * 1.05;
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const x = (t: number) => PAD + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (W - 2 * PAD);
  const y = (c: number) => H - PAD - ((c - lo) / Math.max(1, hi - lo)) * (H - 2 * PAD);
  const first = new Date(t0).toLocaleDateString('en-GB', { month: 'short', year: 'numeric' });
  const last = new Date(t1).toLocaleDateString('en-GB', { month: 'short', year: 'numeric' });
  return (
    <figure className="mt-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-24 w-full max-w-sm text-primary"
        role="img"
        aria-label={`Sold prices from ${first} to ${last}: ${guide.sales} sales between ${dollars(Math.min(...prices))} and ${dollars(Math.max(...prices))}`}
      >
        <rect
          x={PAD}
          width={W - 2 * PAD}
          y={y(guide.highCents)}
          height={Math.max(1, y(guide.lowCents) - y(guide.highCents))}
          className="fill-success/15"
        />
        <line
          x1={PAD}
          x2={W - PAD}
          y1={y(guide.medianCents)}
          y2={y(guide.medianCents)}
          className="stroke-success"
          strokeWidth={1}
        />
        {priceCents !== undefined ? (
          <line
            x1={PAD}
            x2={W - PAD}
            y1={y(priceCents)}
            y2={y(priceCents)}
            className="stroke-base-content/60"
            strokeWidth={1}
            strokeDasharray="4 3"
          />
        ) : null}
        {guide.history.map((h) => (
          <circle
            key={`${h.date}-${h.priceCents}`}
            cx={x(Date.parse(h.date))}
            cy={y(h.priceCents)}
            r={2.5}
            className="fill-current"
          />
        ))}
      </svg>
      <figcaption className="flex justify-between text-xs text-base-content/60">
        <span>{first}</span>
        <span>Sold prices{priceCents !== undefined ? ' · dashed: this price' : ''}</span>
        <span>{last}</span>
      </figcaption>
    </figure>
  );
}

/**
 * The price guide of a model, variant and grade: the band of completed sales ("Fair price $a–$b"),
 * or "not enough sales yet" below the minimum count; with the chart of sold prices when asked.
 */
export function PriceGuideBand({
  guide,
  priceCents,
  chart = false,
}: {
  guide: PriceGuide | undefined;
  priceCents?: number;
  chart?: boolean;
}) {
  if (!guide) return null;
  if (!('medianCents' in guide))
    return (
      <p className="text-sm text-base-content/70">
        Price guide: {DEVICE_STRINGS.notEnoughSales} ({guide.soldSoFar} of {PRICE_GUIDE_MIN_SALES} completed sales)
      </p>
    );
  const position =
    priceCents === undefined
      ? null
      : priceCents < guide.lowCents
        ? 'below the usual range'
        : priceCents > guide.highCents
          ? 'above the usual range'
          : 'within the usual range';
  return (
    <div className="text-sm">
      <p>
        <span className="font-medium">
          Fair price {dollars(guide.lowCents)}–{dollars(guide.highCents)}
        </span>{' '}
        <span className="text-base-content/70">
          (median {dollars(guide.medianCents)}, {guide.sales} completed sales)
        </span>
        {position ? <span className="text-base-content/70"> · this price is {position}</span> : null}
      </p>
      {chart && guide.history.length > 1 ? <SoldPricesChart guide={guide} priceCents={priceCents} /> : null}
    </div>
  );
}
