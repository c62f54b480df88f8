import { parseMoney, sellerShareCents } from '@shop/contract';
import { usePlatformFee } from '@/hooks/use-platform-fee';
import { formatMoney } from '@/lib/format';

/**
 * "You receive $X of $Y" under a price field: the seller's share after the shop's fee, by the same
 * rule the server charges with (contract platformFeeCents). Nothing while the price cannot be read.
 */
export function YouReceive({ price }: { price: string }) {
  const fee = usePlatformFee();
  const read = parseMoney(price ?? '');
  if (!fee || !read.ok || read.value <= 0) return null;
  const cents = Math.round(read.value * 100);
  const { feeCents, sellerCents } = sellerShareCents(cents, fee);
  return (
    <span data-testid="you-receive">
      You receive {formatMoney(sellerCents / 100)} of {formatMoney(cents / 100)}
      {feeCents ? ` (the shop's fee: ${formatMoney(feeCents / 100)})` : ''}.
    </span>
  );
}
