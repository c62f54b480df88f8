import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  advertisementSchema,
  categorySchema,
  HOME_BANNER,
  idSchema,
  type InitialPageData,
  NOT_FOUND_META,
  PAGE_META,
  PAGE_PATTERNS,
  PAGE_SIZE_DEFAULT,
  PRODUCT_NOT_FOUND_META,
  PRODUCT_PHOTO_SIZES,
  type ProductListPage,
  productDetailSchema,
  productQuerySchema,
  productSchema,
  productMeta,
  SELLER_NOT_FOUND_META,
  sellerMeta,
} from '@shop/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { nextPageHref } from '../../lib/paging';
import { requestPath } from '../../lib/request-path';
import { type CatalogService, findCategory } from '../catalog/service';
import type { ReviewsService } from '../trust/reviews';
import { type PageHead, productJsonLd, renderShell } from './shell';

/** The sitemap protocol's limit of URLs per file. */
const SITEMAP_MAX_URLS = 50_000;
/** Rows read per query while a sitemap file streams: memory stays at one batch whatever the catalog's size. */
const BATCH = 5_000;

type Options = {
  database: Database;
  /** The shop's public address, for the absolute URLs robots.txt and sitemaps need. */
  baseUrl: string;
  /** The shop's name (SHOP_NAME): every page's title and SHOP_NAME_META, the manifest, the app's header. */
  shopName: string;
  /**
   * The built web app (its folder with index.html, and its server renderer's module when built),
   * and where its pages read products and sellers; robots.txt and the sitemaps work without.
   */
  web?: { dist: string; ssr?: string; catalog: CatalogService; reviews: ReviewsService };
  /** URLs per product sitemap (tests page with a few). */
  sitemapPageSize?: number;
  /** Google sign-in is configured: every page says so, so the sign-in pages show its button (or none) from the first paint. */
  google?: boolean;
};

/** The web app's server renderer (web/src/entry-server.tsx): a page's body from its address and data, null for a redirect. */
type Renderer = { render(url: string, data: InitialPageData, options: { shopName: string }): Promise<string | null> };

/**
 * Of the 200 pages (each sent by its PAGE_PATTERNS route), those whose body the server renders, by
 * the route pattern that matched (however the address was spelled): the public ones, and a
 * category's list for someone signed in (it asks a guest to log in). Dashboards are private and
 * drawn by the browser.
 */
const rendered = (pattern: string, signedIn: boolean) =>
  !pattern.startsWith('/dashboard') && (signedIn || pattern !== '/category/:category');

/** A page's head from its PAGE_META entry (a function of the address's parameters for some), a copy to add to. */
const headOf = (meta: (typeof PAGE_META)[keyof typeof PAGE_META], params: Record<string, string | undefined>): PageHead =>
  typeof meta === 'function' ? meta(params) : { ...meta };

/** Renders running at once (each mostly CPU); a page beyond them goes out unrendered, for the browser to draw. */
const RENDERS_AT_ONCE = 8;
/** After the renderer failed to load (a deploy half done), how long pages go without it before the next try. */
const RENDERER_RETRY_MS = 30_000;

/** The most a page's form may send when the browser posts it before the app runs (its few fields; the body is dropped). */
const FORM_BODY_LIMIT = 64 * 1024;

/** Below every id: keyset reads start after it, so one prepared statement serves the first page too. */
const BEFORE_ALL = '00000000-0000-0000-0000-000000000000';

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/**
 * Whether a product row has this id, hidden or not. A product page answers 200 for an item on sale
 * or sold (its page still tells what it sold for), 410 for one hidden by moderation, a deleted or
 * suspended seller, or unlisted by its seller, 404 for no such item: this tells the last two apart.
 */
async function productExists(database: Database, id: string): Promise<boolean> {
  const rows = await database.query<{ one: number }>('page-product-exists', 'select 1 as one from product where id = $1', [id]);
  return rows.length > 0;
}

/**
 * The web app's pages as the server sees them: a status that means what it says for each address
 * (the app itself always comes back, and shows its own page for a missing or removed item),
 * robots.txt, and the sitemaps.
 */
export const pageRoutes: FastifyPluginAsync<Options> = async (app, opts) => {
  const { database, baseUrl, shopName, web } = opts;
  const pageSize = opts.sitemapPageSize ?? SITEMAP_MAX_URLS;
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
    const locs = ['/', '/blog', ...categories.map((c) => `/category/${encodeURIComponent(c.name)}`)];
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
          `select id, to_char(greatest(created_at, price_dropped_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
             from product where listed and id > $1 order by id limit $2`,
          [cursor, Math.min(BATCH, left)],
        );
        if (!rows.length) break;
        yield rows.map((r) => `<url><loc>${baseUrl}/product/${r.id}</loc><lastmod>${r.lastmod}</lastmod></url>\n`).join('');
        left -= rows.length;
        cursor = rows[rows.length - 1]?.id ?? cursor;
        if (rows.length < BATCH) break;
      }
      yield '</urlset>\n';
    }
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return reply.send(Readable.from(urls()));
  });

  if (!web) return;
  const { dist: webDist, catalog, reviews } = web;
  /**
   * The first page of a product list without filters, as the app reads GET `apiPath` (its body, and
   * the Link, X-Total-Count and X-Total-Count-Exact headers sendKeysetPage and sendProducts write).
   */
  const firstProductPage = async (apiPath: string, category?: string): Promise<ProductListPage> => {
    const page = await catalog.listProducts(productQuerySchema.parse(category ? { category } : {}));
    return {
      items: z.array(productSchema).parse(page.items),
      next: page.nextCursor ? nextPageHref(apiPath, page.nextCursor) : null,
      total: page.total?.n ?? null,
      totalExact: page.total ? page.total.exact : true,
    };
  };
  /** Whether a page's address has a query (filters): its list is then the browser's to load. */
  const hasQuery = (request: FastifyRequest) => request.url.includes('?');

  /**
   * Loaded on the first page, once; a module that fails to load is logged, pages go out without
   * their body, and the load is tried again RENDERER_RETRY_MS later.
   */
  let renderer: Promise<Renderer | undefined> | undefined;
  const loadRenderer = (request: FastifyRequest) => {
    const file = web.ssr;
    if (!file) return Promise.resolve(undefined);
    renderer ??= (import(pathToFileURL(file).href) as Promise<Renderer>).catch((err: unknown) => {
      request.log.error({ err, file }, 'page: server renderer not loaded; pages go out without their body');
      setTimeout(() => {
        renderer = undefined;
      }, RENDERER_RETRY_MS).unref();
      return undefined;
    });
    return renderer;
  };
  let rendering = 0;
  /** The shop's address for a path (never another host: `//evil.example` stays a path), or an absolute URL as it is. */
  const absolute = (p: string) => {
    if (/^https?:\/\//i.test(p)) return p;
    const u = new URL(baseUrl);
    u.pathname = p;
    return u.href;
  };

  /**
   * index.html made into the page at this address: its own head (title, description, canonical,
   * link previews, structured data, largest image preloaded) and the data its first screen needs.
   * Read from disk on each request, so a rebuild never leaves it pointing at assets that are gone.
   * Personal (it says whether someone is signed in), so never stored by a shared cache.
   */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    head: PageHead,
    data: InitialPageData = {},
  ) => {
    const shell = await fs.readFile(path.join(webDist, 'index.html'), 'utf8');
    data.authConfig = { google: opts.google === true };
    // Who is signed in, so the app need not ask: the session the request's one reading found (the
    // auth plugin sends renewed cookies with the answer), its bearer token left out.
    try {
      const s = await request.authSession();
      data.session = s ? { user: s.user, session: { ...s.session, token: undefined } } : null;
    } catch (err) {
      // The page still goes out; the app asks for the session itself.
      request.log.warn({ err }, 'page: session not read');
    }
    const pathname = requestPath(request.url);
    const here = absolute(pathname);
    const url = head.url ?? (status === 200 ? here : undefined);
    // The page's body as the app draws it from the same data, which the browser then takes over
    // (hydrates). Not for an error page (the app draws its own), and on any failure the page goes
    // out without it: the browser renders it then, as before.
    let body: string | null = null;
    if (status === 200 && rendered(request.routeOptions.url ?? '', Boolean(data.session)) && rendering < RENDERS_AT_ONCE) {
      const ssr = await loadRenderer(request);
      if (ssr) {
        // With its query: the filters in it are the page's.
        const address = here + request.url.slice(pathname.length);
        rendering++;
        try {
          // Through JSON, as the browser will read it: the same values (dates as strings) on both sides.
          body = await ssr.render(address, JSON.parse(JSON.stringify(data)) as InitialPageData, { shopName });
        } catch (err) {
          request.log.error({ err }, 'page: server render failed; sent without its body');
        } finally {
          rendering--;
        }
      }
    }
    // Never kept, not even for Back: the page says who is signed in, which a sign-in elsewhere changes.
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'Cookie');
    return renderShell(shell, shopName, { ...head, url }, data, body ?? undefined);
  };

  for (const pattern of PAGE_PATTERNS) {
    const meta = PAGE_META[pattern];
    if (pattern === '/product/:id') {
      app.get<{ Params: { id: string } }>(pattern, hidden, async (request, reply) => {
        const { id } = request.params;
        const valid = idSchema.safeParse(id).success;
        // One read for a page that is there; only one not shown asks whether it ever was.
        const product = valid ? await catalog.productById(id) : undefined;
        if (!product || product.status === 'unlisted') {
          const gone = product !== undefined || (valid && (await productExists(database, id)));
          return sendPage(request, reply, gone ? 410 : 404, PRODUCT_NOT_FOUND_META);
        }
        const detail = productDetailSchema.parse(product);
        const cover = detail.photos[0];
        const url = absolute(requestPath(request.url));
        return sendPage(
          request,
          reply,
          200,
          {
            ...productMeta(detail),
            url,
            ogType: 'product',
            image: cover
              ? { url: absolute(cover.url), width: cover.width, height: cover.height, alt: detail.name }
              : detail.img
                ? { url: absolute(detail.img), width: 800, height: 600, alt: detail.name }
                : undefined,
            jsonLd: productJsonLd(detail, url, absolute),
            preload: cover ? { href: cover.url, srcset: cover.srcset, sizes: PRODUCT_PHOTO_SIZES } : undefined,
          },
          { product: detail },
        );
      });
    } else if (pattern === '/seller/:id') {
      app.get<{ Params: { id: string } }>(pattern, hidden, async (request, reply) => {
        // The profile as GET /api/sellers/{id} answers it; an unknown, suspended or closed seller is a 404 there and here.
        const seller = idSchema.safeParse(request.params.id).success
          ? await reviews.sellerProfile(request.params.id).catch((err: unknown) => {
              if (err instanceof AppError && err.statusCode === 404) return null;
              throw err;
            })
          : null;
        if (!seller) return sendPage(request, reply, 404, SELLER_NOT_FOUND_META);
        return sendPage(request, reply, 200, sellerMeta(seller, shopName), { seller });
      });
    } else if (pattern === '/category/:category') {
      app.get<{ Params: { category: string } }>(pattern, hidden, async (request, reply) => {
        // Only the shop's categories: any other text would become a 200 page's title and link preview.
        const raw = request.params.category;
        const known = findCategory(raw);
        if (!known) return sendPage(request, reply, 404, NOT_FOUND_META);
        const head = headOf(meta, { category: known });
        // The list is for someone signed in (a guest is asked to log in), as the page shows it.
        const signedIn = Boolean(await request.authSession().catch(() => null));
        if (!signedIn || hasQuery(request)) return sendPage(request, reply, 200, head);
        // A list that cannot be read now leaves the page to load it (it says what went wrong then).
        const page = await firstProductPage(`/api/products/${encodeURIComponent(raw)}`, known).catch((err: unknown) => {
          request.log.error({ err }, 'page: category list not read; sent without it');
          return undefined;
        });
        return sendPage(request, reply, 200, head, page ? { productList: { category: raw, page } } : {});
      });
    } else {
      app.get<{ Params: Record<string, string | undefined> }>(pattern, hidden, async (request, reply) => {
        const head = headOf(meta, request.params);
        if (pattern !== '/') return sendPage(request, reply, 200, head);
        head.preload = { href: HOME_BANNER.src, srcset: HOME_BANNER.srcset, sizes: HOME_BANNER.sizes };
        // The first screen's lists, as GET /api/category, GET /api/advertise and GET /api/allproducts answer them.
        // Lists that cannot be read now leave the page to load them (it says what went wrong then).
        const lists = await Promise.all([
          catalog.categories(),
          catalog.listAds(PAGE_SIZE_DEFAULT),
          hasQuery(request) ? undefined : firstProductPage('/api/allproducts'),
        ])
          .then(
            ([categories, ads, products]): InitialPageData => ({
              categories: z.array(categorySchema).parse(categories),
              advertisements: z.array(advertisementSchema).parse(ads.items),
              ...(products ? { productList: { page: products } } : {}),
            }),
          )
          .catch((err: unknown) => {
            request.log.error({ err }, 'page: home lists not read; sent without them');
            return {};
          });
        return sendPage(request, reply, 200, head, lists);
      });
    }
  }
  /**
   * A page's form posted by the browser itself, not the app: a page arrives as the server's HTML and
   * the app takes it over later, so a form sent before then goes where its HTML says (its forms say
   * method="post" so that nothing typed, a password least of all, ends up in an address). Nothing
   * posted is read, kept or echoed: the answer sends the browser back to the page, 303 so that a
   * reload does not post again.
   */
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, undefined),
  );
  for (const pattern of PAGE_PATTERNS)
    app.post(pattern, { ...hidden, bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      // The address as asked for (a path on this site: leading slashes folded, so never `//host`).
      const pathname = `/${requestPath(request.url).replace(/^[/\\]+/, '')}`;
      const query = request.url.slice(requestPath(request.url).length);
      return reply
        .code(303)
        .header('location', pathname + query)
        .header('cache-control', 'no-store')
        .send();
    });

  /**
   * The app shell the service worker keeps (its precache, and what it answers navigations with): the
   * built index.html with the shop's name written in, and nothing personal (no session, no page data).
   */
  app.get('/index.html', hidden, async (_request, reply) => {
    const shell = await fs.readFile(path.join(webDist, 'index.html'), 'utf8');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return renderShell(shell, shopName, {});
  });

  /** The web app manifest, its name and short name the shop's (the build leaves `{shopName}` where it goes). */
  app.get('/manifest.webmanifest', hidden, async (_request, reply) => {
    const file = await fs.readFile(path.join(webDist, 'manifest.webmanifest'), 'utf8').catch(() => undefined);
    if (file === undefined)
      return reply.code(404).send({ error: 'not_found', message: 'No route for GET /manifest.webmanifest.' });
    const manifest = JSON.parse(file) as Record<string, unknown>;
    for (const key of ['name', 'short_name']) {
      const value = manifest[key];
      if (typeof value === 'string') manifest[key] = value.replaceAll('{shopName}', shopName);
    }
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
    return JSON.stringify(manifest);
  });

  // Any other address: 404, with the app (it shows its not-found page); under /api and for files, a JSON 404.
  app.get('/*', hidden, (request, reply) => {
    const url = requestPath(request.url);
    if (url.startsWith('/api/') || /\.[A-Za-z0-9]+$/.test(url)) {
      return reply.code(404).send({ error: 'not_found', message: `No route for GET ${url}.` });
    }
    return sendPage(request, reply, 404, NOT_FOUND_META);
  });
};
