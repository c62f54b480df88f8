/**
 * npm run openapi -- [out.json]
 *
 * Writes the API's OpenAPI document, as the built app serves it at /api/openapi.json, to a file
 * (default openapi.json in the working directory) for the lint gate (Spectral, Redocly). Builds the
 * app over an empty in-memory database: the document depends on the routes only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/client';

async function main() {
  const out = path.resolve(process.argv[2] ?? 'openapi.json');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'openapi-dump-openapi-dump-openapi-dump-01',
    JOBS_ENABLED: 'false',
  });
  const database = await createDatabase({ kind: 'pglite' });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    console.log(`OpenAPI document written to ${out}`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
