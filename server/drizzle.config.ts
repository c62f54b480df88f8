import { defineConfig } from 'drizzle-kit';

/** Only used to generate SQL migrations (npm run db:generate -w server); the app migrates itself at start-up. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
