/**
 * A whole number with en-US grouping: 1234567 -> "1,234,567". By hand, not Intl: the first Intl
 * formatter a page builds loads the browser's locale data, a long task on a phone.
 */
export function groupDigits(n: number): string {
  const whole = Math.round(n);
  return `${whole < 0 ? '-' : ''}${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}
