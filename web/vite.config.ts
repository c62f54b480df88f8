import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * `@shop/contract/constants` reaches the contract's plain constants (MESSAGES, CATEGORIES...) without
 * its zod schemas, so code on the first screen does not pull zod in. Remove once the contract
 * exports that subpath itself.
 */
export const aliases = {
  '@shop/contract/constants': `${webRoot}../contract/src/constants.ts`,
  '@': `${webRoot}src`,
};

/**
 * SPA build served by the server from web/dist. In development (and `vite preview`) /api goes to
 * the server, http://localhost:3000 unless API_URL says otherwise (env or web/.env.local).
 */
export default defineConfig(({ command, mode }) => {
  // A production build ships production code even when the caller's NODE_ENV is 'test' (vitest's
  // global setup builds the app for the e2e suite): React's development build would be 555 KB, not 355.
  const nodeEnv = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
  if (command === 'build' && mode === 'production' && nodeEnv) nodeEnv.NODE_ENV = 'production';
  const env = loadEnv(mode, webRoot, 'API_');
  const proxy = { '/api': { target: env.API_URL || 'http://localhost:3000', changeOrigin: false } };
  return {
    base: '/',
    plugins: [react(), tailwindcss()],
    resolve: { alias: aliases },
    server: { port: 5173, proxy },
    preview: { proxy },
    build: { outDir: 'dist', emptyOutDir: true },
  };
});
