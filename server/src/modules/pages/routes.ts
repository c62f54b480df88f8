import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type InitialPageData, NOT_FOUND_META, PAGE_PATTERNS } from '@shop/contract';
import type { Database } from '../../db/client';
import { requestPath } from '../../lib/request-path';
import type { CatalogService } from '../catalog/service';
import type { ReviewsService } from '../trust/reviews';
import { headOf, type LoaderContext, loaderFor } from './loaders';
import { type PersonalServices, personalData } from './personal';
import { isRendered, pageRenderer } from './renderer';
import { type PageHead, renderShell } from './shell';
import { registerSitemaps, SITEMAP_MAX_URLS } from './sitemap';

type Options = {
  database: Database;
  /** The shop's public address, for the absolute URLs robots.txt and sitemaps need. */
  baseUrl: string;
  /** The shop's name (SHOP_NAME): every page's title and SHOP_NAME_META, the manifest, the app's header. */
  shopName: string;
  /**
   * The built web app (its folder with index.html, and its server renderer's module when built),
   * and where its pages read products and sellers, and a signed-in person's saved items and unread
   * counts (personal.ts); robots.txt and the sitemaps work without.
   */
  web?: { dist: string; ssr?: string; catalog: CatalogService; reviews: ReviewsService; personal: PersonalServices };
  /** URLs per product sitemap (tests page with a few). */
  sitemapPageSize?: number;
  /** Google sign-in is configured: every page says so, so the sign-in pages show its button (or none) from the first paint. */
  google?: boolean;
};

/** The most a page's form may send when the browser posts it before the app runs (its few fields; the body is dropped). */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * The web app's pages as the server sees them: a status that means what it says for each address
 * (the app itself always comes back, and shows its own page for a missing or removed item),
 * robots.txt and the sitemaps (sitemap.ts). Each page is its route pattern's loader (loaders.ts:
 * status, head, first-screen data), the built index.html made into that page (shell.ts), and for
 * public pages its body rendered by the web app's server renderer (renderer.ts).
 */
export const pageRoutes: FastifyPluginAsync<Options> = async (app, opts) => {
  const { database, baseUrl, shopName, web } = opts;
  const hidden = { schema: { hide: true } };
  registerSitemaps(app, { database, baseUrl, pageSize: opts.sitemapPageSize ?? SITEMAP_MAX_URLS });

  if (!web) return;
  const { dist: webDist, catalog, reviews } = web;
  const renderer = pageRenderer(web.ssr, shopName);
  /** The shop's address for a path (never another host: `//evil.example` stays a path), or an absolute URL as it is. */
  const absolute = (p: string) => {
    if (/^https?:\/\//i.test(p)) return p;
    const u = new URL(baseUrl);
    u.pathname = p;
    return u.href;
  };
  const context: LoaderContext = { database, catalog, reviews, shopName, absolute };

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
    if (request.headers['sec-ch-ua-mobile'] === '?1') data.phone = true;
    // Who is signed in, so the app need not ask: the session the request's one reading found (the
    // auth plugin sends renewed cookies with the answer), its bearer token left out.
    try {
      const s = await request.authSession();
      data.session = s ? { user: s.user, session: { ...s.session, token: undefined } } : null;
      // What every screen of a signed-in person shows besides the page (personal.ts).
      if (s) Object.assign(data, await personalData(request, web.personal, { phone: data.phone === true }));
    } catch (err) {
      // The page still goes out; the app asks for the session itself.
      request.log.warn({ err }, 'page: session not read');
    }
    const pathname = requestPath(request.url);
    const here = absolute(pathname);
    const url = head.url ?? (status === 200 ? here : undefined);
    // The page's body as the app draws it from the same data. Not for an error page (the app draws
    // its own); with its query, whose filters are the page's.
    const body =
      status === 200 && isRendered(request.routeOptions.url ?? '', Boolean(data.session))
        ? await renderer.render(here + request.url.slice(pathname.length), data, request.log)
        : null;
    // Never kept, not even for Back: the page says who is signed in, which a sign-in elsewhere changes.
    // A phone's page differs too (InitialPageData.phone).
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie, Sec-CH-UA-Mobile');
    return renderShell(shell, shopName, { ...head, url }, data, body ?? undefined);
  };

  for (const pattern of PAGE_PATTERNS) {
    const load = loaderFor(pattern);
    app.get<{ Params: Record<string, string | undefined> }>(pattern, hidden, async (request, reply) => {
      const page = await load(request, headOf(pattern, request.params), context);
      return sendPage(request, reply, page.status, page.head, page.data);
    });
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
