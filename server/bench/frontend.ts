/**
 * The front-end half of `npm run bench` (targets: docs/product.md#performance-targets): initial JS
 * (gzip) per route from a fresh production build's Vite manifest, and Lighthouse (its mobile profile,
 * Debian's Chromium) on the home, a category (signed in) and a product page of the real shop serving
 * that build.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildRenderer, buildWithManifest, measure, runLighthouse, type LighthouseResult } from '../../web/scripts/measure';
import { startOwnServer } from '../../web/e2e/support/own-server';

export type FrontendResult =
  | { skipped: string }
  | {
      initialJsGzipKb: Record<string, number>;
      lighthouse: Record<string, LighthouseResult | { skipped: string }>;
    };

const DEMO_PASSWORD = 'bench-demo-password';

/** The demo buyer the category page is measured signed in as. */
export const BENCH_LOGIN = `buyer@shop.test:${DEMO_PASSWORD}`;

/**
 * A fresh production build of the web app and the real shop serving it (server-rendered public pages,
 * demo data), as `npm start` runs it; `stop` removes the build again.
 */
export async function startBenchShop() {
  const dist = await buildWithManifest();
  // Public pages come rendered by the server, as `npm start` serves them.
  const renderer = await buildRenderer();
  const server = await startOwnServer({
    NODE_ENV: 'production',
    // Production refuses to start without a mail server; the benchmarks send no mail.
    SMTP_URL: 'smtp://127.0.0.1:1',
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    ALLOW_SIMULATED_PAYMENTS: 'true',
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    WEB_DIST: dist,
    WEB_SSR: renderer,
  });
  return {
    dist,
    baseUrl: server.baseUrl,
    async stop() {
      await server.stop();
      fs.rmSync(dist, { recursive: true, force: true });
      fs.rmSync(path.dirname(renderer), { recursive: true, force: true });
    },
  };
}

export async function runFrontendBench(): Promise<FrontendResult> {
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))
    return { skipped: 'Chromium not found at /usr/bin/chromium (apt-get install -y chromium)' };
  const shop = await startBenchShop();
  try {
    const initialJsGzipKb = Object.fromEntries(measure(shop.dist).map((r) => [r.route, r.jsGzipKb]));
    const lighthouse = await runLighthouse(shop.baseUrl, { login: BENCH_LOGIN });
    return { initialJsGzipKb, lighthouse };
  } finally {
    await shop.stop();
  }
}

/** `npx tsx bench/frontend.ts`: the front-end figures alone. */
if (import.meta.url === `file://${process.argv[1]}`) {
  runFrontendBench().then((r) => console.log(JSON.stringify(r, null, 2)));
}
