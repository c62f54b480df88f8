/** Brings DATABASE_URL's database to the current migrations (the benchmark reuses loaded catalogs). */
import { createDatabase } from '../src/db/client';

const database = await createDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolSize: 1 });
try {
  await database.migrate();
} finally {
  await database.close();
}
