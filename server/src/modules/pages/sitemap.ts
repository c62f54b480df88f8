import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { idSchema } from '@shop/contract';
import { paths } from '@shop/contract/web-paths';
import type { Database } from '../../db/client';
import { isoText } from '../../db/sql';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read per query while a sitemap file streams: memory stays at one batch whatever the catalog's size. */
const BATCH = 5_000;
/** Below every id: keyset reads start after it, so one prepared statement serves the first page too. */
const BEFORE_ALL = '00000000-0000-0000-0000-000000000000';

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

type Options = {
  database: Database;
  /** The shop's public address, for the absolute URLs robots.txt and sitemaps need. */
  baseUrl: string;
  /** URLs per product sitemap (tests page with a few). */
  pageSize: number;
};

/**
 * What the shop tells crawlers: robots.txt, and the sitemaps (the index, the pages, and every listed
 * product in files of `pageSize`, read by keyset along the primary key). Work without the web app.
 */
export function registerSitemaps(app: FastifyInstance, { database, baseUrl, pageSize }: Options) {
  const hidden = { schema: { hide: true } };

  app.get('/robots.txt', hidden, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      // The API documentation is public; the rest of /api is data for the app, and the dashboard is private.
      'Allow: /api/docs',
      'Allow: /api/openapi.json',
      'Disallow: /api/',
      'Disallow: /dashboard',
      '',
      `Sitemap: ${baseUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  /** The first id of each products sitemap after the first: every pageSize-th listed id, read along the primary key. */
  async function productPageStarts(): Promise<string[]> {
    const starts: string[] = [];
    let after = BEFORE_ALL;
    for (;;) {
      const [row]: { id: string }[] = await database.query<{ id: string }>(
        'sitemap-page-start',
        'select id from product where listed and id > $1 order by id offset $2 limit 1',
        [after, pageSize - 1],
      );
      if (!row) return starts;
      after = row.id;
      starts.push(after);
    }
  }

  app.get('/sitemap.xml', hidden, async (_request, reply) => {
    const files = [
      `${baseUrl}/sitemaps/pages.xml`,
      `${baseUrl}/sitemaps/products.xml`,
      ...(await productPageStarts()).map((id) => `${baseUrl}/sitemaps/products.xml?after=${id}`),
    ];
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  });

  app.get('/sitemaps/pages.xml', hidden, async (_request, reply) => {
    const categories = await database.query<{ name: string }>(
      'sitemap-categories',
      'select name from category order by position, name',
    );
    const locs = [paths.home.getHref(), paths.blog.getHref(), ...categories.map((c) => paths.category.getHref(c.name))];
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
      .map((l) => `<url><loc>${xmlEscape(baseUrl + l)}</loc></url>`)
      .join('\n')}\n</urlset>\n`;
  });

  app.get<{ Querystring: { after?: string } }>('/sitemaps/products.xml', hidden, async (request, reply) => {
    const after = request.query.after;
    if (after !== undefined && !idSchema.safeParse(after).success)
      return reply.code(400).send({ error: 'bad_request', field: 'after', message: 'after must be a product id' });
    /** One sitemap file, read in batches along the primary key from `after`: the same cost on any page. */
    async function* urls() {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      let cursor = after ?? BEFORE_ALL;
      let left = pageSize;
      while (left > 0) {
        const rows = await database.query<{ id: string; lastmod: string }>(
          'sitemap-products',
          `select id, ${isoText('greatest(created_at, price_dropped_at)', 's')} as lastmod
             from product where listed and id > $1 order by id limit $2`,
          [cursor, Math.min(BATCH, left)],
        );
        if (!rows.length) break;
        yield rows
          .map((r) => `<url><loc>${baseUrl}${paths.product.getHref(r.id)}</loc><lastmod>${r.lastmod}</lastmod></url>\n`)
          .join('');
        left -= rows.length;
        cursor = rows[rows.length - 1]?.id ?? cursor;
        if (rows.length < BATCH) break;
      }
      yield '</urlset>\n';
    }
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return reply.send(Readable.from(urls()));
  });
}
