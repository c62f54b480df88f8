const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Prices are dollars (docs/product.md#money): 1234 -> "$1,234.00". */
export function formatPrice(amount: number): string {
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

export function pluralize(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** "1 year", "3 years", "less than a year". */
export function formatYears(years: number): string {
  if (!years) return 'less than a year';
  return `${years} ${pluralize(years, 'year')}`;
}

/** Label prefix for the contract's short messages: ('Phone', 'is required') -> 'Phone is required'. */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]/.test(message) && !message.startsWith(label.toLowerCase()) ? `${label} ${message}` : message;
}
