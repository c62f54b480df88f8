import { openConfigured } from './db/open';

/**
 * Start-up: read the settings and open the database, then the rest (serve.ts). The embedded database
 * takes its data folder's lock as it opens, so a second server on the same folder is refused here
 * (openConfigured ends it with the message) before it loads the shop's code: seconds of work, only
 * to be turned away. serve.ts is imported only then (its own chunk in the build: tsup.config.ts).
 */
async function main() {
  const { config, database } = await openConfigured();
  const { serve } = await import('./serve');
  await serve(config, database);
}

main().catch((err) => {
  console.error('The shop could not start:', err);
  process.exit(1);
});
