import fs from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * The production server: src/main.ts bundled by esbuild into dist/main.js (ESM, source maps), with
 * what main.ts imports only once the database is open (src/serve.ts: the shop's code and the
 * dependencies it imports) in chunks of their own beside it, loaded then (code splitting: without it
 * esbuild would hoist every dependency's import to the top of main.js, loading it all first).
 * @shop/contract ships TypeScript source, so it is bundled in; every other dependency stays in
 * node_modules. The SQL migrations are read at run time from a folder beside the code that
 * migrates (migrationsFolder in src/db/client.ts), so they are copied to dist/migrations; drizzle's
 * migrator needs the .sql files and meta/_journal.json, not drizzle-kit's snapshots.
 */
export default defineConfig({
  entry: { main: 'src/main.ts' },
  outDir: 'dist',
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  clean: true,
  splitting: true,
  skipNodeModulesBundle: true,
  noExternal: ['@shop/contract'],
  onSuccess: async () => {
    fs.cpSync('src/db/migrations', 'dist/migrations', {
      recursive: true,
      filter: (file) => !file.endsWith('_snapshot.json'),
    });
  },
});
