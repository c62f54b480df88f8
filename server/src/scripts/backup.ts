/**
 * npm run backup -- --out FILE
 *
 * Writes one archive of the shop: its database (the embedded one in DATA_DIR, or PostgreSQL when
 * DATABASE_URL is set, through pg_dump) and the uploaded photos kept on local disk. While a server runs
 * on the embedded database, that server writes the archive (asked over DATA_DIR/control.sock): its
 * folder is locked against every other process. Safe while the shop takes orders: the database is one
 * consistent moment. Restore with `npm run restore -- FILE`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, createBackup, type Manifest } from '../backup/archive';
import { requestBackup } from '../backup/control-socket';
import { mediaOf } from '../backup/media';
import { createDatabase, DataDirLockedError } from '../db/client';
import { loadConfigOrExit } from '../db/open';

const usage = 'Usage: npm run backup -- --out FILE';

async function main() {
  let args: { out?: string; help?: boolean };
  try {
    args = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (args.help) return console.log(usage);
  if (!args.out) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const out = path.resolve(args.out);
  const media = mediaOf(config);
  const started = Date.now();
  let manifest: Manifest;
  if (config.databaseUrl) {
    manifest = await createBackup({ database: { kind: 'postgres', url: config.databaseUrl }, ...media }, out);
  } else {
    if (!fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')))
      throw new BackupError(`There is no embedded database in ${config.dataDir} (DATA_DIR) to back up.`);
    try {
      const database = await createDatabase({ kind: 'pglite', dataDir: config.dataDir, fsync: config.pgliteFsync });
      try {
        if (!database.pglite) throw new Error('The embedded database did not open.');
        manifest = await createBackup({ database: { kind: 'pglite', client: database.pglite }, ...media }, out);
      } finally {
        await database.close();
      }
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      console.log(`A server is running on ${config.dataDir}: it writes the backup.`);
      manifest = await requestBackup(config.dataDir, out);
    }
  }
  const bytes = fs.statSync(out).size;
  console.log(
    `Backup written to ${out} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s): ` +
      `${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'} at migration ${manifest.migration ?? '(none)'}, ` +
      (manifest.media.kind === 'local'
        ? `${manifest.media.files} photo files.`
        : manifest.media.kind === 's3'
          ? `photos not included: they stay in the S3 bucket ${manifest.media.bucket} (keep its versioning on, see README).`
          : 'no local photo folder.'),
  );
}

main().catch((err) => {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
});
