/**
 * npm run seed -- --products N [--sellers 300] [--batch 50000]
 *
 * Adds N synthetic products to the shop's database: the embedded one in DATA_DIR, or
 * PostgreSQL when DATABASE_URL is set. Migrates first. Refuses while a server holds the embedded
 * data dir (two processes on one PGlite folder corrupt it).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openConfigured } from '../db/open';
import { singleRow } from '../db/rows';
import { isSeeded, seedDemo } from '../seed/demo';
import { createStorage } from '../storage';
import { seedSynthetic, seedSyntheticAds } from '../seed/synthetic';

const usage = 'Usage: npm run seed -- --products N [--sellers 300] [--batch 50000]';

/** The command line's options; an unknown or malformed one ends the process with the usage. */
function readArgs() {
  try {
    return parseArgs({
      options: {
        products: { type: 'string' },
        sellers: { type: 'string' },
        batch: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    process.exit(2);
  }
}

async function main() {
  const args = readArgs();
  if (args.help) {
    console.log(usage);
    return;
  }
  const products = Number(args.products);
  const sellers = args.sellers === undefined ? 300 : Number(args.sellers);
  const batch = args.batch === undefined ? undefined : Number(args.batch);
  if (!Number.isInteger(products) || products < 1 || products > 50_000_000) {
    console.error(`--products must be a whole number from 1 to 50000000.\n${usage}`);
    process.exit(2);
  }
  if (!Number.isInteger(sellers) || sellers < 1 || sellers > 100_000) {
    console.error(`--sellers must be a whole number from 1 to 100000.\n${usage}`);
    process.exit(2);
  }
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 100)) {
    console.error(`--batch must be a whole number of at least 100.\n${usage}`);
    process.exit(2);
  }

  const { config, database } = await openConfigured({
    poolSize: 2,
    lockedHint: 'Stop the server, run the seed, then start the server again.',
  });
  const where = database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  try {
    const t0 = performance.now();
    await database.migrate();
    const { db } = database;
    // Same first-run behaviour as `npm start`: an empty embedded shop gets its demo accounts too.
    if (config.seedDemo && !(await isSeeded(db))) await seedDemo(db, config.demoPassword, createStorage(config.storage));
    console.log(`Adding ${products.toLocaleString('en')} synthetic products to ${where} ...`);
    let last = 0;
    await seedSynthetic(db, {
      products,
      sellers,
      batch,
      onProgress: (done, total) => {
        const now = performance.now();
        if (done === total || now - last > 2000) {
          last = now;
          process.stdout.write(
            `  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${((now - t0) / 1000).toFixed(1)} s)\n`,
          );
        }
      },
    });
    await seedSyntheticAds(db);
    // Fresh statistics for the planner and a visibility map for index-only counts.
    await db.execute(sql`vacuum analyze product`);
    await db.execute(sql`analyze "user"`);
    await db.execute(sql`analyze advertisement`);
    const { n } = singleRow((await db.execute<{ n: number }>(sql`select count(*)::int as n from product`)).rows);
    console.log(`Done in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${n.toLocaleString('en')} products in ${where}.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error('The seed failed:', err);
  process.exit(1);
});
