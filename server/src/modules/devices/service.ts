import crypto from 'node:crypto';
import {
  CATEGORIES,
  DEVICE_STRINGS,
  FACETS,
  PRICE_GUIDE_MIN_SALES,
  normaliseSerial,
  priceVsBand,
  serialKindFor,
  serialProblem,
  variantsOf,
  type CategoryName,
  type Device,
  type DeviceVariant,
  type FacetName,
  type Facets,
  type ListingInsights,
  type PriceGuide,
  type productQuerySchema,
  type SerialFlag,
  type SerialKind,
  type StolenReport,
  type Suggestions,
  type deviceInputSchema,
  type stolenReportInputSchema,
} from '@shop/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { money } from '../../lib/paging';
import { ttlCache } from '../../lib/ttl-cache';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../auth/plugin';
import { sql } from 'drizzle-orm';
import { DEVICE_CATALOGUE, SEARCH_SYNONYMS, type DeviceSeed } from './catalogue';
import type { ListingChecks } from '../listing/service';
import { underAccountCap } from '../../db/account-cap';
import { queryReader, wordsOf, type ReadQuery } from './search';

type DeviceRow = {
  id: string;
  category: CategoryName;
  brand: string;
  model: string;
  release_year: number;
  variants: DeviceVariant[];
  colours: string[];
  aliases: string[];
  retired: boolean;
};

/** How long a facet answer is reused for the same filters. */
const FACET_TTL_MS = 10_000;
const FACET_CACHE_SIZE = 500;
/** The models a search names (modelsOf): minutes, as the query reader keeps its answers. */
const MODELS_CACHE_TTL_MS = 5 * 60_000;
const MODELS_CACHE_SIZE = 2000;

const DEVICE_COLS = 'id, category, brand, model, release_year, variants, colours, aliases, retired';

const toDevice = (r: DeviceRow): Device => ({
  id: r.id,
  category: r.category,
  brand: r.brand,
  model: r.model,
  name: `${r.brand} ${r.model}`,
  releaseYear: r.release_year,
  colours: r.colours,
  variants: r.variants,
  aliases: r.aliases,
  retired: r.retired,
});

/** The text the trigram search matches: brand, model and aliases, lower case. */
const searchTextOf = (d: { brand: string; model: string; aliases?: string[] }) =>
  [d.brand, d.model, ...(d.aliases ?? [])].join(' ').toLowerCase();

/** Every word a model adds to the search vocabulary. */
const wordsOfDevice = (d: { brand: string; model: string; aliases?: string[] }) => wordsOf(searchTextOf(d)).concat();
const allWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The base vocabulary: category names and the words synonyms expand to. */
const BASE_WORDS = [
  ...CATEGORIES.map((c) => c.toLowerCase()),
  ...Object.values(SEARCH_SYNONYMS).flatMap((v) => v.split(' ')),
  'headphones',
  'laptop',
];

/**
 * The number as the shop keeps it: a hash to compare (duplicates, the register), the last 4 for the
 * buyer. A plain SHA-256 under a fixed label: a lookup key, not a secret (an IMEI space is small).
 */
export const serialHash = (normalised: string) =>
  crypto.createHash('sha256').update(`shop-serial-v1:${normalised}`).digest('hex');

/** Adds the catalogue's words to the vocabulary (existing ones stay). */
async function addWords(ex: Executor, words: Iterable<string>) {
  const list = [...new Set(words)].filter((w) => w.length >= 2);
  if (!list.length) return;
  await ex.execute(
    sql`insert into search_term (term, source) select w, 'catalogue' from jsonb_array_elements_text(${JSON.stringify(list)}::jsonb) as t(w)
        on conflict (term) do update set source = 'catalogue'`,
  );
}

/**
 * Seeds the device catalogue from catalogue.ts once, into an empty table: admins edit it from then
 * on, and a later release's new models are theirs to add (nothing they changed is overwritten).
 */
export async function seedDevices(ex: Executor, catalogue: DeviceSeed[] = DEVICE_CATALOGUE) {
  const any = await ex.execute(sql`select 1 from device limit 1`);
  if (any.rows.length) return;
  const rows = catalogue.map((d) => ({
    category: d.category,
    brand: d.brand,
    model: d.model,
    year: d.year,
    variants: variantsOf(d),
    colours: d.colours,
    aliases: d.aliases ?? [],
    search: searchTextOf(d),
  }));
  await ex.execute(
    sql`insert into device (category, brand, model, release_year, variants, colours, aliases, search_text)
        select x.category, x.brand, x.model, x.year, x.variants, x.colours, x.aliases, x.search
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(category text, brand text, model text, year int,
          variants jsonb, colours jsonb, aliases jsonb, search text)
        on conflict (brand, model) do nothing`,
  );
  await addWords(ex, [...BASE_WORDS, ...catalogue.flatMap((d) => allWords(searchTextOf(d)))]);
}

type DeviceInput = z.output<typeof deviceInputSchema>;
type StolenInput = z.output<typeof stolenReportInputSchema>;
type SaleRow = { price_cents: number; at: string };

/** The value at fraction p of sorted numbers, interpolated (p = 0.5 is the median). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = (sorted.length - 1) * p;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return Math.round(sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo));
}

/** What a listing stores about its catalogue model, from the input checked against the catalogue. */
export type ListingDevice = {
  deviceId: string | null;
  variant: string | null;
  brand: string | null;
  storage: string | null;
  ram: string | null;
  colour: string | null;
  connectivity: string | null;
};

export type ListingSerial = { kind: SerialKind; hash: string; last4: string };

const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Facet values sort as people read them: sizes by their number (64 GB < 1 TB), the rest by count. */
const sizeOf = (v: string) => {
  const m = /^(\d+(?:\.\d+)?)\s*(GB|TB|mm)$/i.exec(v);
  if (!m) return null;
  return Number(m[1]) * (m[2]!.toUpperCase() === 'TB' ? 1024 : 1);
};

/** Stolen-device reports one account may have waiting for review at once. */
const STOLEN_PENDING_MAX = 5;

/** A model's columns in the order insert and update write them (category … retired). */
const deviceValues = (input: DeviceInput) => [
  input.category,
  input.brand,
  input.model,
  input.releaseYear,
  JSON.stringify(variantsOf(input)),
  JSON.stringify(input.colours),
  JSON.stringify(input.aliases),
  searchTextOf(input),
  input.retired,
];

export function devicesService(database: Database) {
  const { db, query } = database;
  const reader = queryReader(query);

  /** Popular searches, counted here and added to search_term a minute at a time (one write per phrase, not per search). */
  const popular = new Map<string, number>();
  let flushing = false;
  const flushPopular = async () => {
    if (flushing || !popular.size) return;
    flushing = true;
    const batch = [...popular.entries()];
    popular.clear();
    try {
      await query(
        undefined,
        `insert into search_term (term, source, hits) select t, 'popular', n from unnest($1::text[], $2::int[]) as x(t, n)
         on conflict (term) do update set hits = search_term.hits + excluded.hits`,
        [batch.map((b) => b[0]), batch.map((b) => b[1])],
      );
    } catch {
      /* counting searches is best effort */
    } finally {
      flushing = false;
    }
  };
  const timer = setInterval(() => void flushPopular(), 60_000);
  timer.unref();

  /**
   * Facet answers for a few seconds per filter: the same counts for everyone who opens a category,
   * and a few seconds behind the listings is fine for counts (listing_facet itself is exact).
   */
  const facetCache = ttlCache<Facets>({ ttlMs: FACET_TTL_MS, size: FACET_CACHE_SIZE });
  /**
   * The models a search names (modelsOf), kept a few minutes per query like the reader's answers:
   * the catalogue changes with an admin's edit only, which clears both here (another instance
   * sees it within MODELS_CACHE_TTL_MS). A regular-expression pass over every model per search
   * was a third of a search's database time at 1M listings.
   */
  const modelsCache = ttlCache<string[]>({ ttlMs: MODELS_CACHE_TTL_MS, size: MODELS_CACHE_SIZE });
  /** Model names by id for facet labels (names change only with an admin's edit, which clears this). */
  const names = new Map<string, string>();
  async function deviceNames(ids: string[]) {
    const missing = ids.filter((id) => !names.has(id));
    if (missing.length) {
      const rows = await query<{ id: string; name: string }>(
        'devices_names',
        `select id::text as id, brand || ' ' || model as name from device where id = any($1::uuid[])`,
        [missing],
      );
      if (names.size > 5000) names.clear();
      for (const r of rows) names.set(r.id, r.name);
    }
    return names;
  }

  /** Devices whose text holds every word (a prefix of a word counts), best match first. */
  async function matchDevices(words: string[], o: { category?: string; limit: number; retired?: boolean }) {
    const values: unknown[] = [words.map((w) => `%${w}%`), words.join(' '), o.limit];
    const conds = ['search_text like all ($1::text[])'];
    if (!o.retired) conds.push('not retired');
    if (o.category) {
      values.push(o.category);
      conds.push(`category = $${values.length}`);
    }
    return query<DeviceRow>(
      undefined,
      `select ${DEVICE_COLS} from device where ${conds.join(' and ')}
       order by similarity(search_text, $2) desc, release_year desc, model limit $3`,
      values,
    );
  }

  async function deviceRow(id: string) {
    const [r] = await query<DeviceRow>('devices_by_id', `select ${DEVICE_COLS} from device where id = $1`, [id]);
    return r;
  }

  async function salesOf(deviceId: string, variant?: string, grade?: string): Promise<SaleRow[]> {
    const values: unknown[] = [deviceId];
    const conds = ['p.device_id = $1', "o.status = 'completed'"];
    if (variant) {
      values.push(variant);
      conds.push(`p.variant = $${values.length}`);
    }
    if (grade) {
      values.push(grade);
      conds.push(`p.condition = $${values.length}`);
    }
    return query<SaleRow>(
      undefined,
      `select o.price_cents, ${iso('coalesce(o.paid_at, o.created_at)')} as at
       from product p join orders o on o.product_id = p.id
       where ${conds.join(' and ')} order by coalesce(o.paid_at, o.created_at) desc limit 200`,
      values,
    );
  }

  async function priceGuide(deviceId: string, variant?: string, grade?: string): Promise<PriceGuide> {
    const rows = await salesOf(deviceId, variant, grade);
    if (rows.length < PRICE_GUIDE_MIN_SALES) return { sales: 0, soldSoFar: rows.length };
    const sorted = rows.map((r) => r.price_cents).sort((a, b) => a - b);
    return {
      medianCents: percentile(sorted, 0.5),
      lowCents: percentile(sorted, 0.25),
      highCents: percentile(sorted, 0.75),
      sales: rows.length,
      history: rows.map((r) => ({ date: r.at, priceCents: r.price_cents })).reverse(),
    };
  }

  return {
    reader,
    /**
     * The catalogue models a read query names, for the search by model (catalog deviceSearchQuery):
     * each word a whole word (or a word's start, as the tsquery has it) of the model's brand, name or
     * aliases. Empty when the query names none, or more than 60 (a broad word is fast without it).
     */
    async modelsOf(read: ReadQuery, category?: string): Promise<string[]> {
      if (!read.tsquery) return [];
      const key = `${read.tsquery}\u0000${category ?? ''}`;
      const hit = modelsCache.get(key);
      if (hit) return hit;
      const patterns = read.tsquery.split(' & ').map((t) => (t.endsWith(':*') ? `\\m${t.slice(0, -2)}` : `\\m${t}\\M`));
      const rows = await query<{ id: string }>(
        'devices_models_of',
        `select id from device where search_text ~ all ($1::text[]) and ($2::text is null or category = $2) limit 61`,
        [patterns, category ?? null],
      );
      const ids = rows.length > 60 ? [] : rows.map((r) => r.id);
      modelsCache.set(key, ids);
      return ids;
    },

    /** Counts a search that found something, for "popular searches" (catalogue words only: nobody's free text is shown to others). */
    noteSearch(read: ReadQuery, found: boolean) {
      if (!found || !read.allKnown || !read.words.length) return;
      const phrase = read.words.join(' ');
      if (phrase.length > 60 || (!popular.has(phrase) && popular.size >= 5000)) return;
      popular.set(phrase, (popular.get(phrase) ?? 0) + 1);
    },
    flushPopular,
    close() {
      clearInterval(timer);
    },

    /** GET /devices: the catalogue's models matching a typed query (forgiving), or the newest of a category. */
    async list(q: string | undefined, category: string | undefined, limit: number, opts: { retired?: boolean } = {}) {
      const read = await reader.read(q);
      if (read.words.length) {
        let rows = await matchDevices(read.words, { category, limit, retired: opts.retired });
        if (!rows.length && read.words.length > 1)
          // No model has every word: the closest by trigram similarity of the whole query.
          rows = await query<DeviceRow>(
            undefined,
            `select ${DEVICE_COLS} from device where ($2::text is null or category = $2) and ($4 or not retired)
             and word_similarity($1, search_text) > 0.4 order by word_similarity($1, search_text) desc, release_year desc limit $3`,
            [read.words.join(' '), category ?? null, limit, !!opts.retired],
          );
        return rows.map(toDevice);
      }
      const rows = await query<DeviceRow>(
        undefined,
        `select ${DEVICE_COLS} from device where ($1::text is null or category = $1) and ($3 or not retired)
         order by release_year desc, brand, model limit $2`,
        [category ?? null, limit, !!opts.retired],
      );
      return rows.map(toDevice);
    },

    async byId(id: string) {
      const r = await deviceRow(id);
      return r ? toDevice(r) : undefined;
    },

    /** An admin adds a model; its words join the search vocabulary. Same brand and model twice is 409. */
    async create(input: DeviceInput): Promise<Device> {
      const [r] = await query<DeviceRow>(
        undefined,
        `insert into device (category, brand, model, release_year, variants, colours, aliases, search_text, retired)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (brand, model) do nothing returning ${DEVICE_COLS}`,
        deviceValues(input),
      );
      if (!r) throw conflict('device_exists', `${input.brand} ${input.model} is already in the catalogue.`);
      await addWords(db, wordsOfDevice(input));
      reader.clear();
      modelsCache.clear();
      names.clear();
      return toDevice(r);
    },

    /**
     * An admin changes a model. Variant keys follow the option values, so listings and sales of a
     * variant whose options stay keep their key; a removed option's listings keep theirs too.
     */
    async update(id: string, input: DeviceInput): Promise<Device> {
      let r: DeviceRow | undefined;
      try {
        [r] = await query<DeviceRow>(
          undefined,
          `update device set category = $2, brand = $3, model = $4, release_year = $5, variants = $6, colours = $7,
             aliases = $8, search_text = $9, retired = $10, updated_at = now() where id = $1 returning ${DEVICE_COLS}`,
          [id, ...deviceValues(input)],
        );
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw conflict('device_exists', `${input.brand} ${input.model} is already in the catalogue.`);
        throw err;
      }
      if (!r) throw notFound('The device');
      await addWords(db, wordsOfDevice(input));
      reader.clear();
      modelsCache.clear();
      names.clear();
      return toDevice(r);
    },

    /** Suggestions as one types: catalogue models first, then popular searches that start like it. */
    async suggest(q: string, category?: string): Promise<Suggestions> {
      const read = await reader.read(q);
      if (!read.words.length) return { corrected: null, suggestions: [] };
      const [models, phrases] = await Promise.all([
        matchDevices(read.words, { category, limit: 6 }),
        query<{ term: string }>(
          'devices_popular',
          `select term from search_term where source = 'popular' and starts_with(term, $1) order by hits desc, term limit 4`,
          [read.words.join(' ')],
        ),
      ]);
      const suggestions: Suggestions['suggestions'] = models.map((m) => ({
        text: `${m.brand} ${m.model}`,
        kind: 'device' as const,
        deviceId: m.id,
        category: m.category,
      }));
      for (const p of phrases)
        if (!suggestions.some((s) => s.text.toLowerCase() === p.term)) suggestions.push({ text: p.term, kind: 'popular' });
      return { corrected: read.corrected, suggestions: suggestions.slice(0, 8) };
    },

    /**
     * Facet counts from listing_facet (exact, kept by triggers): each facet counts the listings that
     * match every other filter, so choosing a brand still shows the other brands' counts. A text
     * search narrows to the catalogue models it finds; price, place and seller filters are not in
     * the counts (exact: false then).
     */
    async facets(f: z.output<typeof productQuerySchema>): Promise<Facets> {
      const read = await reader.read(f.q);
      let deviceIds: string[] | null = null;
      if (read.words.length) deviceIds = (await matchDevices(read.words, { category: f.category, limit: 500 })).map((d) => d.id);
      const values: unknown[] = [];
      const p = (v: unknown) => {
        values.push(v);
        return `$${values.length}`;
      };
      const common = ['f.listed > 0'];
      if (f.category) common.push(`f.category = ${p(f.category)}`);
      if (f.condition) common.push(`f.condition = ${p(f.condition)}`);
      if (deviceIds) common.push(`f.device_id = any(${p(deviceIds)}::text[])`);
      const own: Record<FacetName, string | null> = {
        brand: f.brand ? `f.brand = ${p(f.brand)}` : null,
        model: f.deviceId ? `f.device_id = ${p(f.deviceId)}` : null,
        storage: f.storage ? `f.storage = ${p(f.storage)}` : null,
        ram: f.ram ? `f.ram = ${p(f.ram)}` : null,
        colour: f.colour ? `f.colour = ${p(f.colour)}` : null,
      };
      const column: Record<FacetName, string> = {
        brand: 'brand',
        model: 'device_id',
        storage: 'storage',
        ram: 'ram',
        colour: 'colour',
      };
      const others = (name: FacetName) =>
        FACETS.filter((x) => x !== name && own[x])
          .map((x) => own[x])
          .join(' and ') || 'true';
      const cacheKey = JSON.stringify(values) + common.join() + FACETS.map(others).join();
      const hit = facetCache.get(cacheKey);
      if (hit) return hit;
      // One pass over listing_facet (a few thousand rows); each facet's rows counted under the other filters.
      const rows = await query<{ k: FacetName; v: string; n: number }>(
        undefined,
        `select x.k, x.v, sum(f.listed)::int as n
         from listing_facet f
         cross join lateral (values ${FACETS.map((name) => `('${name}', f.${column[name]}, ${others(name)})`).join(', ')}) as x(k, v, ok)
         where ${common.join(' and ')} and x.ok and x.v <> ''
         group by x.k, x.v`,
        values,
      );
      const names = await deviceNames(rows.filter((r) => r.k === 'model').map((r) => r.v));
      const facets = Object.fromEntries(FACETS.map((name) => [name, [] as Facets['facets'][FacetName]])) as Facets['facets'];
      for (const r of rows) facets[r.k].push({ value: r.v, label: r.k === 'model' ? (names.get(r.v) ?? r.v) : r.v, count: r.n });
      for (const name of FACETS)
        facets[name].sort((a, b) => {
          const sa = sizeOf(a.value);
          const sb = sizeOf(b.value);
          if ((name === 'storage' || name === 'ram') && sa !== null && sb !== null) return sa - sb;
          return b.count - a.count || a.label.localeCompare(b.label);
        });
      const narrowed = f.minPrice !== undefined || f.maxPrice !== undefined || !!f.location || !!f.verified || !!f.near;
      const answer = { facets, exact: !narrowed && !read.words.length };
      facetCache.set(cacheKey, answer);
      return answer;
    },

    priceGuide,

    /** The catalogue columns of a new listing: its model, variant and colour checked against the catalogue. */
    async listingDevice(input: {
      category: string;
      deviceId?: string;
      variant?: string;
      colour?: string;
    }): Promise<ListingDevice> {
      const none = { deviceId: null, variant: null, brand: null, storage: null, ram: null, colour: null, connectivity: null };
      if (!input.deviceId) {
        if (input.variant) throw badRequest('variant', 'needs a deviceId');
        return none;
      }
      const d = await deviceRow(input.deviceId);
      if (!d) throw badRequest('deviceId', 'is not a model of the catalogue');
      if (d.category !== input.category) throw badRequest('category', `must be ${d.category} for ${d.brand} ${d.model}`);
      const variant = input.variant
        ? d.variants.find((v) => v.key === input.variant)
        : d.variants.length === 1
          ? d.variants[0]
          : undefined;
      if (input.variant && !variant) throw badRequest('variant', `must be one of ${d.variants.map((v) => v.key).join(', ')}`);
      if (input.colour && !d.colours.includes(input.colour)) throw badRequest('colour', `must be one of ${d.colours.join(', ')}`);
      return {
        deviceId: d.id,
        variant: variant?.key ?? null,
        brand: d.brand,
        storage: variant?.storage ?? null,
        ram: variant?.ram ?? null,
        colour: input.colour ?? null,
        connectivity: variant?.connectivity ?? null,
      };
    },

    /**
     * A listing's number checked: the right kind for the category (and the variant's connectivity),
     * plausible (an IMEI's Luhn digit), and not on the register of lost and stolen devices. A
     * registered number is refused and the attempt recorded for moderators (committed on its own: the
     * listing is not).
     */
    async checkListingSerial(
      seller: SessionUser,
      a: { category: string; connectivity: string | null; serial: string; name: string },
    ): Promise<ListingSerial> {
      const n = normaliseSerial(a.serial);
      // A 15-digit number with a valid Luhn digit is an IMEI whatever the variant says (a tablet's or watch's cellular one).
      const kind: SerialKind = /^\d{15}$/.test(n) && a.category !== 'Laptop' ? 'imei' : serialKindFor(a.category, a.connectivity);
      const problem = serialProblem(kind, n);
      if (problem) throw badRequest('serial', problem);
      const hash = serialHash(n);
      const [stolen] = await query<{ id: string }>(
        'devices_stolen_by_hash',
        `select id from stolen_device where serial_hash = $1 and status <> 'rejected'`,
        [hash],
      );
      if (stolen) {
        await query(
          undefined,
          `insert into serial_flag (kind, serial_hash, seller_id, stolen_id, detail) values ('stolen', $1, $2, $3, $4)`,
          [hash, seller.id, stolen.id, `Tried to list "${a.name}" (${a.category}), ending ${n.slice(-4)}`],
        );
        throw new AppError(409, 'serial_registered', DEVICE_STRINGS.stolenRefused, 'serial');
      }
      return { kind, hash, last4: n.slice(-4) };
    },

    /** After a listing with a number is added (in its transaction): another live listing with it is flagged to moderators. */
    async flagDuplicates(tx: Executor, a: { productId: string; sellerId: string; hash: string; last4: string }) {
      await tx.execute(
        sql`insert into serial_flag (kind, serial_hash, seller_id, product_id, other_product_id, detail)
            select 'duplicate', ${a.hash}, ${a.sellerId}, ${a.productId}, p.id, ${`The same number (ending ${a.last4}) is in another live listing`}
            from product p where p.serial_hash = ${a.hash} and p.listed and p.id <> ${a.productId} limit 5`,
      );
    },

    /**
     * Everything a new listing needs from the catalogue and the register, before its transaction:
     * the model's specs, the number checked (a registered one refused and recorded), "Good price"
     * against the band; and, in the listing's transaction, the duplicate check.
     */
    async listingChecks(
      seller: SessionUser,
      input: {
        name: string;
        category: string;
        condition: string;
        price: number;
        deviceId?: string;
        variant?: string;
        colour?: string;
        serial?: string;
      },
    ): Promise<ListingChecks> {
      const d = await this.listingDevice(input);
      const serial = input.serial
        ? await this.checkListingSerial(seller, {
            category: input.category,
            connectivity: d.connectivity,
            serial: input.serial,
            name: input.name,
          })
        : null;
      const goodPrice = await this.isGoodPrice(d.deviceId, d.variant, input.condition, money.toCents(input.price));
      return {
        columns: {
          deviceId: d.deviceId,
          variant: d.variant,
          brand: d.brand,
          storage: d.storage,
          ram: d.ram,
          colour: d.colour,
          serialKind: serial?.kind ?? null,
          serialHash: serial?.hash ?? null,
          serialLast4: serial?.last4 ?? null,
          goodPrice,
        },
        added: async (tx, productId) => {
          if (serial) await this.flagDuplicates(tx, { productId, sellerId: seller.id, hash: serial.hash, last4: serial.last4 });
        },
      };
    },

    /** Whether a price is below the band of its model, variant and grade ("Good price"). */
    async isGoodPrice(deviceId: string | null, variant: string | null, grade: string, priceCents: number) {
      if (!deviceId) return false;
      const g = await priceGuide(deviceId, variant ?? undefined, grade);
      return priceVsBand(priceCents, g) === 'below';
    },

    /* ---------- The stolen-device register ---------- */

    async reportStolen(me: SessionUser, input: StolenInput) {
      const n = normaliseSerial(input.serial);
      const problem = serialProblem(input.kind, n);
      if (problem) throw badRequest('serial', problem);
      const hash = serialHash(n);
      // A waiting report already refuses listings of its number: one account has at most
      // STOLEN_PENDING_MAX waiting at once (counted under its lock), so nobody blocks numbers in bulk.
      const r = await underAccountCap(db, 'stolen-reports', me.id, async (tx) => {
        const waiting = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from stolen_device where reporter_id = ${me.id} and status = 'pending'`,
        );
        if ((waiting.rows[0]?.n ?? 0) >= STOLEN_PENDING_MAX)
          throw new AppError(
            429,
            'too_many_reports',
            `You have ${STOLEN_PENDING_MAX} reports waiting for review, the most at once. Wait for them to be reviewed.`,
          );
        const added = await tx.execute<{ id: string; status: string }>(
          sql`insert into stolen_device (kind, serial, serial_hash, reporter_id, police_ref, note)
              values (${input.kind}, ${n}, ${hash}, ${me.id}, ${input.policeRef}, ${input.note ?? ''})
              on conflict (serial_hash) where status <> 'rejected' do nothing returning id, status`,
        );
        return added.rows[0];
      });
      if (!r) throw conflict('already_reported', 'This number is already on the register.');
      // Live listings with it go to the moderators at once.
      await query(
        undefined,
        `insert into serial_flag (kind, serial_hash, seller_id, product_id, stolen_id, detail)
         select 'stolen', $1, p.seller_id, p.id, $2, 'A live listing has a number just reported lost or stolen'
         from product p where p.serial_hash = $1 and p.listed`,
        [hash, r.id],
      );
      return r;
    },

    async stolenReports(status?: string): Promise<StolenReport[]> {
      const rows = await query<{
        id: string;
        kind: 'imei' | 'serial';
        serial: string;
        police_ref: string;
        note: string;
        status: StolenReport['status'];
        reporter_name: string;
        created_at: string;
        reviewed_at: string | null;
      }>(
        undefined,
        `select s.id, s.kind, s.serial, s.police_ref, s.note, s.status, u.name as reporter_name,
           ${iso('s.created_at')} as created_at, ${iso('s.reviewed_at')} as reviewed_at
         from stolen_device s join "user" u on u.id = s.reporter_id
         where ($1::text is null or s.status = $1) order by s.created_at desc limit 200`,
        [status ?? null],
      );
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        serial: r.serial,
        policeRef: r.police_ref,
        note: r.note,
        status: r.status,
        reporterName: r.reporter_name,
        createdAt: r.created_at,
        reviewedAt: r.reviewed_at,
      }));
    },

    async reviewStolen(admin: SessionUser, id: string, status: 'confirmed' | 'rejected') {
      const [r] = await query<{ id: string }>(
        undefined,
        `update stolen_device set status = $2, reviewed_by = $3, reviewed_at = now() where id = $1 returning id`,
        [id, status, admin.id],
      );
      if (!r) throw notFound('The report');
      return { id, status };
    },

    async openFlags(): Promise<SerialFlag[]> {
      const rows = await query<{
        id: string;
        kind: 'duplicate' | 'stolen';
        seller_id: string;
        seller_name: string;
        product_id: string | null;
        product_name: string | null;
        other_product_id: string | null;
        detail: string;
        last4: string | null;
        created_at: string;
      }>(
        'devices_open_flags',
        `select f.id, f.kind, f.seller_id, u.name as seller_name, f.product_id, p.name as product_name, f.other_product_id,
           f.detail, coalesce(p.serial_last4, s.serial_last4) as last4, ${iso('f.created_at')} as created_at
         from serial_flag f join "user" u on u.id = f.seller_id
         left join product p on p.id = f.product_id
         left join lateral (select right(sd.serial, 4) as serial_last4 from stolen_device sd where sd.id = f.stolen_id) s on true
         where f.resolved_at is null order by f.created_at desc limit 200`,
      );
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        sellerId: r.seller_id,
        sellerName: r.seller_name,
        productId: r.product_id,
        productName: r.product_name,
        otherProductId: r.other_product_id,
        detail: r.detail,
        last4: r.last4 ?? '',
        createdAt: r.created_at,
      }));
    },

    async resolveFlag(admin: SessionUser, id: string) {
      const [r] = await query<{ id: string }>(
        undefined,
        `update serial_flag set resolved_at = now(), resolved_by = $2 where id = $1 and resolved_at is null returning id`,
        [id, admin.id],
      );
      if (!r) throw notFound('The open flag');
      return { acknowledged: true };
    },

    /* ---------- Seller insights ---------- */

    /** Counts a view of a listing's page by someone other than its seller (best effort, never fails the page). */
    async recordView(productId: string) {
      await query(
        'devices_view',
        `insert into product_stat (product_id, views) values ($1, 1) on conflict (product_id) do update set views = product_stat.views + 1`,
        [productId],
      ).catch(() => {});
    },

    async insights(me: SessionUser, productId: string): Promise<ListingInsights> {
      const [p] = await query<{
        seller_id: string;
        price_cents: number;
        device_id: string | null;
        variant: string | null;
        condition: string;
        views: number;
        saves: number;
        offers: number;
        messages: number;
      }>(
        undefined,
        `select p.seller_id, p.price_cents, p.device_id, p.variant, p.condition,
           coalesce((select views from product_stat where product_id = p.id), 0) as views,
           (select count(*)::int from price_watch where product_id = p.id) as saves,
           (select count(*)::int from offer where product_id = p.id) as offers,
           (select count(*)::int from conversation where product_id = p.id) as messages
         from product p where p.id = $1 and p.hidden_at is null`,
        [productId],
      );
      if (!p) throw notFound('The product');
      if (p.seller_id !== me.id && !me.adminPowers) throw forbidden('Only the seller of this item can see its insights.');
      const guide = p.device_id ? await priceGuide(p.device_id, p.variant ?? undefined, p.condition) : null;
      return {
        views: p.views,
        saves: p.saves,
        offers: p.offers,
        messages: p.messages,
        price: { priceCents: p.price_cents, position: guide ? priceVsBand(p.price_cents, guide) : null, guide },
      };
    },
  };
}

export type DevicesService = ReturnType<typeof devicesService>;
