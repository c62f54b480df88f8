/**
 * npm run restore -- FILE [--force]
 *
 * Restores an archive of `npm run backup` into this shop's database (DATA_DIR's embedded one, or
 * PostgreSQL when DATABASE_URL is set) and its local photo folder. Every checksum is checked before
 * anything changes. Refuses a database or photo folder that already holds data unless --force (then an
 * embedded database or photo folder is kept beside it, renamed). The server must be stopped: the
 * embedded database's folder lock refuses a restore under a running server. Start the server after:
 * it migrates a backup of an older version to this one's schema.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup, type RestoreResult } from '../backup/archive';
import { mediaOf } from '../backup/media';
import { DataDirLockedError } from '../db/client';
import { lockDataDir } from '../db/lock';
import { loadConfigOrExit } from '../db/open';

const usage = 'Usage: npm run restore -- FILE [--force]';

async function main() {
  let parsed: { values: { force?: boolean; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (parsed.values.help) return console.log(usage);
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const started = Date.now();
  const force = parsed.values.force === true;
  const { mediaDir } = mediaOf(config);
  let result: RestoreResult;
  if (config.databaseUrl) {
    result = await restoreBackup(file, { database: { kind: 'postgres', url: config.databaseUrl }, mediaDir, force });
  } else {
    let unlock: () => Promise<void>;
    try {
      unlock = await lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError)
        throw new BackupError(`${err.message}\nA restore replaces the database under the server: stop the server first.`);
      throw err;
    }
    try {
      result = await restoreBackup(file, {
        database: { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') },
        mediaDir,
        force,
      });
    } finally {
      await unlock();
    }
  }
  const { manifest, movedAside } = result;
  for (const dir of movedAside) console.log(`Kept what was there at ${dir} (delete it once the restored shop is checked).`);
  console.log(
    `Restored ${path.resolve(file)} (made ${manifest.createdAt}, migration ${manifest.migration ?? '(none)'}, ` +
      `${manifest.media.kind === 'local' ? `${manifest.media.files} photo files` : manifest.media.kind === 's3' ? `photos in the S3 bucket ${manifest.media.bucket}, not restored` : 'no photos'}) in ${((Date.now() - started) / 1000).toFixed(1)} s. ` +
      "Start the server: it brings an older backup up to this version's schema.",
  );
}

main().catch((err) => {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
});
