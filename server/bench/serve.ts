/**
 * One server for the benchmark, in its own process so autocannon (in the parent) does not share
 * its event loop. `tsx bench/serve.ts app` starts the real shop (buildApp) on the database named
 * by DATABASE_URL or DATA_DIR; `tsx bench/serve.ts ceiling` starts the ceiling: a bare Fastify
 * + node-postgres handler doing one indexed `SELECT ... LIMIT 24` on the same product table.
 * Either prints `{"port":N}` on its first stdout line once it listens.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { buildApp } from '../src/app';

async function app() {
  const config = loadConfig();
  const database = await createDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.poolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const server = await buildApp({ config, database });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, close: () => database.close() };
}

async function ceiling() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  const server = Fastify({ logger: false });
  server.get('/ceiling', async () => {
    const { rows } = await pool.query(
      `select id, seller_id, name, category, description, img, location, phone, condition, price_cents,
              original_price_cents, used_years, status, created_at
         from product where listed order by created_at desc, id desc limit 24`,
    );
    return rows;
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, close: () => pool.end() };
}

const mode = process.argv[2];
const started = mode === 'ceiling' ? await ceiling() : mode === 'app' ? await app() : undefined;
if (!started) {
  console.error('usage: tsx bench/serve.ts app|ceiling');
  process.exit(2);
}
const address = started.server.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
const stop = async () => {
  await started.server.close();
  await started.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
