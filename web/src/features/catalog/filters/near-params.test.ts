import { describe, expect, it } from 'vitest';
import { filtersToSearchParams, nearParam, parseFilters, sortOptions } from './search-params';

const parse = (qs: string) => parseFilters(new URLSearchParams(qs), { allowCategory: true });

describe('"Near me" in the URL', () => {
  it('keeps a position, a radius from the list and nearest first only with a position', () => {
    expect(parse('near=23.750,90.380&radiusKm=10&sort=distance')).toEqual({
      near: '23.750,90.380',
      radiusKm: 10,
      sort: 'distance',
    });
    // The default radius is left out; a radius not offered is dropped; nearest first needs a position.
    expect(parse('near=23.750,90.380&radiusKm=50')).toEqual({ near: '23.750,90.380' });
    expect(parse('near=23.750,90.380&radiusKm=7')).toEqual({ near: '23.750,90.380' });
    expect(parse('sort=distance&radiusKm=10')).toEqual({});
    for (const bad of ['91,10', '10,181', 'x,y', '23.7'] as const) expect(parse(`near=${bad}`)).toEqual({});
  });

  it('writes them back, rounds a position to about 100 m, offers nearest first only near', () => {
    expect(filtersToSearchParams({ near: nearParam(23.7501234, 90.3798765), radiusKm: 25, sort: 'distance' }).toString()).toBe(
      'near=23.750%2C90.380&radiusKm=25&sort=distance',
    );
    expect(filtersToSearchParams({ sort: 'distance' }).toString()).toBe('');
    expect(sortOptions({}).map((s) => s.value)).not.toContain('distance');
    expect(sortOptions({ near: '1,2' }).map((s) => s.value)).toContain('distance');
  });
});
