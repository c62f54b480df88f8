/**
 * How far below its original price an item sells, as a whole percentage: 1234 of 1999 -> 38.
 * null when there is nothing to show (no saving, a bad original price, or less than 1%).
 * Never 100 while the item still costs something (1 of 1000 is 99, not a rounded-up 100).
 */
export function percentBelow(price: number, originalPrice: number): number | null {
  if (!Number.isFinite(price) || !Number.isFinite(originalPrice) || originalPrice <= 0 || price < 0 || price >= originalPrice)
    return null;
  const pct = Math.round((1 - price / originalPrice) * 100);
  if (pct <= 0) return null;
  return price > 0 ? Math.min(pct, 99) : 100;
}
