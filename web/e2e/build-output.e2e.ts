import fs from 'node:fs';
import path from 'node:path';
import { INITIAL_DATA_ID } from '@shop/contract';
import { renderShell } from '../../server/src/modules/pages/shell';
import { expect, shopUrl, test } from './support/fixtures';

/**
 * The production build the journeys run against, read as the server reads it: a Vite or React upgrade
 * that changes what they write fails here, by name, instead of as a blank or unhydrated page.
 * - index.html as scriptAfterPaint (vite.config.ts) rewrites it and renderShell (server
 *   modules/pages/shell.ts) fills it in: no module script left, one boot script naming files that
 *   exist, and the title, description, head end and empty root those replacements look for.
 * - The server renderer (entry-server.tsx): a finished page in one piece, nothing React adds for
 *   streaming (inline scripts, templates, pending or client-rendered boundaries) and no resource
 *   hint left in the body.
 */

/** A chunk and every chunk it imports statically, through theirs (file names in `assets`). */
function staticChunks(assets: string, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    for (const [, dep] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(dep!);
  }
  return seen;
}

/** The built chunk named `name` (Vite's `name-hash.js`; the hash is 8 characters). */
const chunkFile = (files: string[], name: string) => files.find((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));

function built() {
  const dist = process.env.WEB_DIST;
  if (!dist) throw new Error('WEB_DIST is set by the journeys’ global setup (npm run e2e)');
  return { dist, html: fs.readFileSync(path.join(dist, 'index.html'), 'utf8') };
}

test('index.html: the app starts after the first paint from one boot script, and the server can fill it in', () => {
  const { dist, html } = built();
  expect(html, 'no module script or preload left for the browser to fetch with the page').not.toMatch(
    /type="module"|rel="modulepreload"/,
  );
  const boots = [...html.matchAll(/<script defer src="([^"]+)" data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/g)];
  expect(boots, 'one boot script (scriptAfterPaint)').toHaveLength(1);
  const [, boot, entry, preloads] = boots[0]!;
  for (const file of [boot!, entry!, ...preloads!.split(' ').filter(Boolean)])
    expect(fs.existsSync(path.join(dist, file)), `${file} is in the build`).toBe(true);
  expect(fs.readFileSync(path.join(dist, boot!), 'utf8')).toContain('takeEarlyClick');

  const page = renderShell(
    html,
    'Build & Test',
    { title: 'A page', description: 'Its description' },
    { categories: [] },
    '<main>x</main>',
  );
  expect(page).toContain('<title>A page | Build &amp; Test</title>');
  expect(page).toContain('<meta name="description" content="Its description" />');
  expect(page).toMatch(/<meta property="og:site_name" content="Build &amp; Test" \/>[\s\S]*<\/head>/);
  expect(page).toContain(`<div id="root"><main>x</main></div>\n    <script type="application/json" id="${INITIAL_DATA_ID}">`);
});

test('the styles: no rule on :root:has(), and the page behind a modal dialog still cannot scroll', () => {
  const { dist } = built();
  const css = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .map((f) => fs.readFileSync(path.join(dist, 'assets', f), 'utf8'))
    .join('\n');
  // rootHasFree (vite.config.ts): such a rule restyles the whole page on every element added.
  expect(css).not.toMatch(/:root[^{}]*:has\(/);
  // daisyUI's scroll lock, answering to the attribute the dialogs set (hooks/use-scroll-lock.ts).
  expect(css).toMatch(/:root\[data-scroll-lock\]\{--page-scroll-lock:\s*\}/);
});

test('the server renderer draws a finished product page in one piece', async () => {
  // Through the journeys' server, which renders with this build's renderer (WEB_SSR) as `npm start` does.
  const base = shopUrl();
  const [product] = (await (await fetch(new URL('/api/allproducts?limit=1', base))).json()) as { _id: string; name: string }[];
  const html = await (await fetch(new URL(`/product/${product!._id}`, base))).text();
  const root = /<div id="root">([\s\S]*)<\/div>\n {4}<script type="application\/json" id="/.exec(html)?.[1];
  expect(root, 'the page comes with its body rendered').toBeTruthy();
  expect(root).toContain(product!.name.replace(/"/g, '&quot;'));
  expect(root).toContain('Buy now');
  expect(root, 'nothing React adds for streaming, and no resource hint left in the body').not.toMatch(
    /<script|<template|<!--\$\?-->|<!--\$!-->|<link /,
  );
});

test('the first screen of home, a category and a product runs no zod', () => {
  // zod and the contract's schemas (forms, the booking modal) cost a phone ~50-80 ms of script at
  // load; a constant imported from a schema file (contract/src/devices.ts) brought them to every
  // product page. What each page's chunk imports statically, with the entry's, must stay zod-free.
  const assets = path.join(built().dist, 'assets');
  const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  for (const page of ['home-page', 'category-page', 'product-page']) {
    const start = chunkFile(files, page);
    expect(start, `${page} chunk in the build`).toBeTruthy();
    for (const file of staticChunks(assets, start!))
      expect(
        fs.readFileSync(path.join(assets, file), 'utf8'),
        `${file} (imported by ${page} at load) holds no zod`,
      ).not.toContain('ZodError');
  }
});

test('the chunks a public page runs on arrival tell V8 to compile them off the main thread; lazy ones do not', () => {
  // compileHints (vite.config.ts): `//# allFunctionsCalledOnLoad` must be the file's first line to count.
  const assets = path.join(built().dist, 'assets');
  const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const hinted = (name: string) => {
    const file = chunkFile(files, name);
    expect(file, `${name} chunk in the build`).toBeTruthy();
    return fs.readFileSync(path.join(assets, file!), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
  };
  for (const chunk of ['index', 'react-dom', 'shared', 'shared-pages', 'home-page', 'category-page', 'product-page'])
    expect(hinted(chunk), chunk).toBe(true);
  for (const chunk of ['login-page', 'booking-modal']) expect(hinted(chunk), chunk).toBe(false);
});

test('the home page does not download the parts only a category or a product page uses', () => {
  // vite.config.ts publicChunkOf: `shared` is what the home page reaches, `shared-pages` the rest.
  const assets = path.join(built().dist, 'assets');
  const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const [home, product, pagesPart] = ['home-page', 'product-page', 'shared-pages'].map((name) => chunkFile(files, name));
  expect(home && product && pagesPart, 'the home and product page chunks and shared-pages in the build').toBeTruthy();
  expect(staticChunks(assets, home!)).toContain(chunkFile(files, 'shared'));
  expect(staticChunks(assets, home!)).not.toContain(pagesPart);
  expect(staticChunks(assets, product!)).toContain(pagesPart);
  // The photo gallery, one of the product page's own parts, is there and not in the home page's chunks.
  const holds = (file: string) => fs.readFileSync(path.join(assets, file), 'utf8').includes('Next photo');
  expect([...staticChunks(assets, product!)].filter(holds)).toEqual([pagesPart]);
  expect([...staticChunks(assets, home!)].filter(holds)).toEqual([]);
});
