/**
 * One name for the shop, from one setting (SHOP_NAME, default "SecondByte"): every page's title and
 * the name the web app shows (written into the page, for the server's renderer and the browser alike),
 * the app shell the service worker keeps, the web app manifest, every mail and its sender, the
 * authenticator app's label and the API document. Nothing of the name is built into the web app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { startTestApp, type TestApp } from './helpers/app';
import { ssrRenderer } from './helpers/ssr';
import { buyer, expectStatus, uniqueEmail } from './helpers/builders';

const NAME = 'Gadget Loop & Co';
const IN_HTML = 'Gadget Loop &amp; Co';

/** The built web app as far as these pages need it: the page (no name in it, as the build writes it) and the manifest. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-name-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Shop" /><title></title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'manifest.webmanifest'),
    JSON.stringify({ name: '{shopName}: second-hand tech shop', short_name: '{shopName}', start_url: '/', icons: [] }),
  );
  return dir;
}

/** The header the server's renderer drew: the navbar's link home, with the shop's name. */
const headerName = (html: string) => /<header[\s\S]*?<a[^>]*href="\/"[^>]*>[\s\S]*?<span>([^<]*)<\/span>/.exec(html)?.[1];

let t: TestApp;
let webDist: string;
let renderer: string;
beforeAll(async () => {
  webDist = fakeWebDist();
  renderer = await ssrRenderer();
  t = await startTestApp({ env: { WEB_DIST: webDist, WEB_SSR: renderer, SHOP_NAME: NAME } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('SHOP_NAME', () => {
  it("is every page's title, its name for the app, and the header the server renders", async () => {
    const home = await (await fetch(`${t.baseUrl}/`)).text();
    expect(home).toContain(`<title>${IN_HTML}: second-hand tech</title>`);
    expect(home).toContain(`<meta name="application-name" content="${IN_HTML}" />`);
    expect(home).toContain(`<meta property="og:site_name" content="${IN_HTML}" />`);
    expect(headerName(home)).toBe(IN_HTML);
    expect(home.replaceAll('<!-- -->', '')).toContain(`© ${new Date().getFullYear()} ${IN_HTML}. Open source.`);
    expect(home).not.toContain('SecondByte');

    const blog = await (await fetch(`${t.baseUrl}/blog`)).text();
    expect(blog).toContain(`<title>Blog | ${IN_HTML}</title>`);
    expect(headerName(blog)).toBe(IN_HTML);
    const missing = await fetch(`${t.baseUrl}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(`<title>Page not found | ${IN_HTML}</title>`);
  });

  it('is in the app shell the service worker keeps, which carries nothing personal', async () => {
    const b = await buyer(t);
    const res = await b.raw('GET', '/index.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain(`<title>${IN_HTML}: second-hand tech</title>`);
    expect(html).toContain(`<meta name="application-name" content="${IN_HTML}" />`);
    expect(html).not.toContain('shop-data');
    expect(html).not.toContain(b.email);
  });

  it('names the installed app (the web app manifest)', async () => {
    const res = await fetch(`${t.baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toMatchObject({ name: `${NAME}: second-hand tech shop`, short_name: NAME, start_url: '/' });
  });

  it('signs every mail and sends it in its name', async () => {
    const email = uniqueEmail('named');
    await t.client().signUp(email);
    const [mail] = expectStatus(
      await t.client().get<{ subject: string; text: string; html: string }[]>(`/api/dev/mail?to=${encodeURIComponent(email)}`),
      200,
      'the development outbox',
    ).body;
    // At the top of the mail and at its foot.
    expect(mail?.text.startsWith(`${NAME}\n`)).toBe(true);
    expect(mail?.text.trimEnd().endsWith(`\n${NAME}`)).toBe(true);
    expect(mail?.html).toContain(IN_HTML);
    expect(`${mail?.text}${mail?.html}`).not.toContain('\u0000');
    expect(`${mail?.text}${mail?.html}`).not.toMatch(/Second-hand tech shop|SecondByte/);
    expect(t.config.mail.from).toBe(`"${NAME}" <no-reply@${new URL(t.config.baseUrl).hostname}>`);
    const outbox = await (await t.client().raw('GET', '/dev/mail')).text();
    expect(outbox).toContain(`<title>Development outbox - ${IN_HTML}</title>`);
  });

  it('labels the authenticator app entry, and titles the API document', async () => {
    const c = await buyer(t, 'named-2fa');
    const r = await c.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password: 'pass-word-123' });
    expectStatus(r, 200, 'two-factor enable');
    expect(new URL(r.body.totpURI).searchParams.get('issuer')).toBe(NAME);
    const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as { info: { title: string } };
    expect(doc.info.title).toBe(`${NAME} API`);
  });

  it('defaults to SecondByte; an empty or unsafe one stops start-up naming SHOP_NAME', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).shopName).toBe('SecondByte');
    expect(loadConfig({ NODE_ENV: 'development', SHOP_NAME: '  Gadget Loop ' }).shopName).toBe('Gadget Loop');
    // Left empty it is not set, as every other setting.
    expect(loadConfig({ NODE_ENV: 'development', SHOP_NAME: '' }).shopName).toBe('SecondByte');
    for (const bad of ['   ', '<b>Shop</b>', 'Say "hi"', 'x'.repeat(61)]) {
      expect(() => loadConfig({ NODE_ENV: 'development', SHOP_NAME: bad }), JSON.stringify(bad)).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'development', SHOP_NAME: bad }), JSON.stringify(bad)).toThrow(/SHOP_NAME/);
    }
  });
});
