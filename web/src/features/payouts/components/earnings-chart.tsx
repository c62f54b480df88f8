import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '@/lib/format';

export type Week = { week: string; sellerCents: number };

/**
 * Earnings by week as bars (uPlot, ~20 kB gzip, loaded with this page only). The canvas is hidden
 * from screen readers; the table beside it says the same in words.
 */
export function EarningsChart({ weeks }: { weeks: Week[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !weeks.length) return;
    // The last 12 weeks, each Monday (UTC), the weeks without a sale at 0: evenly spaced bars.
    const DAY = 86_400;
    const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
    const monday = today - ((new Date(today * 1000).getUTCDay() + 6) % 7) * DAY;
    const byWeek = new Map(weeks.map((w) => [Date.parse(`${w.week}T00:00:00Z`) / 1000, w.sellerCents / 100]));
    const xs = Array.from({ length: 12 }, (_, i) => monday - (11 - i) * 7 * DAY);
    const ys = xs.map((x) => byWeek.get(x) ?? 0);
    const color = getComputedStyle(el).getPropertyValue('color') || '#2563eb';
    const plot = new uPlot(
      {
        width: el.clientWidth || 320,
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: true, range: () => [xs[0]! - 4 * DAY, xs[xs.length - 1]! + 4 * DAY] },
          y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.15)] },
        },
        axes: [
          {
            values: (_u, ticks) =>
              ticks.map((t) =>
                new Date(t * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
              ),
          },
          { values: (_u, ticks) => ticks.map((t) => `$${t}`), size: 60 },
        ],
        series: [
          {},
          {
            label: 'Earnings',
            fill: color,
            stroke: color,
            paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
            points: { show: false },
          },
        ],
      },
      [xs, ys],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth || 320, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [weeks]);

  return (
    <figure className="flex flex-col gap-2">
      <div ref={box} className="w-full text-primary" aria-hidden="true" data-testid="earnings-chart" />
      <figcaption className="sr-only">
        <table>
          <caption>Your earnings by week (after the shop's fee)</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Earnings</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <td>{w.week}</td>
                <td>{formatMoney(w.sellerCents / 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
