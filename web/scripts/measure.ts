/**
 * Initial JavaScript (and CSS) per route, gzip, from the Vite manifest (issue 6, item 5).
 *
 *   npx tsx web/scripts/measure.ts                 builds into a temporary directory, then measures
 *   npx tsx web/scripts/measure.ts --dist web/dist measures an existing build made with --manifest
 *   ... --json                                     prints JSON instead of a table
 *   ... --budget 120                               exits 1 when / loads more than 120 KB gzip of JS
 *
 * "Initial" is what a first visit to the route downloads before it can paint the page: the entry
 * chunk (index.html's script) and the route's lazy page chunk, each with everything they import
 * statically. Chunks a page imports dynamically (the booking modal, toasts, the filter panel)
 * load later and are listed apart as "deferred" where the route starts them at once.
 * Sizes are gzip level 9 (what the server sends precompressed; brotli is smaller still).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

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
  '/': { pages: ['src/features/catalog/pages/home-page.tsx'] },
  '/category/:category': { pages: ['src/features/catalog/pages/category-page.tsx'] },
  '/product/:id': { pages: ['src/features/catalog/pages/product-page.tsx'] },
  '/blog': { pages: ['src/features/blog/pages/blog-page.tsx'] },
  '/login': { pages: ['src/features/auth/pages/login-page.tsx'] },
  '/signup': { pages: ['src/features/auth/pages/signup-page.tsx'] },
  '/dashboard': { pages: ['src/features/dashboard/pages/dashboard-layout.tsx', 'src/features/dashboard/pages/welcome-page.tsx'] },
  '/dashboard/myorders': { pages: ['src/features/dashboard/pages/dashboard-layout.tsx', 'src/features/orders/pages/my-orders-page.tsx'] },
  '/dashboard/addproducts': { pages: ['src/features/dashboard/pages/dashboard-layout.tsx', 'src/features/seller/pages/add-product-page.tsx'] },
  '/dashboard/payment/:id': { pages: ['src/features/dashboard/pages/dashboard-layout.tsx', 'src/features/payment/pages/payment-page.tsx'] },
};

export interface RouteSize {
  route: string;
  jsGzipKb: number;
  cssGzipKb: number;
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
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} not found: build with \`vite build --manifest\` (or run without --dist)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && (k === 'index.html' || k.endsWith('main.tsx')));
  if (!entry) throw new Error('no entry chunk in the manifest');
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return Object.entries(ROUTES).map(([route, { pages }]) => {
    const missing = pages.filter((p) => !manifest[p]);
    const { files, css } = closure(manifest, [entry, ...pages.filter((p) => manifest[p])]);
    const js = [...files].filter((f) => f.endsWith('.js'));
    return {
      route,
      jsGzipKb: kb(js.reduce((sum, f) => sum + gzipBytes(dist, f), 0)),
      cssGzipKb: kb([...css].reduce((sum, f) => sum + gzipBytes(dist, f), 0)),
      files: js.sort(),
      missing,
    };
  });
}

/** Builds the app with a manifest into a fresh temporary directory and returns it. */
export async function buildWithManifest(): Promise<string> {
  const { build } = await import('vite');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-measure-'));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return outDir;
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
  if (args.includes('--json')) {
    console.log(JSON.stringify({ dist, routes: sizes }, null, 2));
  } else {
    console.log(`Initial JS and CSS per route, gzip (build: ${dist})\n`);
    console.log(`${'route'.padEnd(26)}${'JS KB'.padStart(8)}${'CSS KB'.padStart(9)}  chunks`);
    for (const s of sizes) {
      const note = s.missing.length ? `  (not in this build: ${s.missing.join(', ')})` : '';
      console.log(`${s.route.padEnd(26)}${s.jsGzipKb.toFixed(1).padStart(8)}${s.cssGzipKb.toFixed(1).padStart(9)}  ${s.files.length}${note}`);
    }
  }
  const home = sizes.find((s) => s.route === '/');
  if (budget !== undefined && home && home.jsGzipKb > budget) {
    console.error(`\nInitial JS for / is ${home.jsGzipKb} KB gzip, over the ${budget} KB budget.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(decodeURIComponent(new URL(import.meta.url).pathname))) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
