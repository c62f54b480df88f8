import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_SHOP_NAME, SHOP_NAME_META } from '@shop/contract/constants';

const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

/** `@/` is web/src. (`@shop/contract/constants` is the contract's zod-free subpath for the first screen.) */
export const aliases = {
  '@': `${webRoot}src`,
};

/**
 * Writes .br and .gz beside every text asset of the build; the server sends them to browsers that
 * accept them (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'shop-precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? path.join(webRoot, 'dist');
      const walk = (d: string): string[] =>
        fs
          .readdirSync(d, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
      for (const file of walk(dir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The built index.html asks for the app's code after the first paint, not with the page: its module
 * script and module preloads become one small deferred script (src/app/boot-script.js) that adds
 * them once the browser has drawn the page. Public pages arrive rendered by the server, so what
 * a phone fetches first is the page's styles and its largest image, not 100 KB of script it does
 * not need to show them (Lighthouse mobile LCP on a product page 1.9 -> 1.3 s).
 */
function scriptAfterPaint(): Plugin {
  const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const modulePreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  return {
    name: 'shop-script-after-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const source = String(html.source);
      const entry = entryScript.exec(source)?.[1];
      if (!entry) this.error('index.html has no module script for scriptAfterPaint to start');
      const preloads = [...source.matchAll(modulePreload)].map((m) => m[1]);
      const boot = this.getFileName(
        this.emitFile({
          type: 'asset',
          name: 'boot.js',
          source: fs.readFileSync(path.join(webRoot, 'src/app/boot-script.js'), 'utf8'),
        }),
      );
      const rewritten = source
        .replace(modulePreload, '')
        .replace(
          entryScript,
          () => `\n    <script defer src="/${boot}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
        );
      // Vite writing its tags another way (another attribute order, a second script) would leave the
      // page fetching the app with its first paint, or twice: the build stops instead
      // (e2e/build-output.e2e.ts checks the result too).
      if (/type="module"|rel="modulepreload"/.test(rewritten))
        this.error('index.html still has a module script or preload after scriptAfterPaint: update its patterns');
      html.source = rewritten;
    },
  };
}

/**
 * No style rule of the build hangs on `:root:has(...)`. Chromium re-checks such a selector against the
 * whole document on every element added or removed anywhere (a `<link rel=modulepreload>` for a lazy
 * page, the app's first render), and the root's custom properties changing restyles every element: on
 * the home page at 4x CPU, an 84 ms restyle of all 953 elements right when the app took the page over. daisyUI locks the page's scroll while a modal is
 * open with two of them (`:root:has(.modal[open], ...)`): they become `:root[data-scroll-lock]`, which
 * the shop's dialogs set while open (hooks/use-scroll-lock.ts). Its theme-controller ones are left out
 * in index.css. Any other `:root:has(` stops the build.
 */
function rootHasFree(): Plugin {
  /** `css` with every `:root:has(...)` whose argument names `.modal` written as `:root[data-scroll-lock]`. */
  const rewrite = (css: string) => {
    let out = '';
    let at = 0;
    for (let i = css.indexOf(':root:has(', at); i >= 0; i = css.indexOf(':root:has(', at)) {
      let depth = 0;
      let end = i + ':root:has'.length;
      do {
        if (css[end] === '(') depth++;
        else if (css[end] === ')') depth--;
        end++;
      } while (depth > 0 && end < css.length);
      const selector = css.slice(i, end);
      out += css.slice(at, i) + (/\.modal\b/.test(selector) ? ':root[data-scroll-lock]' : selector);
      at = end;
    }
    return out + css.slice(at);
  };
  return {
    name: 'shop-root-has-free',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
        const css = rewrite(String(asset.source));
        const left = /[^{}]*:root[^{}]*:has\([^{]*/.exec(css);
        if (left) this.error(`${asset.fileName} has a rule on :root:has() (${left[0].trim().slice(0, 120)}): see rootHasFree`);
        asset.source = css;
      }
    },
  };
}

/**
 * The app's modules the public pages (`roots`, web/src) use, statically or lazily, whose own static
 * imports, followed through the app's files, reach none of the `heavy` packages: what can share one
 * chunk without it making a page load a form library, a payment SDK or a chart. Also the lucide-react
 * icons those files name. Imports are found by pattern (`from '...'`, `import('...')`); '@/' and
 * relative paths resolve to .ts/.tsx files.
 */
function publicPageModules(roots: string[], heavy: RegExp): { files: Set<string>; icons: Set<string> } {
  const src = aliases['@'];
  const resolve = (from: string, spec: string): string | null => {
    const base = spec.startsWith('@/')
      ? path.join(src, spec.slice(2))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(from), spec)
        : null;
    if (!base) return null;
    for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
      if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
    return null;
  };
  const parsed = new Map<string, { statics: string[]; dynamics: string[]; icons: string[] }>();
  const read = (file: string) => {
    let p = parsed.get(file);
    if (!p) {
      const code = fs.readFileSync(file, 'utf8');
      const statics = [...code.matchAll(/(?:^|\n)\s*(?:import|export)\s(?!type\s)([^'"]*?)from\s+'([^']+)'/g)];
      p = {
        statics: statics.map((m) => m[2]!),
        dynamics: [...code.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!),
        icons: statics
          .filter((m) => m[2] === 'lucide-react')
          .flatMap((m) => (/\{([^}]*)\}/.exec(m[1]!)?.[1] ?? '').split(','))
          .map((n) => n.trim().split(/\s+as\s+/)[0]!)
          .filter((n) => /^[A-Z]/.test(n)),
      };
      parsed.set(file, p);
    }
    return p;
  };
  const light = new Map<string, boolean>();
  const isLight = (file: string, trail = new Set<string>()): boolean => {
    const known = light.get(file);
    if (known !== undefined) return known;
    if (trail.has(file)) return true;
    trail.add(file);
    const ok = read(file).statics.every((spec) => {
      if (heavy.test(spec)) return false;
      const next = resolve(file, spec);
      return !next || isLight(next, trail);
    });
    light.set(file, ok);
    return ok;
  };
  const files = new Set<string>();
  const icons = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, root: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { statics, dynamics, icons: named } = read(file);
    // The pages themselves stay chunks of their own (one per route).
    if (!root && isLight(file)) {
      files.add(file);
      for (const n of named)
        icons.add(
          n
            .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
            .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
            .toLowerCase(),
        );
    }
    for (const spec of [...statics, ...dynamics]) {
      const next = resolve(file, spec);
      if (next && !/\.test\.tsx?$/.test(next)) visit(next, false);
    }
  };
  for (const r of roots) visit(path.join(src, r), true);
  return { files, icons };
}

/**
 * The home-screen icons, drawn at build time from the SVGs in the repository (public/favicon.svg with
 * its rounded corners; pwa/icon-maskable.svg edge to edge, for launchers that cut their own shape and
 * for iOS, which rounds the corners itself), by @vite-pwa/assets-generator: rendered at each icon's
 * size (not scaled up from 32 px), the maskable and Apple ones on an opaque background.
 */
const APP_ICONS = [
  // The tab's icon (index.html): a PNG, not public/favicon.svg itself, because Chromium decodes an SVG
  // favicon in the page's renderer, building a document for it on the main thread (5-7 ms of CPU at
  // the end of a phone's page load; decision 083). 48 px: 16 px at up to 3 device pixels a CSS pixel.
  { file: 'icons/favicon-48.png', size: 48, svg: 'public/favicon.svg', purpose: 'favicon' },
  { file: 'icons/icon-192.png', size: 192, svg: 'public/favicon.svg', purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, svg: 'public/favicon.svg', purpose: 'any' },
  { file: 'icons/maskable-192.png', size: 192, svg: 'pwa/icon-maskable.svg', purpose: 'maskable' },
  { file: 'icons/maskable-512.png', size: 512, svg: 'pwa/icon-maskable.svg', purpose: 'maskable' },
  { file: 'icons/apple-touch-icon.png', size: 180, svg: 'pwa/icon-maskable.svg', purpose: 'apple' },
] as const;

async function drawIcon(icon: (typeof APP_ICONS)[number]): Promise<Buffer> {
  const { generateMaskableAsset, generateTransparentAsset } = await import('@vite-pwa/assets-generator/api');
  const svg = fs.readFileSync(path.join(webRoot, icon.svg));
  const draw = icon.purpose === 'any' || icon.purpose === 'favicon' ? generateTransparentAsset : generateMaskableAsset;
  return (await draw('png', svg, icon.size, { padding: 0, outputOptions: { compressionLevel: 9 } })).toBuffer();
}

function appIcons(): Plugin {
  return {
    name: 'shop-app-icons',
    // The development server draws them when asked (index.html links the favicon and the Apple icon).
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const icon = APP_ICONS.find((i) => req.url === `/${i.file}`);
        if (!icon) return next();
        drawIcon(icon).then((png) => {
          res.setHeader('Content-Type', 'image/png');
          res.end(png);
        }, next);
      });
    },
    async generateBundle() {
      for (const icon of APP_ICONS) this.emitFile({ type: 'asset', fileName: icon.file, source: await drawIcon(icon) });
    },
  };
}

/**
 * Installable app: the web app manifest, and a service worker (Workbox) that precaches the app shell
 * (index.html, scripts, styles, icons) so the shop opens offline after one visit, and keeps photos
 * (/media/, /images/) in a cache of their own. Nothing under /api/ is cached: answers about accounts,
 * orders and payments always come from the server. A new version waits until the person says
 * Reload (src/app/service-worker.ts); `registerType: 'prompt'` keeps Workbox from taking over on
 * its own.
 */
const pwa = () =>
  VitePWA({
    registerType: 'prompt',
    // Registered by src/app/service-worker.ts (workbox-window), after the first screen.
    injectRegister: false,
    includeAssets: [],
    manifest: {
      id: '/',
      // The server writes its SHOP_NAME where `{shopName}` stands as it serves the file (modules/pages).
      name: '{shopName}: second-hand tech shop',
      short_name: '{shopName}',
      description: 'Buy and sell used laptops, phones, iPads, cameras, headphones and watches.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#ffffff',
      background_color: '#ffffff',
      icons: APP_ICONS.filter((i) => i.purpose === 'any' || i.purpose === 'maskable').map((i) => ({
        src: `/${i.file}`,
        sizes: `${i.size}x${i.size}`,
        type: 'image/png',
        purpose: i.purpose,
      })),
    },
    workbox: {
      // The shell: the entry, every lazy page's chunk, styles and icons. Demo product pictures are
      // runtime-cached photos like the sellers' ones, not part of the shell.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['images/**', '**/*.map', 'assets/password-dictionaries-*'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // No navigateFallback: it answered every navigation with the precached index.html, online too,
      // so a returning visitor got the version of their last visit (until they said Reload) and never
      // the server's rendered page with its data. Pages come from the server; the kept shell only when
      // the network fails (offline). Pages the server answers itself (API, OAuth callbacks, mailed
      // links, photos, the dev outbox, metrics) are left alone. (null: vite-plugin-pwa would set its own.)
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|media|dev|metrics)(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/index.html' } },
        },
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && (url.pathname.startsWith('/media/') || url.pathname.startsWith('/images/')),
          handler: 'CacheFirst',
          options: {
            cacheName: 'photos',
            expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });

/**
 * Vite's development server sends its own index.html: it writes the shop's name into it as the shop's
 * server does into every page (its title and SHOP_NAME_META), from the same setting (SHOP_NAME in the
 * repository's .env, or the default). Never part of a build: the built app reads the name the server
 * writes.
 */
function shopNameInDevelopment(mode: string): Plugin {
  return {
    name: 'shop-name-in-development',
    apply: 'serve',
    transformIndexHtml(html) {
      const name = loadEnv(mode, path.join(webRoot, '..'), 'SHOP_').SHOP_NAME?.trim() || DEFAULT_SHOP_NAME;
      const attr = name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      return html
        .replace('<title></title>', `<title>${attr}: second-hand tech</title>`)
        .replace('</head>', `  <meta name="${SHOP_NAME_META}" content="${attr}" />\n  </head>`);
    },
  };
}

/**
 * V8 compiles a function the first time it is called, on the main thread, unless its file starts by
 * saying every function in it runs as the page loads (`//# allFunctionsCalledOnLoad`, Chrome 136 and
 * later): then it compiles the whole file on a background thread while the file downloads. Marked: the
 * chunks a public page runs on arrival, the entry and the home, category and product page chunks with
 * what they import statically. A trace of the category page (signed in): the main thread's parse and
 * compile of functions 88 ms -> none, for 15 ms of publishing the background's work. Chunks loaded
 * later (forms, payments, charts) stay lazy: much of a library's code never runs.
 */
function compileHints(pages: string[]): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'shop-compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own hooks: it puts its preload helper's table at the top of a chunk here too.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const roots = chunks.filter((c) => c.isEntry || pages.some((p) => c.facadeModuleId?.endsWith(p)));
        if (roots.length !== pages.length + 1)
          this.error(`compileHints found ${roots.length - 1} of the ${pages.length} page chunks`);
        const marked = new Set<string>();
        const mark = (file: string) => {
          const chunk = bundle[file];
          if (marked.has(file) || chunk?.type !== 'chunk') return;
          marked.add(file);
          chunk.code = hint + chunk.code;
          // The hint is a line more before the code: its source map starts with an empty line too.
          // A build with source maps has the map as an asset of the bundle by now (what is written).
          const map = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          } else if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          chunk.imports.forEach(mark);
        };
        for (const root of roots) mark(root.fileName);
      },
    },
  };
}

/** The pages a visitor arrives on from a search or a link: the home page, a category, a product. */
const HOME_PAGE = 'features/catalog/pages/home-page.tsx';
const PUBLIC_PAGES = [HOME_PAGE, 'features/catalog/pages/category-page.tsx', 'features/catalog/pages/product-page.tsx'];

/** What a public page's shared chunks must not reach: forms, payments, charts and the like. */
const HEAVY_PACKAGES =
  /^(react-hook-form|@hookform\/|zod|@stripe\/|uplot|jsqr|qrcode\.react|@zxcvbn-ts\/|better-auth|sonner|workbox-window)/;

/**
 * Two chunks for the parts the public pages share (cards, lists, filters, components, hooks, helpers,
 * their icons) instead of 30-40 chunks of 0.2-16 kB: each chunk a page loads is a request and a task
 * of its own on the phone's main thread (a trace of the home page at 4x: 35 scripts, 2-3 ms of main
 * thread each before anything runs). `shared` holds what the home page reaches, the page most visits
 * start on; `shared-pages` the rest that a category or a product page reaches (the photo gallery,
 * offers, condition reports, the price guide), which the home page then does not download: its
 * initial script 145.4 -> 139.1 KB gzip, for one chunk more (and 1.4 KB) on a category or a product
 * page; their main thread at 4x did not change beyond the runs' spread (bench/trace.ts, 14 runs
 * each). Only files whose imports reach no heavy package (publicPageModules): the pages stay chunks
 * of their own, and so do forms, payments and charts.
 */
let publicParts: { home: ReturnType<typeof publicPageModules>; all: ReturnType<typeof publicPageModules> } | undefined;
const publicChunkOf = (id: string): 'shared' | 'shared-pages' | undefined => {
  publicParts ??= {
    home: publicPageModules([HOME_PAGE], HEAVY_PACKAGES),
    all: publicPageModules(PUBLIC_PAGES, HEAVY_PACKAGES),
  };
  const { home, all } = publicParts;
  if (home.files.has(id)) return 'shared';
  if (all.files.has(id)) return 'shared-pages';
  const icon =
    /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?:icons[\\/]([^\\/]+)\.mjs$|(?:createLucideIcon|Icon|defaultAttributes|context)\.mjs$|shared[\\/])/.exec(
      id,
    );
  if (!icon) return undefined;
  // What draws an icon goes with the home page's icons: the other chunk's icons import it.
  if (!icon[1] || home.icons.has(icon[1])) return 'shared';
  return all.icons.has(icon[1]) ? 'shared-pages' : undefined;
};

/**
 * SPA build served by the server from web/dist. In development (and `vite preview`) /api goes to
 * the server, http://localhost:3000 unless API_URL says otherwise (env or web/.env.local).
 */
export default defineConfig(({ command, mode, isSsrBuild }) => {
  // A production build ships production code even when the caller's NODE_ENV is 'test' (a CI job, or a
  // build started from inside a test run): React's development build would be 555 KB, not 355.
  const nodeEnv = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
  if (command === 'build' && mode === 'production' && nodeEnv) nodeEnv.NODE_ENV = 'production';
  const env = loadEnv(mode, webRoot, 'API_');
  const proxy = { '/api': { target: env.API_URL || 'http://localhost:3000', changeOrigin: false } };
  if (isSsrBuild) {
    // The server's renderer of public pages (src/entry-server.tsx), for Node: the same components,
    // no assets of its own (the browser build has them). Everything it imports bundled, React's
    // production build included, whatever NODE_ENV the server runs with (`npm start` is development).
    return {
      plugins: [react()],
      resolve: { alias: aliases },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      ssr: { noExternal: true },
      build: { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false },
    };
  }
  return {
    base: '/',
    plugins: [
      react(),
      tailwindcss(),
      shopNameInDevelopment(mode),
      appIcons(),
      scriptAfterPaint(),
      rootHasFree(),
      compileHints(PUBLIC_PAGES),
      pwa(),
      precompress(),
    ],
    resolve: { alias: aliases },
    server: { port: 5173, proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Every browser the app supports (ES modules, top-level await of lazy routes) knows <link rel=modulepreload>.
      // No <link rel=modulepreload> added at run time for what a lazy chunk imports: each link the
      // browser takes in is work done there and then (on a phone a 24-97 ms append while React
      // hydrated the home page at 4x). The browser fetches a chunk's imports as it reads the chunk.
      modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Everything the entry imports statically (React, the router, TanStack Query, the layout) in one
            // chunk: one request and one gzip stream for the first screen instead of a handful of small ones;
            // but React DOM (and its scheduler) in a chunk of its own beside it, fetched with it. The app's
            // start is then a shorter task: the longest main-thread task from the app's start to its
            // hydration went from a median of 21.6 to 16.2 ms of CPU on the home page, 21.6 -> 16.6 on a
            // category, 20.6 -> 16.1 on a product page (8 page loads each, a 412-px phone, 2026-11-29), and
            // Lighthouse at a 1,150 machine's slowdown gave the same or a lower TBT on all three.
            // The password meter's word lists (1.6 MB, the sign-up and password forms only) in a chunk of
            // their own, named so the service worker's precache can leave them out (a phone's first visit
            // would download them for nothing).
            groups: [
              { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 1 },
              { name: 'index', tags: ['$initial'] },
              { name: 'password-dictionaries', test: /@zxcvbn-ts[\\/]language-/ },
              { name: 'shared', test: (id: string) => publicChunkOf(id) === 'shared' },
              { name: 'shared-pages', test: (id: string) => publicChunkOf(id) === 'shared-pages' },
            ],
          },
        },
      },
    },
  };
});
