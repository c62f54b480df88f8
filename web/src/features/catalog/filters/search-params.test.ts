import { describe, expect, it } from 'vitest';
import { clearedSearch, countNarrowingFilters, filtersToSearchParams, isFiltered, parseFilters } from './search-params';

const home = { allowCategory: true };
const parse = (qs: string, opts = home) => parseFilters(new URLSearchParams(qs), opts);

describe('filters in the URL', () => {
  it('reads every filter under the API names', () => {
    expect(
      parse(
        'q=macbook+air&category=Laptop&condition=Good&minPrice=100&maxPrice=999.5&location=Dhaka&verified=true&sort=price_asc',
      ),
    ).toEqual({
      q: 'macbook air',
      category: 'Laptop',
      condition: 'Good',
      minPrice: 100,
      maxPrice: 999.5,
      location: 'Dhaka',
      verified: true,
      sort: 'price_asc',
    });
  });

  it('gives an empty object for a plain URL (the same query key as no filters)', () => {
    expect(parse('')).toEqual({});
    expect(parse('sort=newest&verified=false&q=%20%20&utm_source=mail')).toEqual({});
  });

  it('drops what the API would refuse instead of failing the page', () => {
    expect(parse('category=Toaster&condition=Mint&minPrice=-5&maxPrice=abc&sort=cheapest')).toEqual({});
    expect(parse('minPrice=1e9')).toEqual({});
    expect(parse('minPrice=1.299,50&maxPrice=12%2C5')).toEqual({});
    expect(parse('minPrice=1%2C000&maxPrice=2+500.50')).toEqual({ minPrice: 1000, maxPrice: 2500.5 });
    expect(parse(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('matches category and condition case-insensitively, as typed by hand', () => {
    expect(parse('category=ipad&condition=excellent')).toEqual({ category: 'iPad', condition: 'Excellent' });
  });

  it('ignores ?category= on the category page (its category is in the path)', () => {
    expect(parse('category=Mobile&condition=Fair', { allowCategory: false })).toEqual({ condition: 'Fair' });
  });

  it('round-trips: filters -> URL -> the same filters', () => {
    const filters = {
      q: 'pixel',
      category: 'Mobile',
      condition: 'Fair',
      minPrice: 0,
      maxPrice: 450,
      location: 'Sylhet',
      verified: true,
      sort: 'price_desc' as const,
    };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe(
      'q=pixel&category=Mobile&condition=Fair&minPrice=0&maxPrice=450&location=Sylhet&verified=true&sort=price_desc',
    );
    expect(parseFilters(params, home)).toEqual(filters);
  });

  it('leaves defaults out of the URL and keeps keys that are not filters', () => {
    const base = new URLSearchParams('utm_source=mail&q=old&condition=Good');
    expect(filtersToSearchParams({ sort: 'newest', verified: undefined, q: '  ' }, base).toString()).toBe('utm_source=mail');
  });

  it('counts narrowing filters and builds the "clear" search that keeps the sort', () => {
    const f = parse('q=mac&condition=Good&verified=true&sort=price_asc');
    expect(countNarrowingFilters(f)).toBe(2);
    expect(isFiltered(f)).toBe(true);
    expect(isFiltered(parse('sort=price_asc'))).toBe(false);
    expect(clearedSearch(f)).toBe('?sort=price_asc');
    expect(clearedSearch(parse('q=mac'))).toBe('');
  });
});
