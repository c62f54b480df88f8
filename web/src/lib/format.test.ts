import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthYear, groupDigits } from './format';

// The hand-made formatters must write exactly what Intl writes for the same values.
const count = new Intl.NumberFormat('en-US');
const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

describe('format', () => {
  it('groupDigits writes what Intl en-US writes for whole numbers', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_000_000, 987_654_321, -4321]) expect(groupDigits(n)).toBe(count.format(n));
  });

  it('formatDate writes one format, "26 Nov 2026" (what Intl en-GB short dates write), in UTC when asked', () => {
    for (const iso of ['2025-11-03T00:00:00Z', '2024-02-29T23:59:59Z', '2026-01-01T12:00:00Z', '1999-12-31T05:00:00Z']) {
      const t = Date.parse(iso);
      expect(formatDate(t, { utc: true })).toBe(shortDate.format(t).replace('Sept', 'Sep'));
      expect(formatDate(iso, { utc: true })).toBe(formatDate(t, { utc: true }));
    }
    expect(formatDate('2026-11-26T10:00:00Z', { utc: true })).toBe('26 Nov 2026');
  });

  it("formatDate reads the API's d/m/yyyy product date as the calendar day it is", () => {
    expect(formatDate('26/11/2026')).toBe('26 Nov 2026');
    expect(formatDate('3/1/2025', { utc: true })).toBe('3 Jan 2025');
    expect(formatDate('31/13/2025')).toBe('31/13/2025');
  });

  it('formatDate and formatDateTime read times in the local zone; nothing readable is empty', () => {
    const local = new Date(2026, 10, 26, 9, 5);
    expect(formatDate(local)).toBe('26 Nov 2026');
    expect(formatDate(local.toISOString())).toBe('26 Nov 2026');
    expect(formatDateTime(local.getTime())).toBe('26 Nov 2026, 09:05');
    for (const nothing of [null, undefined, '', 'not a date']) {
      expect(formatDate(nothing)).toBe('');
      expect(formatDateTime(nothing)).toBe('');
    }
  });

  it('formatMonthYear writes what Intl en-GB month and year write, in UTC, whatever the local zone', () => {
    const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const iso of ['2025-11-30T23:30:00Z', '2024-03-01T00:10:00Z', '2026-01-01T00:00:00Z']) {
      const t = Date.parse(iso);
      expect(formatMonthYear(t)).toBe(monthYear.format(t));
    }
  });
});
