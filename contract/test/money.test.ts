import { describe, expect, it } from 'vitest';
import { dollars, dollarsFilter } from '../src/common';
import { productQuerySchema } from '../src/catalog';
import { formatMoney, MONEY_MESSAGES, parseMoney, parseMoneyFilter } from '../src/money';

const NBSP = '\u00a0';
const THIN = '\u2009';
const NARROW_NBSP = '\u202f';

describe('formatMoney', () => {
  it('writes what Intl en-US currency writes (pages, mails and notifications alike)', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const a of [0, 1, 9.5, 12.34, 999, 1000, 1234.5, 99_999.99, 1_000_000, 123_456_789.1, -5, -1234.5, 0.004])
      expect(formatMoney(a), String(a)).toBe(usd.format(a));
    expect(formatMoney(Number.NaN)).toBe('$0.00');
  });
});

describe('parseMoney', () => {
  it.each([
    ['1299', 1299],
    ['1299.5', 1299.5],
    ['1299.50', 1299.5],
    ['  19.99 ', 19.99],
    ['0.01', 0.01],
    ['1,299', 1299],
    ['1,299.50', 1299.5],
    ['1 299', 1299],
    [`1${NBSP}299`, 1299],
    [`1${THIN}299.99`, 1299.99],
    [`1${NARROW_NBSP}299`, 1299],
    ["12'500", 12500],
    ['12\u2019500', 12500],
    ['1,000,000', 1_000_000],
    ['1 000 000.00', 1_000_000],
    ['999,999.99', 999999.99],
  ])('reads %j as %d', (raw, value) => {
    expect(parseMoney(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['', MONEY_MESSAGES.required],
    ['   ', MONEY_MESSAGES.required],
    ['cheap', MONEY_MESSAGES.notANumber],
    ['$1299', MONEY_MESSAGES.notANumber],
    ['-5', MONEY_MESSAGES.notANumber],
    ['1e3', MONEY_MESSAGES.notANumber],
    ['0x10', MONEY_MESSAGES.notANumber],
    ['Infinity', MONEY_MESSAGES.notANumber],
    // Groups of other than 3 digits, or two kinds of separator in one amount.
    ['1,29,900', MONEY_MESSAGES.notANumber],
    ['1299,000', MONEY_MESSAGES.notANumber],
    ['1,299 000', MONEY_MESSAGES.notANumber],
    ['1,2990', MONEY_MESSAGES.notANumber],
    ['1,,299', MONEY_MESSAGES.notANumber],
    [',299', MONEY_MESSAGES.notANumber],
    ['1,299.', MONEY_MESSAGES.notANumber],
    // A decimal comma, alone or after a thousands point.
    ['12,5', MONEY_MESSAGES.decimalComma],
    ['12,50', MONEY_MESSAGES.decimalComma],
    ['1.299,50', MONEY_MESSAGES.decimalComma],
    ['1 299,50', MONEY_MESSAGES.decimalComma],
    // A point before 3 digits: a thousands point in much of the world.
    ['1.299', MONEY_MESSAGES.ambiguousDot],
    ['1.299.000', MONEY_MESSAGES.ambiguousDot],
    ['12.345', MONEY_MESSAGES.ambiguousDot],
    ['12.3456', MONEY_MESSAGES.tooManyDecimals],
    ['1,299.505', MONEY_MESSAGES.tooManyDecimals],
  ])('refuses %j: %s', (raw, message) => {
    expect(parseMoney(raw)).toEqual({ ok: false, message });
  });
});

describe('dollars (the add and edit form, POST /products, PATCH /products/{id})', () => {
  it('takes numbers and typed amounts alike', () => {
    expect(dollars.parse(1299)).toBe(1299);
    expect(dollars.parse('1,299')).toBe(1299);
    expect(dollars.parse('1 299.50')).toBe(1299.5);
  });

  it('refuses what it cannot read one way, with the reason', () => {
    const r = dollars.safeParse('1.299,50');
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([MONEY_MESSAGES.decimalComma]);
    expect(dollars.safeParse('1.299').error?.issues[0]?.message).toBe(MONEY_MESSAGES.ambiguousDot);
    expect(dollars.safeParse(true).error?.issues[0]?.message).toBe(MONEY_MESSAGES.notANumber);
  });

  it('keeps the range and decimals rules after reading', () => {
    expect(dollars.safeParse('0').error?.issues[0]?.message).toBe('must be greater than 0');
    expect(dollars.safeParse('1,000,000.01').error?.issues[0]?.message).toBe('must be at most 1000000');
    expect(dollars.safeParse(1.234).error?.issues[0]?.message).toBe('must have at most 2 decimals');
  });
});

describe('price filters', () => {
  it('read the same way, 0 allowed', () => {
    expect(dollarsFilter.parse('0')).toBe(0);
    expect(productQuerySchema.parse({ minPrice: '1,000', maxPrice: '2 500.50' })).toMatchObject({
      minPrice: 1000,
      maxPrice: 2500.5,
    });
    expect(productQuerySchema.safeParse({ maxPrice: '1.299,50' }).error?.issues[0]).toMatchObject({
      path: ['maxPrice'],
      message: MONEY_MESSAGES.decimalComma,
    });
  });

  it('parseMoneyFilter ignores what it cannot read', () => {
    expect(parseMoneyFilter('1,299')).toBe(1299);
    expect(parseMoneyFilter('0')).toBe(0);
    expect(parseMoneyFilter('')).toBeUndefined();
    expect(parseMoneyFilter('12,5')).toBeUndefined();
    expect(parseMoneyFilter(null)).toBeUndefined();
  });
});
