import fs from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * Dependencies bundled into the build for a faster start (docs/decisions/084): Drizzle and Better Auth,
 * and the packages they bring with them. Node's ESM loader reads a file's package.json again for every
 * file it loads (drizzle-orm's is 179 kB of "exports"), so these hundreds of small files cost about
 * 1.5 s of a 5 s start on a 2-core machine. All are pure JavaScript, and no package left outside loads
 * one of them at run time but light-my-request (Fastify's inject), its own set-cookie-parser. zod stays
 * outside (fastify-type-provider-zod must see the same copy as the routes' schemas), as do packages
 * that read files beside their code (PGlite's WASM, sharp, swagger-ui). test/build-bundle.test.ts
 * checks in the lockfile that nothing is installed under a bundled package, so the build cannot
 * resolve another version of a dependency than the one installed for it.
 */
export const BUNDLED: RegExp[] = [
  /^drizzle-orm($|\/)/,
  /^better-auth($|\/)/,
  /^@better-auth\//,
  /^better-call($|\/)/,
  /^kysely($|\/)/,
  /^jose($|\/)/,
  /^@noble\//,
  /^@better-fetch\//,
  /^defu$/,
  /^rou3$/,
  /^set-cookie-parser$/,
];

/**
 * The production server: src/main.ts bundled by esbuild into dist/main.js (ESM, source maps), with
 * what main.ts imports only once the database is open (src/serve.ts: the shop's code and the
 * dependencies it imports) in chunks of their own beside it, loaded then (code splitting: without it
 * esbuild would hoist every dependency's import to the top of main.js, loading it all first).
 * @shop/contract ships TypeScript source, so it is bundled in, and so are BUNDLED (above); every
 * other dependency stays in node_modules. The SQL migrations are read at run time from a folder
 * beside the code that migrates (migrationsFolder in src/db/client.ts), so they are copied to
 * dist/migrations; drizzle's migrator needs the .sql files and meta/_journal.json, not drizzle-kit's
 * snapshots.
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
  noExternal: ['@shop/contract', ...BUNDLED],
  onSuccess: async () => {
    fs.cpSync('src/db/migrations', 'dist/migrations', {
      recursive: true,
      filter: (file) => !file.endsWith('_snapshot.json'),
    });
  },
});
