/**
 * What the server says about the web app's pages and to crawlers: statuses that mean what they say
 * (404 unknown address or item, 410 a removed listing, 200 a sold one), each page's head (title,
 * canonical, link previews, JSON-LD, the first screen's data), robots.txt, the sitemaps
 * (exactly the listed products, paged by keyset), compression of answers, the cache of hashed
 * files, and the OpenAPI document's shape.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../src/modules/pages/routes';
import { seedSynthetic } from '../src/seed/synthetic';
import { startTestApp, type TestApp } from './helpers/app';
import { ssrRenderer } from './helpers/ssr';
import type { Client } from './helpers/client';
import { admin, buyer, expectStatus, uniqueEmail } from './helpers/builders';
import { createTestDatabase, testDbKind } from './helpers/db';

const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="Shop" /><title>Shop</title></head><body><div id="root"></div></body></html>';
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

/** A built web app's files: the page, and one hashed script with its .br twin as the build writes it. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), ASSET);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(ASSET));
  return dir;
}

/** The part of a page inside `<div id="root">`: what the server rendered ('' when nothing). */
const rootOf = (html: string) => {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  return html
    .slice(start, end)
    .replace(/<script type="application\/json"[\s\S]*$/, '')
    .replace(/<\/div>\s*$/, '');
};

/** The data a page carries for the app (`<script type="application/json" id="shop-data">`), parsed; a page without it fails the test. */
function shopData<T = Record<string, unknown>>(html: string): T {
  const found = html.match(/<script type="application\/json" id="shop-data">(.*?)<\/script>/s);
  if (!found) throw new Error('the page carries no shop-data');
  return JSON.parse(found[1]!) as T;
}

/** A GET without fetch's automatic decoding: the bytes and headers as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function productIds(t: TestApp, where: string): Promise<string[]> {
  const rows = await t.database.query<{ id: string }>(undefined, `select id from product where ${where} order by id`);
  return rows.map((r) => r.id);
}

describe('pages, robots.txt, sitemaps, compression', () => {
  let t: TestApp;
  let webDist: string;
  let renderer: string;
  let available: string;
  let sold: string;
  let hidden: string;
  let unlisted: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    renderer = await ssrRenderer();
    t = await startTestApp({ env: { WEB_DIST: webDist, WEB_SSR: renderer } });
    await seedSynthetic(t.database.db, { products: 40, sellers: 3 });
    const ids = await productIds(t, 'listed');
    [available, sold, hidden, unlisted] = ids as [string, string, string, string];
    await t.database.db.execute(sql`update product set status = 'sold' where id = ${sold}`);
    await t.database.db.execute(sql`update product set hidden_at = now(), hidden_reason = 'moderation' where id = ${hidden}`);
    await t.database.db.execute(sql`update product set status = 'unlisted' where id = ${unlisted}`);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('known pages are 200, other addresses 404, all with the app; under /api and for files a JSON 404', async () => {
    for (const page of [
      '/',
      '/blog',
      '/category/Laptop',
      '/dashboard/myorders',
      '/dashboard/messages/abc',
      '/login/two-factor',
    ]) {
      const res = await fetch(t.baseUrl + page);
      expect(res.status, page).toBe(200);
      const html = await res.text();
      // Public pages come rendered; dashboards, and a category's list for a guest, are the browser's to draw.
      if (page.startsWith('/dashboard') || page.startsWith('/category')) expect(html).toContain('<div id="root"></div>');
      else expect(rootOf(html)).toContain('<main');
      expect(html).toContain(`<link rel="canonical" href="${t.config.baseUrl}${page}" />`);
    }
    for (const page of ['/nope', '/dashboard/nope', '/category', '/product']) {
      const res = await fetch(t.baseUrl + page);
      expect(res.status, page).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<title>Page not found | SecondByte</title>');
    }
    // However the address is spelled, a dashboard (and a guest's category list) is the browser's to draw.
    for (const page of ['/%64ashboard/audit', '/%63ategory/Laptop']) {
      const res = await fetch(t.baseUrl + page);
      expect(res.status, page).toBe(200);
      expect(await res.text(), page).toContain('<div id="root"></div>');
    }
    // A category is one of the shop's (any case; the title spells it as the shop does), else 404:
    // other text would become a page title and a link preview.
    const laptop = await fetch(`${t.baseUrl}/category/laptop`);
    expect(laptop.status).toBe(200);
    expect(await laptop.text()).toContain('<title>Laptop | SecondByte</title>');
    const made = await fetch(`${t.baseUrl}/category/Account%20suspended%20-%20verify%20at%20evil.example`);
    expect(made.status).toBe(404);
    const madeHtml = await made.text();
    expect(madeHtml).toContain('<title>Page not found | SecondByte</title>');
    expect(madeHtml).not.toContain('Account suspended');
    // An error page names no canonical address, so an address that reads as another host names none either.
    for (const page of ['//evil.example/x', '//user:pw@evil.example/x', '//[/x']) {
      const res = await rawGet(t.baseUrl + page);
      expect(res.status, page).toBe(404);
      expect(res.body.toString()).not.toContain('rel="canonical"');
      expect(res.body.toString()).not.toContain('evil.example');
    }
    for (const url of ['/api/nope', '/missing.js']) {
      const res = await fetch(t.baseUrl + url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it("a phone's page (Sec-CH-UA-Mobile: ?1) says so, and its cards leave out the details a phone does not show", async () => {
    const wide = await rawGet(`${t.baseUrl}/`);
    const phone = await rawGet(`${t.baseUrl}/`, { 'sec-ch-ua-mobile': '?1' });
    for (const res of [wide, phone]) {
      expect(res.status).toBe(200);
      // Caches keep the two apart (the page is no-store anyway).
      expect(res.headers.vary).toBe('Cookie, Sec-CH-UA-Mobile');
    }
    const [wideHtml, phoneHtml] = [wide.body.toString('utf8'), phone.body.toString('utf8')];
    expect(shopData(wideHtml)).not.toHaveProperty('phone');
    expect(shopData(phoneHtml)).toMatchObject({ phone: true });
    const { items } = shopData<{ productList: { page: { items: { _id: string }[] } } }>(phoneHtml).productList.page;
    expect(items.length).toBeGreaterThan(0);
    // Every card both ways; the desktop details (the "Original price" row) only in the wide one.
    for (const html of [wideHtml, phoneHtml])
      for (const item of items) expect(rootOf(html)).toContain(`href="/product/${item._id}"`);
    expect(rootOf(wideHtml).split('Original price')).toHaveLength(items.length + 1);
    expect(rootOf(phoneHtml)).not.toContain('Original price');
    expect(rootOf(phoneHtml).length).toBeLessThan(rootOf(wideHtml).length * 0.8);
  });

  it('a rendered page has the parser wait for the stylesheet: one inline script, before the body, allowed by its hash alone', async () => {
    const inline = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    for (const page of ['/', `/product/${available}`, '/blog']) {
      const res = await fetch(t.baseUrl + page);
      const html = await res.text();
      const scripts = inline(html);
      expect(scripts, page).toHaveLength(1);
      // Right before the rendered body: the parser stops there until the styles above it have come.
      expect(html, page).toContain(`<script>${scripts[0]}</script><div id="root"><`);
      const hash = `'sha256-${crypto.createHash('sha256').update(scripts[0]!).digest('base64')}'`;
      const scriptSrc =
        res.headers
          .get('content-security-policy')
          ?.match(/script-src ([^;]*)/)?.[1]
          ?.split(' ') ?? [];
      expect(scriptSrc, page).toContain(hash);
      // No other inline script gets in: one hash, no 'unsafe-inline', no nonce.
      expect(scriptSrc.filter((s) => s.startsWith("'sha") || s === "'unsafe-inline'" || s.startsWith("'nonce"))).toEqual([hash]);
    }
    // A page the browser draws has no body to wait with.
    const dashboard = await (await fetch(`${t.baseUrl}/dashboard/myorders`)).text();
    expect(inline(dashboard)).toEqual([]);
  });

  it('a product page is 200 on sale or sold, 410 hidden or unlisted, 404 unknown', async () => {
    const status = async (id: string) => (await fetch(`${t.baseUrl}/product/${id}`)).status;
    expect(await status(available)).toBe(200);
    expect(await status(sold)).toBe(200);
    expect(await status(hidden)).toBe(410);
    expect(await status(unlisted)).toBe(410);
    expect(await status('6f1c1c4e-8f3a-4f7e-9a55-2b7f3c1d0e99')).toBe(404);
    expect(await status('not-an-id')).toBe(404);
    const gone = await (await fetch(`${t.baseUrl}/product/${hidden}`)).text();
    expect(gone).toContain('<div id="root"></div>');
    expect(gone).toContain('<title>Product not found | SecondByte</title>');
    expect(gone).not.toContain('application/ld+json');
  });

  it("a product page opened from the server counts a view for its seller's insights, as the API does", async () => {
    const views = async (id: string) =>
      Number(
        (await t.database.db.execute<{ views: number }>(sql`select views from product_stat where product_id = ${id}`)).rows[0]
          ?.views ?? 0,
      );
    const before = await views(available);
    expect((await fetch(`${t.baseUrl}/product/${available}`)).status).toBe(200);
    expect(await views(available)).toBe(before + 1);
    const hiddenBefore = await views(hidden);
    expect((await fetch(`${t.baseUrl}/product/${hidden}`)).status).toBe(410);
    expect(await views(hidden)).toBe(hiddenBefore);
  });

  it("a product page's HTML, before any script runs, holds its name, price, photo, link-preview tags, JSON-LD and the app's data", async () => {
    const photoId = '0b6f3c7e-5a2d-4c1e-9f8a-3d2e1c0b9a87';
    const stored = [{ id: photoId, w: 1600, h: 1200, ws: [400, 800, 1600], av: [400], ph: '' }];
    const name = `Pixel 8 "Pro" </script><script>alert(1)</script> & case $' $&`;
    await t.database.db.execute(
      sql`update product set name = ${name}, price_cents = 123450, photos = ${JSON.stringify(stored)}::jsonb, cover = ${JSON.stringify(stored[0])}::jsonb where id = ${available}`,
    );
    const res = await fetch(`${t.baseUrl}/product/${available}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    const api = (await (await fetch(`${t.baseUrl}/api/product/${available}`)).json()) as {
      name: string;
      price: number;
      condition: string;
      seller: string;
      photos: { url: string; srcset: string }[];
    };
    const cover = api.photos[0]!;
    const url = `${t.config.baseUrl}/product/${available}`;
    const escaped = 'Pixel 8 &quot;Pro&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; case $&#39; $&amp;';

    // The injected name never closes an element: the only scripts are the shell's and ours.
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(`<title>${escaped} | SecondByte</title>`);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(`<meta property="og:url" content="${url}" />`);
    expect(html).toContain(`<meta property="og:image" content="${t.config.baseUrl}${cover.url}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toMatch(/<meta name="description" content="Used Pixel 8 &quot;Pro&quot;[^"]* condition, [^"]+\." \/>/);
    // The shell's own markers appear once: nothing in the name was read as a replacement pattern.
    expect(html.split('</head>')).toHaveLength(2);
    expect(html.split('<div id="root">')).toHaveLength(2);
    // The cover is fetched with the HTML, as the gallery will ask for it.
    expect(html).toContain(`<link rel="preload" as="image" href="${cover.url}" imagesrcset="${cover.srcset}"`);
    expect(html).toMatch(/<link rel="preload" as="image" [^>]*fetchpriority="high" \/>/);

    const ld = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
    expect(ld).not.toBeNull();
    const product = JSON.parse(ld![1]!) as Record<string, unknown> & { offers: Record<string, unknown> };
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      sku: available,
      itemCondition: 'https://schema.org/UsedCondition',
      image: [`${t.config.baseUrl}${cover.url}`],
    });
    expect(product.offers).toEqual({
      '@type': 'Offer',
      url,
      price: '1234.50',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      seller: { '@type': 'Person', name: api.seller },
    });

    // The app's data is the API's answer itself, so the page shows it without asking again; no
    // session cookie, so nobody is signed in.
    expect(shopData(html)).toEqual({ product: api, session: null, authConfig: { google: false } });

    // The page itself, as the app draws it (React escapes the name): its heading, price, photo and Buy now.
    const body = rootOf(html);
    const asReact = name.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
    );
    expect(body).toContain(`>${asReact}</h1>`);
    expect(body).toContain('$1,234.50');
    expect(body).toMatch(new RegExp(`<img [^>]*src="${cover.url}"`));
    expect(body).toContain('Buy now');
    expect(body).not.toContain('<script');
  });

  it('public pages come rendered with their content; a failing renderer leaves the page to the browser, still 200', async () => {
    // Home: the categories and advertised items from the database, the data the app reads them from beside them.
    const home = await (await fetch(`${t.baseUrl}/`)).text();
    const categories = (await (await fetch(`${t.baseUrl}/api/category`)).json()) as { category: string }[];
    const ads = (await (await fetch(`${t.baseUrl}/api/advertise`)).json()) as { name: string }[];
    expect(categories.length).toBeGreaterThan(0);
    for (const c of categories) expect(rootOf(home)).toContain(`>${c.category}<`);
    const data = shopData(home);
    // Our Products' first page as the app reads GET /api/allproducts: its body and its paging headers.
    const all = await fetch(`${t.baseUrl}/api/allproducts`);
    const allItems = (await all.json()) as { _id: string; name: string }[];
    const next = /<([^>]+)>; rel="next"/.exec(all.headers.get('link') ?? '')?.[1] ?? null;
    expect(next).not.toBeNull();
    expect(data).toEqual({
      categories,
      advertisements: ads,
      productList: { page: { items: allItems, next, total: Number(all.headers.get('x-total-count')), totalExact: true } },
      session: null,
      authConfig: { google: false },
    });
    // The cards are in the HTML; with a filter in the address the list is the browser's to load.
    expect(rootOf(home)).toContain(`href="/product/${allItems[0]!._id}"`);
    const filtered = await (await fetch(`${t.baseUrl}/?q=pixel`)).text();
    expect(shopData(filtered)).not.toHaveProperty('productList');
    // The sign-in and sign-up forms are there before any script; without Google sign-in, no Google button.
    for (const p of ['/login', '/signup']) {
      const html = await (await fetch(`${t.baseUrl}${p}`)).text();
      expect(rootOf(html)).toMatch(/<form[^>]*>[\s\S]*type="password"/);
      expect(rootOf(html), p).not.toContain('Continue with Google');
      expect(shopData(html).authConfig, p).toEqual({ google: false });
    }
    // A signed-in category page lists its items (the list itself loads in the browser; its heading is here).
    const buyer = await t.client().signUp(uniqueEmail('page-category'));
    const laptop = await (await buyer.raw('GET', '/category/laptop')).text();
    expect(rootOf(laptop)).toMatch(/<h1 id="category-title"[^>]*>[\s\S]*?laptop[\s\S]*?<\/h1>/);
    const laptops = await fetch(`${t.baseUrl}/api/products/laptop`);
    const laptopItems = (await laptops.json()) as { _id: string }[];
    expect(laptopItems.length).toBeGreaterThan(0);
    const list = shopData<{ productList: unknown }>(laptop);
    expect(list.productList).toEqual({
      category: 'laptop',
      page: {
        items: laptopItems,
        next: /<([^>]+)>; rel="next"/.exec(laptops.headers.get('link') ?? '')?.[1] ?? null,
        total: Number(laptops.headers.get('x-total-count')),
        totalExact: true,
      },
    });
    for (const item of laptopItems) expect(rootOf(laptop)).toContain(`href="/product/${item._id}"`);

    // A renderer that throws: the page goes out as before, without its body, and the browser renders it.
    const broken = path.join(webDist, 'broken.mjs');
    fs.writeFileSync(broken, "export async function render() { throw new Error('render failed'); }\n");
    const other = await startTestApp({ env: { WEB_DIST: webDist, WEB_SSR: broken } });
    try {
      const res = await fetch(`${other.baseUrl}/blog`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<title>Blog | SecondByte</title>');
    } finally {
      await other.close();
    }
  });

  it("a signed-in person's page carries their saved items and unread count as the API answers them, a phone's their conversations too", async () => {
    type Personal = {
      favorites?: unknown[];
      unreadNotifications?: { unread: number };
      conversations?: unknown[];
      lastEventId?: number;
    };
    const page = async (who: Client | null, path: string, headers: Record<string, string> = {}) => {
      const res = who ? await who.raw('GET', path, { headers }) : await fetch(t.baseUrl + path, { headers });
      return shopData<Personal>(await res.text());
    };
    const reader = await buyer(t, 'page-personal');
    expectStatus(await reader.put(`/api/favorites/${available}`), 200, 'save a listing');
    const talk = expectStatus(
      await reader.post<{ _id: string }>('/api/conversations', { listingId: available }),
      201,
      'open a conversation with its seller',
    ).body;

    const wide = await page(reader, '/category/Laptop');
    expect(wide.favorites).toHaveLength(1);
    expect(wide.favorites).toEqual((await reader.get('/api/favorites')).body);
    expect(wide.unreadNotifications).toEqual((await reader.get('/api/notifications/unread-count')).body);
    // A wide screen shows the bell, not the tab bar: its conversations are not read.
    expect(wide).not.toHaveProperty('conversations');
    const phone = await page(reader, '/', { 'sec-ch-ua-mobile': '?1' });
    expect(phone.conversations).toHaveLength(1);
    expect(phone.conversations).toEqual((await reader.get('/api/conversations?limit=100')).body);
    expect(phone.favorites).toEqual(wide.favorites);
    // The app's event stream starts after the newest event when the page was read: one that comes
    // later (a message: the seller is told) has a greater id, and the next page says so.
    const newest = async () =>
      Number((await t.database.query<{ id: string | null }>(undefined, 'select max(id) as id from user_event'))[0]?.id ?? 0);
    expect(phone.lastEventId).toBe(await newest());
    expectStatus(await reader.post(`/api/conversations/${talk._id}/messages`, { text: 'Is it still for sale?' }), 201, 'write');
    await expect.poll(newest).toBeGreaterThan(phone.lastEventId ?? 0);
    expect((await page(reader, '/blog')).lastEventId).toBe(await newest());

    // An admin saves nothing (GET /api/favorites is refused): the app is not told there is nothing saved.
    const boss = await admin(t);
    const adminPage = await page(boss, '/blog');
    expect(adminPage).not.toHaveProperty('favorites');
    expect(adminPage.unreadNotifications).toEqual((await boss.get('/api/notifications/unread-count')).body);
    // Signed out: nothing personal.
    const guest = await page(null, '/category/Laptop', { 'sec-ch-ua-mobile': '?1' });
    for (const key of ['favorites', 'unreadNotifications', 'conversations', 'lastEventId']) expect(guest).not.toHaveProperty(key);
  });

  it('a sold item says SoldOut; a signed-in page carries the session without its token, a stale cookie says nobody', async () => {
    const html = await (await fetch(`${t.baseUrl}/product/${sold}`)).text();
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!) as {
      offers: { availability: string };
    };
    expect(ld.offers.availability).toBe('https://schema.org/SoldOut');
    const pageData = (body: string) =>
      shopData<{ session?: { user: { email: string }; session: Record<string, unknown> } | null; product?: unknown }>(body);

    const stale = await (
      await fetch(`${t.baseUrl}/product/${available}`, { headers: { cookie: 'better-auth.session_token=abc.def' } })
    ).text();
    expect(pageData(stale).session).toBeNull();

    const buyer = await t.client().signUp(uniqueEmail('page-reader'));
    const res = await buyer.raw('GET', '/blog');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const own = pageData(await res.text());
    const api = (await buyer.get<{ user: { email: string }; session: { id: string } }>('/api/auth/get-session')).body;
    expect(own.session?.user).toEqual(api.user);
    expect(own.session?.session.id).toBe(api.session.id);
    expect(own.session?.session).not.toHaveProperty('token');
    // Home: its banner is fetched with the HTML.
    const home = await (await fetch(`${t.baseUrl}/`)).text();
    expect(home).toContain(
      '<link rel="preload" as="image" href="/images/banner-1600.webp" imagesrcset="/images/banner-800.webp 800w, /images/banner-1600.webp 1600w" imagesizes="(min-width: 1280px) 650px, (min-width: 1024px) 52vw, 100vw" fetchpriority="high" />',
    );
    expect(home).toContain('<title>SecondByte: second-hand tech</title>');
  });

  it('a seller page carries the seller as the API answers it, with their name in its title; an unknown seller is 404', async () => {
    const { sellerId } = (await (await fetch(`${t.baseUrl}/api/product/${available}`)).json()) as { sellerId: string };
    const res = await fetch(`${t.baseUrl}/seller/${sellerId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const api = (await (await fetch(`${t.baseUrl}/api/sellers/${sellerId}`)).json()) as { name: string };
    expect(html).toContain(`<title>${api.name} | SecondByte</title>`);
    expect(html).toContain(`<link rel="canonical" href="${t.config.baseUrl}/seller/${sellerId}" />`);
    const data = shopData<{ seller?: unknown }>(html);
    expect(data.seller).toEqual(api);
    expect(rootOf(html)).toMatch(/<h1[^>]*>[\s\S]*?<\/h1>/);
    expect(rootOf(html).match(/<h1[^>]*>([\s\S]*?)<\/h1>/)![1]).toContain(api.name.replace(/'/g, '&#x27;'));
    for (const id of ['6f1c1c4e-8f3a-4f7e-9a55-2b7f3c1d0e99', 'nope']) {
      const missing = await fetch(`${t.baseUrl}/seller/${id}`);
      expect(missing.status, id).toBe(404);
      expect(await missing.text()).toContain('<title>Seller not found | SecondByte</title>');
    }
  });

  it('with Google sign-in configured, the log-in and sign-up pages come with its button, and every page says so', async () => {
    const google = await startTestApp({
      env: {
        WEB_DIST: webDist,
        WEB_SSR: renderer,
        GOOGLE_CLIENT_ID: 'pages-test-client',
        GOOGLE_CLIENT_SECRET: 'pages-test-secret',
        OIDC_ISSUER_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      for (const p of ['/login', '/signup']) {
        const html = await (await fetch(`${google.baseUrl}${p}`)).text();
        expect(rootOf(html), p).toMatch(/<button[^>]*>[\s\S]*?Continue with Google<\/button>/);
        expect(shopData(html).authConfig, p).toEqual({ google: true });
      }
      expect(shopData(await (await fetch(`${google.baseUrl}/dashboard`)).text()).authConfig).toEqual({ google: true });
    } finally {
      await google.close();
    }
  });

  it("a page's form posted by the browser before the app runs is sent back to the page (303), nothing of it kept or echoed", async () => {
    const secret = 'hunter2-not-in-any-answer';
    const post = (p: string, body: string | FormData, type?: string) =>
      fetch(`${t.baseUrl}${p}`, { method: 'POST', body, headers: type ? { 'content-type': type } : {}, redirect: 'manual' });
    const form = new FormData();
    form.append('email', 'someone@shop.test');
    form.append('password', secret);
    const answers = [
      ['/login', await post('/login', `email=someone%40shop.test&password=${secret}`, 'application/x-www-form-urlencoded')],
      ['/signup', await post('/signup', form)],
      [
        '/reset-password?token=abc',
        await post('/reset-password?token=abc', `newPassword=${secret}`, 'application/x-www-form-urlencoded'),
      ],
      ['/login/two-factor', await post('/login/two-factor', 'code=123456', 'application/x-www-form-urlencoded')],
    ] as const;
    for (const [p, res] of answers) {
      expect(res.status, p).toBe(303);
      expect(res.headers.get('location'), p).toBe(p);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
      expect(await res.text(), p).not.toContain(secret);
    }
    // Only the shop's pages: any other address is still a 404.
    expect((await post('/no-such-page', 'a=b', 'application/x-www-form-urlencoded')).status).toBe(404);
  });

  it('robots.txt keeps crawlers out of the dashboard and the API but its docs, and names the sitemap', async () => {
    const res = await fetch(`${t.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Allow: /api/docs');
    expect(text).toContain(`Sitemap: ${t.config.baseUrl}/sitemap.xml`);
  });

  it('the sitemaps list exactly the listed products, the categories, the blog and home', async () => {
    const index = await (await fetch(`${t.baseUrl}/sitemap.xml`)).text();
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
    const locs: string[] = [];
    for (const file of files) {
      const res = await fetch(file.replace(t.config.baseUrl, t.baseUrl));
      expect(res.status).toBe(200);
      locs.push(...[...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''));
    }
    const products = locs.filter((l) => l.includes('/product/')).map((l) => l.split('/product/')[1]);
    expect(products.sort()).toEqual(await productIds(t, 'listed'));
    expect(products).not.toContain(sold);
    expect(products).not.toContain(hidden);
    expect(locs).toContain(`${t.config.baseUrl}/`);
    expect(locs).toContain(`${t.config.baseUrl}/blog`);
    expect(locs).toContain(`${t.config.baseUrl}/category/Laptop`);
  });

  it('sitemap files are paged by keyset: every listed product once, each file at most the page size, with lastmod', async () => {
    const pages = Fastify();
    await pages.register(pageRoutes, {
      database: t.database,
      baseUrl: 'https://shop.example',
      shopName: 'SecondByte',
      sitemapPageSize: 7,
    });
    const index = (await pages.inject('/sitemap.xml')).body;
    const files = [...index.matchAll(/<loc>https:\/\/shop\.example([^<]+)<\/loc>/g)].map((m) =>
      (m[1] ?? '').replaceAll('&amp;', '&'),
    );
    const listed = await productIds(t, 'listed');
    expect(files.filter((f) => f.startsWith('/sitemaps/products'))).toHaveLength(Math.ceil(listed.length / 7));
    const seen: string[] = [];
    for (const f of files.filter((x) => x.startsWith('/sitemaps/products'))) {
      const body = (await pages.inject(f)).body;
      const entries = [
        ...body.matchAll(/<url><loc>[^<]+\/product\/([^<]+)<\/loc><lastmod>(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)<\/lastmod><\/url>/g),
      ];
      expect(entries.length).toBeLessThanOrEqual(7);
      seen.push(...entries.map((e) => e[1] ?? ''));
    }
    expect(seen).toEqual(listed);
    expect((await pages.inject('/sitemaps/products.xml?after=nope')).statusCode).toBe(400);
    await pages.close();
  });

  it('API answers over 1 KB are compressed (brotli, else gzip); small ones and precompressed files are not', async () => {
    const br = await rawGet(`${t.baseUrl}/api/allproducts?limit=24`, { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const list = JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'));
    expect(Array.isArray(list) || typeof list === 'object').toBe(true);
    const gz = await rawGet(`${t.baseUrl}/api/allproducts?limit=24`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(zlib.brotliDecompressSync(br.body).toString('utf8'));
    const small = await rawGet(`${t.baseUrl}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    // The build's .br file as it is, once: not compressed again.
    const asset = await rawGet(`${t.baseUrl}/assets/app-abc123.js`, { 'accept-encoding': 'br, gzip' });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.body).toString('utf8')).toBe(ASSET);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the OpenAPI document: every operation has an operationId, summary, tags and security; no pages', async () => {
    type Op = {
      operationId?: string;
      summary?: string;
      tags?: string[];
      security?: Record<string, string[]>[];
      parameters?: { in: string; name: string }[];
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Op>>;
      tags: { name: string }[];
      components: { schemas: Record<string, { properties: Record<string, { format?: string }> }> };
    };
    // Answers name their formats (checked as they are sent: the serializer parses them with the same schemas).
    const product = doc.components.schemas.Product?.properties;
    expect([product?._id?.format, product?.sellerId?.format, product?.createdAt?.format]).toEqual(['uuid', 'uuid', 'date-time']);
    const declared = new Set(doc.tags.map((x) => x.name));
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      expect(p.startsWith('/{') || p === '/' || p.startsWith('/media') || p.startsWith('/dev/'), p).toBe(false);
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${p}`;
        expect(op.operationId, where).toBeTruthy();
        expect(ids.has(op.operationId ?? ''), where).toBe(false);
        ids.add(op.operationId ?? '');
        expect(op.summary, where).toBeTruthy();
        expect(op.tags?.length, where).toBeGreaterThan(0);
        for (const tag of op.tags ?? []) expect(declared.has(tag), where).toBe(true);
        expect(Array.isArray(op.security), where).toBe(true);
        if (op.parameters?.some((x) => x.in === 'query' && x.name === 'cursor'))
          expect(Object.keys(op.responses['200']?.headers ?? {}), where).toEqual(
            expect.arrayContaining(['Link', 'X-Total-Count']),
          );
        if (op.responses['429']) expect(Object.keys(op.responses['429'].headers ?? {}), where).toContain('Retry-After');
      }
    }
    expect(doc.paths['/allproducts']?.get?.security).toEqual([]);
    expect(doc.paths['/orders']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/products/{id}/own']?.get?.operationId).toBe('getProductsByIdOwn');
  });

  it('operations the document marks as needing a session answer 401 without one; public ones do not', async () => {
    type Op = { security?: unknown[]; parameters?: { in: string; name: string; required?: boolean }[] };
    const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, Op>> };
    for (const [p, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      if (!op || p === '/events') continue;
      // Required query values a signed-out caller might send, so the session is what is checked.
      const query = (op.parameters ?? [])
        .filter((x) => x.in === 'query' && x.required)
        .map((x) => `${x.name}=${x.name === 'email' ? 'someone@example.com' : '1'}`)
        .join('&');
      const url = `${t.baseUrl}/api${p.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === 'email' ? 'someone@example.com' : available))}${query ? `?${query}` : ''}`;
      const res = await fetch(url);
      if (op.security?.length) expect(res.status, `GET ${p}`).toBe(401);
      else expect(res.status, `GET ${p}`).not.toBe(401);
      await res.body?.cancel();
    }
  });
});

/**
 * The sitemap at 100,000 listings on PostgreSQL: the index and a products file cost time in
 * proportion to what they send, not to the catalog (keyset reads from the id), and memory stays at
 * one batch while a 50,000-URL file streams.
 */
describe.runIf(testDbKind === 'postgres')('the sitemap at 100,000 listings', () => {
  it('index, first and last products file: time and memory', { timeout: 600_000 }, async () => {
    const database = await createTestDatabase();
    const pages = Fastify();
    try {
      const started = performance.now();
      await seedSynthetic(database.db, { products: 100_000, sellers: 50 });
      const seeded = performance.now() - started;
      await pages.register(pageRoutes, { database, baseUrl: 'https://shop.example', shopName: 'SecondByte' });
      await pages.ready();
      const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
        undefined,
        'select count(*)::int as n from product where listed',
      );
      const t0 = performance.now();
      const index = (await pages.inject('/sitemap.xml')).body;
      const indexMs = performance.now() - t0;
      const files = [...index.matchAll(/<loc>https:\/\/shop\.example([^<]+)<\/loc>/g)]
        .map((m) => (m[1] ?? '').replaceAll('&amp;', '&'))
        .filter((f) => f.startsWith('/sitemaps/products'));
      expect(files).toHaveLength(Math.ceil(n / 50_000));
      const measure = async (url: string) => {
        global.gc?.();
        const before = process.memoryUsage();
        let peak = before.rss;
        const timer = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 5);
        const t1 = performance.now();
        const res = await pages.inject(url);
        const ms = performance.now() - t1;
        clearInterval(timer);
        const urls = (res.body.match(/<url>/g) ?? []).length;
        return { url, ms: Math.round(ms), urls, bytes: res.body.length, rssRiseMB: Math.round((peak - before.rss) / 1e5) / 10 };
      };
      const first = await measure(files[0] ?? '');
      const last = await measure(files[files.length - 1] ?? '');
      expect(first.urls + last.urls).toBe(n);
      console.log(JSON.stringify({ listed: n, seedMs: Math.round(seeded), indexMs: Math.round(indexMs), first, last }));
    } finally {
      await pages.close();
      await database.close();
    }
  });
});
