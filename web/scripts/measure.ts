/**
 * Initial JavaScript (and CSS) per route, gzip, from the Vite manifest, against the budget of
 * docs/product.md#performance-targets.
 *
 *   npx tsx web/scripts/measure.ts                 builds into a temporary directory, then measures
 *   npx tsx web/scripts/measure.ts --dist web/dist measures an existing build made with --manifest
 *   ... --json                                     prints JSON instead of a table
 *   ... --keep                                     keeps the temporary build (for a look at it)
 *   ... --budget 120                               exits 1 when / loads more than 120 kB gzip of JS
 *   ... --lighthouse http://localhost:3000         also runs Lighthouse (mobile profile, Debian's
 *                                                  Chromium) on the home, a category and a product page,
 *                                                  3 runs each, each figure's median reported (LIGHTHOUSE_RUNS=n)
 *       [--login email:password]                   the category page needs a session (default: the
 *                                                  demo buyer); LIGHTHOUSE_DIR=dir finds the
 *                                                  `lighthouse` package outside this repo
 *
 * "Initial" is what a first visit to the route downloads before it can paint the page: the entry
 * chunk (index.html's script) and the route's lazy page chunk, each with everything they import
 * statically. Chunks a page imports dynamically load later; those a route starts right after its
 * first paint (the home page's product list) are listed apart as "then". Sizes are gzip level 9
 * (what the server sends precompressed; brotli is smaller still), in kB of 1000 bytes as Vite
 * prints them, and in KiB.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const webRoot = path.resolve(decodeURIComponent(new URL('..', import.meta.url).pathname));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Route -> the lazy page modules the router loads for it (see src/app/router.tsx). */
export const ROUTES: Record<string, { pages: string[]; deferred?: string[] }> = {
  // The home page's list (our-products.tsx) is a lazy import that the build puts in the shared chunk the
  // page loads anyway (vite.config.ts): nothing of it comes later.
  '/': { pages: ['src/features/catalog/pages/home-page.tsx'] },
  '/category/:category': { pages: ['src/features/catalog/pages/category-page.tsx'] },
  '/product/:id': { pages: ['src/features/catalog/pages/product-page.tsx'] },
  '/blog': { pages: ['src/features/blog/pages/blog-page.tsx'] },
  '/login': { pages: ['src/features/auth/pages/login-page.tsx'] },
  '/signup': { pages: ['src/features/auth/pages/signup-page.tsx'] },
  '/dashboard': { pages: ['src/features/dashboard/pages/dashboard-layout.tsx', 'src/features/dashboard/pages/welcome-page.tsx'] },
  '/dashboard/myorders': {
    pages: ['src/features/dashboard/pages/dashboard-layout.tsx', 'src/features/orders/pages/my-orders-page.tsx'],
  },
  '/dashboard/addproducts': {
    pages: ['src/features/dashboard/pages/dashboard-layout.tsx', 'src/features/seller/pages/add-product-page.tsx'],
  },
  '/dashboard/payment/:id': {
    pages: ['src/features/dashboard/pages/dashboard-layout.tsx', 'src/features/payment/pages/payment-page.tsx'],
  },
};

export interface RouteSize {
  route: string;
  /** Initial JS, gzip, kB (1000 bytes). */
  jsGzipKb: number;
  jsGzipKiB: number;
  cssGzipKb: number;
  /** JS the route loads right after its first paint, gzip, kB. */
  thenGzipKb: number;
  files: string[];
  missing: string[];
}

const gzipCache = new Map<string, number>();
function gzipBytes(dist: string, file: string): number {
  const full = path.join(dist, file);
  let n = gzipCache.get(full);
  if (n === undefined) {
    n = zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
    gzipCache.set(full, n);
  }
  return n;
}

/** Every file a chunk pulls in statically (itself included). */
function closure(manifest: Manifest, keys: string[]): { files: Set<string>; css: Set<string> } {
  const files = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return { files, css };
}

export function measure(dist: string): RouteSize[] {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath))
    throw new Error(`${manifestPath} not found: build with \`vite build --manifest\` (or run without --dist)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.entries(manifest).find(
    ([k, chunk]) => chunk.isEntry && (k === 'index.html' || k.endsWith('main.tsx')),
  )?.[0];
  if (!entry) throw new Error('no entry chunk in the manifest');
  const round = (n: number) => Math.round(n * 10) / 10;
  const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gzipBytes(dist, f), 0);
  return Object.entries(ROUTES).map(([route, { pages, deferred = [] }]) => {
    const missing = [...pages, ...deferred].filter((p) => !manifest[p]);
    const { files, css } = closure(manifest, [entry, ...pages.filter((p) => manifest[p])]);
    const js = [...files].filter((f) => f.endsWith('.js'));
    const later = [
      ...closure(
        manifest,
        deferred.filter((p) => manifest[p]),
      ).files,
    ].filter((f) => f.endsWith('.js') && !files.has(f));
    const jsBytes = sum(js);
    return {
      route,
      jsGzipKb: round(jsBytes / 1000),
      jsGzipKiB: round(jsBytes / 1024),
      cssGzipKb: round(sum(css) / 1000),
      thenGzipKb: round(sum(later) / 1000),
      files: js.sort(),
      missing,
    };
  });
}

/** A production build with the app's Vite config and these build options, into a fresh temporary directory: the directory. */
async function buildInto(prefix: string, options: { manifest?: boolean; ssr?: string }): Promise<string> {
  const { build } = await import('vite');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { ...options, outDir, emptyOutDir: true },
  });
  return outDir;
}

/** Builds the app with a manifest into a fresh temporary directory and returns it. */
export const buildWithManifest = () => buildInto('shop-web-measure-', { manifest: true });

/** The server renderer of public pages (src/entry-server.tsx), built as `npm run build` builds it, into its own folder: its entry file. */
export async function buildRenderer(): Promise<string> {
  return path.join(await buildInto('shop-web-ssr-', { ssr: 'src/entry-server.tsx' }), 'entry-server.js');
}

export interface LighthouseResult {
  url: string;
  /** Each figure's median over the runs; every run's score in `runs`, and its LCP in `lcpRunsMs`. */
  performance: number;
  runs: number[];
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  lcpRunsMs?: number[];
  /** Every run's total blocking time. */
  tbtRunsMs?: number[];
  /** Main-thread work (Lighthouse's mainthread-work-breakdown, at its 4x CPU slowdown), its median and every run's. */
  mainThreadMs?: number;
  mainThreadRunsMs?: number[];
  /** The median run's main-thread work by kind (script evaluation, style and layout, rendering, ...), ms. */
  mainThreadByKind?: Record<string, number>;
  /** Lighthouse's measure of this machine's speed (benchmarkIndex) in each run: figures from a loaded machine compare badly. */
  benchmarkIndex?: number[];
  /** Each run's CPU slowdown when it was set for a slower machine (LIGHTHOUSE_AS_BENCHMARK_INDEX); absent at Lighthouse's 4x. */
  cpuSlowdownRuns?: number[];
}

/** Lighthouse's CPU slowdown in its mobile profile. */
const LIGHTHOUSE_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes a run on this machine stand for one on a machine of benchmarkIndex
 * `asIndex` (Lighthouse's measure of the host's speed; the issues' figures were measured at 1,150-1,540):
 * its 4x scaled by how much faster this machine measured (`measured`). Each task's time is scaled, as
 * Lighthouse's own calibration advice does; the share of the cores other processes take is not, so it
 * is a guide to a slower machine, not a copy of one. Never below 4x.
 */
export function cpuSlowdownFor(measured: number, asIndex: number): number {
  if (!(measured > 0) || !(asIndex > 0)) return LIGHTHOUSE_CPU_SLOWDOWN;
  return Math.max(LIGHTHOUSE_CPU_SLOWDOWN, Math.round(((LIGHTHOUSE_CPU_SLOWDOWN * measured) / asIndex) * 10) / 10);
}

/**
 * This machine's speed over a session's runs: the median of their benchmarkIndex readings (one reading
 * moves by a third from run to run here). A fresh browser's first run reads low: not kept. With
 * `asIndex` (LIGHTHOUSE_AS_BENCHMARK_INDEX) each run's slowdown stands for a machine of that index.
 */
export function machineIndex(asIndex?: number) {
  const readings: number[] = [];
  let first = true;
  const machine = {
    add(reading: number | undefined) {
      if (first) first = false;
      else if (reading && reading > 0) readings.push(reading);
    },
    get value(): number | undefined {
      const sorted = [...readings].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)];
    },
    /** Standing for a slower machine, before its first counted run: two runs (`run`) that are not counted. */
    async calibrate(run: () => Promise<number | undefined>) {
      for (let i = 0; asIndex && machine.value === undefined && i < 2; i++) machine.add(await run());
    },
    /** The next run's CPU slowdown: Lighthouse's 4x, or that of a machine of `asIndex`. */
    slowdown(): number {
      if (!asIndex) return LIGHTHOUSE_CPU_SLOWDOWN;
      // Runs at 4x under a heading that says otherwise would be figures of another machine.
      if (machine.value === undefined)
        throw new Error('LIGHTHOUSE_AS_BENCHMARK_INDEX is set, but Lighthouse measured no benchmarkIndex to scale by');
      return cpuSlowdownFor(machine.value, asIndex);
    },
  };
  return machine;
}

/** LIGHTHOUSE_AS_BENCHMARK_INDEX, when set: the slower machine the runs stand for. */
export function asBenchmarkIndex(): number | undefined {
  const raw = process.env.LIGHTHOUSE_AS_BENCHMARK_INDEX;
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 100)
    throw new Error(`LIGHTHOUSE_AS_BENCHMARK_INDEX must be a whole number of at least 100, got ${raw}`);
  return n;
}

/** Loads an ES module package from this repo's node_modules, or from LIGHTHOUSE_DIR. */
export async function importPackage<T>(name: string): Promise<T> {
  const require = createRequire(path.join(webRoot, 'package.json'));
  const paths = [process.env.LIGHTHOUSE_DIR, webRoot].filter((p): p is string => !!p);
  let resolved: string;
  try {
    resolved = require.resolve(name, { paths });
  } catch {
    throw new Error(
      `The '${name}' package is not installed: npm install -D lighthouse (12.x runs on Node 20), or set LIGHTHOUSE_DIR`,
    );
  }
  return (await import(pathToFileURL(resolved).href)) as T;
}

/** The session cookie of `email:password` (Better Auth), for pages behind login. */
async function signIn(baseUrl: string, login: string): Promise<string | null> {
  const i = login.indexOf(':');
  const res = await fetch(new URL('/api/auth/sign-in/email', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ email: login.slice(0, i), password: login.slice(i + 1) }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return res.ok && cookies.length ? cookies.join('; ') : null;
}

/** Debian's Chromium as the benchmarks run it: headless, as the journeys run it otherwise. */
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export type BenchPage = { path: string; cookie?: string | null } | { skipped: string };

/** The pages measured: home, a category signed in as `login` (email:password), a product with photos. */
export async function benchPages(baseUrl: string, login = 'buyer@shop.test:demo-shop-2026'): Promise<Record<string, BenchPage>> {
  const products = (await (await fetch(new URL('/api/allproducts?limit=1', baseUrl))).json()) as Array<{
    _id: string;
    category: string;
  }>;
  const first = products[0];
  const cookie = await signIn(baseUrl, login).catch(() => null);
  return {
    home: { path: '/' },
    category: cookie
      ? { path: `/category/${encodeURIComponent(first?.category ?? 'Laptop')}`, cookie }
      : { skipped: 'could not sign in (use --login email:password)' },
    product: first ? { path: `/product/${encodeURIComponent(first._id)}` } : { skipped: 'no product for sale' },
  };
}

/**
 * Lighthouse (its default mobile profile: a mid-range phone, simulated slow 4G and 4x CPU
 * slowdown) on the home page, a category page (signed in) and a product page of a running shop.
 */
export async function runLighthouse(
  baseUrl: string,
  opts: { login?: string; chromePath?: string; runs?: number } = {},
): Promise<Record<string, LighthouseResult | { skipped: string }>> {
  const runsPerPage = opts.runs ?? Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  type Lhr = {
    finalDisplayedUrl: string;
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number; details?: { items?: { group?: string; duration?: number }[] } }>;
    environment?: { benchmarkIndex?: number };
    runtimeError?: { message: string };
  };
  const { default: lighthouse } = await importPackage<{
    default: (url: string, flags: object) => Promise<{ lhr: Lhr } | undefined>;
  }>('lighthouse');
  const chromeLauncher = await importPackage<{
    launch: (o: object) => Promise<{ port: number; kill: () => Promise<void> | void }>;
  }>('chrome-launcher');

  const pages = await benchPages(baseUrl, opts.login);
  const asIndex = asBenchmarkIndex();

  const chrome = await chromeLauncher.launch({
    chromePath: opts.chromePath ?? CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const results: Record<string, LighthouseResult | { skipped: string }> = {};
  try {
    const machine = machineIndex(asIndex);
    await machine.calibrate(
      async () =>
        (await lighthouse(baseUrl, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))
          ?.lhr.environment?.benchmarkIndex,
    );
    // Standing for a slower machine with no benchmarkIndex read, this refuses now, before any page is measured.
    machine.slowdown();
    for (const [name, page] of Object.entries(pages)) {
      if ('skipped' in page) {
        results[name] = page;
        continue;
      }
      const url = new URL(page.path, baseUrl).href;
      const runs: LighthouseResult[] = [];
      let failure: string | null = null;
      // A run whose trace Lighthouse could not read (NO_NAVSTART now and then, "Please run Lighthouse
      // again") is run again, twice at most; the page counts as failed after that.
      let retries = 2;
      for (let i = 0; i < runsPerPage; i++) {
        const cpuSlowdown = asIndex ? machine.slowdown() : undefined;
        const run = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
          ...(cpuSlowdown && { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
        });
        const lhr = run?.lhr;
        if (!lhr || lhr.runtimeError) {
          failure = `Lighthouse failed: ${lhr?.runtimeError?.message ?? 'no result'}`;
          if (retries-- > 0) {
            console.error(`${failure}; running ${url} again`);
            i--;
            continue;
          }
          break;
        }
        failure = null;
        machine.add(lhr.environment?.benchmarkIndex);
        const audit = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000;
        runs.push({
          url: lhr.finalDisplayedUrl,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          runs: [],
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcpMs: Math.round(audit('largest-contentful-paint')),
          cls: audit('cumulative-layout-shift'),
          tbtMs: Math.round(audit('total-blocking-time')),
          fcpMs: Math.round(audit('first-contentful-paint')),
          mainThreadMs: Math.round(audit('mainthread-work-breakdown')),
          mainThreadByKind: Object.fromEntries(
            (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => [i.group, Math.round(i.duration ?? 0)]),
          ),
          benchmarkIndex: [Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN)],
          cpuSlowdownRuns: cpuSlowdown ? [cpuSlowdown] : undefined,
        });
      }
      if (failure || !runs.length) {
        results[name] = { skipped: failure ?? 'no run' };
        continue;
      }
      // Each figure's median over the runs (one run varies a lot), as the targets are stated: the
      // run with the median score can have the worst LCP of the three.
      const median = (figure: (r: LighthouseResult) => number) => {
        const sorted = runs.map(figure).sort((a, b) => a - b);
        return sorted[Math.floor((sorted.length - 1) / 2)]!;
      };
      results[name] = {
        url: runs[0]!.url,
        performance: median((r) => r.performance),
        runs: runs.map((r) => r.performance),
        accessibility: median((r) => r.accessibility),
        lcpMs: median((r) => r.lcpMs),
        cls: median((r) => r.cls),
        tbtMs: median((r) => r.tbtMs),
        fcpMs: median((r) => r.fcpMs),
        lcpRunsMs: runs.map((r) => r.lcpMs),
        tbtRunsMs: runs.map((r) => r.tbtMs),
        mainThreadMs: median((r) => r.mainThreadMs ?? Number.NaN),
        mainThreadRunsMs: runs.map((r) => r.mainThreadMs ?? Number.NaN),
        mainThreadByKind: runs.find((r) => r.mainThreadMs === median((x) => x.mainThreadMs ?? Number.NaN))?.mainThreadByKind,
        benchmarkIndex: runs.flatMap((r) => r.benchmarkIndex ?? []),
        ...(asIndex && { cpuSlowdownRuns: runs.flatMap((r) => r.cpuSlowdownRuns ?? []) }),
      };
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const distArg = opt('--dist');
  const budget = opt('--budget') ? Number(opt('--budget')) : undefined;
  const dist = distArg ? path.resolve(distArg) : await buildWithManifest();
  const sizes = measure(dist);
  // A build of our own is thrown away unless asked to keep it (--keep).
  if (!distArg && !args.includes('--keep')) fs.rmSync(dist, { recursive: true, force: true });
  if (args.includes('--json')) {
    console.log(JSON.stringify({ dist, routes: sizes }, null, 2));
  } else {
    console.log(`Initial JS and CSS per route, gzip -9 (build: ${dist})\n`);
    console.log(
      `${'route'.padEnd(26)}${'JS kB'.padStart(8)}${'JS KiB'.padStart(8)}${'CSS kB'.padStart(8)}${'then kB'.padStart(9)}  chunks`,
    );
    for (const s of sizes) {
      const note = s.missing.length ? `  (not in this build: ${s.missing.join(', ')})` : '';
      const then = s.thenGzipKb ? s.thenGzipKb.toFixed(1) : '-';
      console.log(
        `${s.route.padEnd(26)}${s.jsGzipKb.toFixed(1).padStart(8)}${s.jsGzipKiB.toFixed(1).padStart(8)}${s.cssGzipKb.toFixed(1).padStart(8)}${then.padStart(9)}  ${s.files.length}${note}`,
      );
    }
  }
  const lighthouseUrl = opt('--lighthouse');
  if (lighthouseUrl) {
    const lh = await runLighthouse(lighthouseUrl, { login: opt('--login') });
    if (args.includes('--json')) console.log(JSON.stringify({ lighthouse: lh }, null, 2));
    else {
      console.log(`\nLighthouse, mobile profile (${lighthouseUrl})\n`);
      console.log(
        `${'page'.padEnd(10)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'FCP ms'.padStart(8)}${'LCP ms'.padStart(8)}${'CLS'.padStart(8)}${'TBT ms'.padStart(8)}${'main ms'.padStart(9)}  runs (perf; TBT; main thread; benchmarkIndex)  url`,
      );
      for (const [name, r] of Object.entries(lh)) {
        if ('skipped' in r) console.log(`${name.padEnd(10)}  skipped: ${r.skipped}`);
        else
          console.log(
            `${name.padEnd(10)}${String(r.performance).padStart(6)}${String(r.accessibility).padStart(6)}${String(r.fcpMs).padStart(8)}${String(r.lcpMs).padStart(8)}${r.cls.toFixed(3).padStart(8)}${String(r.tbtMs).padStart(8)}${String(r.mainThreadMs).padStart(9)}  ${r.runs.join('/')}; ${r.tbtRunsMs?.join('/')}; ${r.mainThreadRunsMs?.join('/')}; ${r.benchmarkIndex?.join('/')}  ${r.url}`,
          );
      }
    }
  }

  const home = sizes.find((s) => s.route === '/');
  if (budget !== undefined && home && home.jsGzipKb > budget) {
    console.error(`\nInitial JS for / is ${home.jsGzipKb} kB gzip, over the ${budget} kB budget.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(decodeURIComponent(new URL(import.meta.url).pathname))) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
