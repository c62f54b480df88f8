import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config';

const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

/** Component tests only (src/**\/*.test.tsx); the Playwright suite in e2e/ has its own config. */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    root: webRoot,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
