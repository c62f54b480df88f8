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
    // A worker keeps jsdom and the loaded modules from file to file: 36 s instead of 130 s on the CI
    // machine, most of it setting up jsdom and loading React, the router and the app again for each
    // of 58 files. After each test, setup.ts unmounts, unstubs globals and empties the body; a test
    // that needs a module as a page first loads it, or a module mock applied to the component it tests,
    // calls vi.resetModules() and imports afresh (toaster-host, confirm-handoff). Checked with the
    // files in shuffled orders (--sequence.shuffle.files).
    isolate: false,
  },
});
