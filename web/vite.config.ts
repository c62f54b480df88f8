import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';

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
 * SPA build served by the server from web/dist. In development (and `vite preview`) /api goes to
 * the server, http://localhost:3000 unless API_URL says otherwise (env or web/.env.local).
 */
export default defineConfig(({ command, mode }) => {
  // A production build ships production code even when the caller's NODE_ENV is 'test' (a CI job, or a
  // build started from inside a test run): React's development build would be 555 KB, not 355.
  const nodeEnv = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
  if (command === 'build' && mode === 'production' && nodeEnv) nodeEnv.NODE_ENV = 'production';
  const env = loadEnv(mode, webRoot, 'API_');
  const proxy = { '/api': { target: env.API_URL || 'http://localhost:3000', changeOrigin: false } };
  return {
    base: '/',
    plugins: [react(), tailwindcss(), precompress()],
    resolve: { alias: aliases },
    server: { port: 5173, proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Every browser the app supports (ES modules, top-level await of lazy routes) knows <link rel=modulepreload>.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Everything the entry imports statically (React, the router, TanStack Query, the layout) in one
            // chunk: one request and one gzip stream for the first screen instead of a handful of small ones.
            groups: [{ name: 'index', tags: ['$initial'] }],
          },
        },
      },
    },
  };
});
