/**
 * One server for the benchmark, in its own process so autocannon (in the parent) does not share
 * its event loop. `tsx bench/serve.ts app` starts the real shop (buildApp) on the database named
 * by DATABASE_URL or DATA_DIR, its request log (LOG_LEVEL) written to BENCH_LOG_FILE as production
 * writes it to stdout; `tsx bench/serve.ts ceiling` starts the ceiling (below).
 * Either prints `{"port":N}` on its first stdout line once it listens.
 */
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { buildApp } from '../src/app';
import { logDestination } from '../src/lib/log-destination';
import { catalogService, findCategory } from '../src/modules/catalog/service';

async function app() {
  const config = loadConfig();
  const database = await createDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.poolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const logFile = process.env.BENCH_LOG_FILE;
  // Written as production writes it to stdout (lib/log-destination.ts: pino's own asynchronous
  // destination, sonic-boom, handed a turn's lines at a time; docs/decisions/082 and 085), into a file.
  const logStream = logFile ? logDestination(logFile) : undefined;
  const server = await buildApp({ config, database, logStream });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, close: () => database.close() };
}

/**
 * The ceiling: the same page as the shop, from the least code that can serve it. Bare Fastify (no
 * logger, hooks, plugins or schemas) and a node-postgres pool of the same size, running the shop's
 * own catalog read (modules/catalog: the same SQL, join, prepared statement and row mapping), the
 * answer written with JSON.stringify. run.ts checks that its bodies are byte for byte the shop's,
 * so what separates the two is only what the shop adds around the read: validation, hooks,
 * serialization, headers, logging.
 */
async function ceiling() {
  const database = await createDatabase({
    kind: 'postgres',
    url: process.env.DATABASE_URL ?? '',
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  const catalog = catalogService(database);
  const server = Fastify({ logger: false });
  const page = async (category: string | undefined, cursor: string | undefined, reply: import('fastify').FastifyReply) => {
    const p = await catalog.listProducts({ limit: 24, sort: 'newest', category: findCategory(category ?? ''), cursor });
    if (p.total) reply.header('x-total-count', String(p.total.n));
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(p.items));
  };
  server.get<{ Querystring: { cursor?: string } }>('/api/allproducts', (req, reply) => page(undefined, req.query.cursor, reply));
  server.get<{ Params: { category: string }; Querystring: { cursor?: string } }>('/api/products/:category', (req, reply) =>
    page(req.params.category, req.query.cursor, reply),
  );
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, close: () => database.close() };
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
