import { FlaskConical } from 'lucide-react';
import { calloutClass } from '@/components/callout';

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', result: 'succeeds' },
  { number: '4000 0000 0000 0002', result: 'declined' },
  { number: '4000 0000 0000 9995', result: 'insufficient funds' },
  { number: '4000 0000 0000 0069', result: 'expired' },
] as const;

/** With the simulated provider, says plainly that no real money moves (docs/product.md#payment-page). */
export function TestModeNotice() {
  return (
    <aside className={calloutClass('info')} aria-labelledby="test-mode-title">
      <p id="test-mode-title" className="flex items-center gap-2 font-semibold">
        <FlaskConical size={18} aria-hidden="true" />
        Test mode: no real money is charged
      </p>
      <p className="text-sm">Use any future expiry date and any 3-digit CVC with one of these cards:</p>
      <ul className="grid gap-1 text-sm">
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <code className="font-mono">{card.number}</code> <span className="text-base-content/80">({card.result})</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
