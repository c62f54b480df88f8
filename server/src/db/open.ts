import { ConfigError, loadConfig, type Config } from '../config';
import { keepFilesPrivate } from '../lib/private-files';
import { createDatabase, DataDirLockedError, type Database } from './client';

/**
 * The settings, or, when one is bad, the process ends with the message (for commands, not the tests).
 * Every command starts here, so from here on the files it makes are its user's alone.
 */
export function loadConfigOrExit(): Config {
  keepFilesPrivate();
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * What every command (server, seed, admin) does first: read the settings and open the database they
 * name, PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR. A bad setting or a
 * data dir in use by another process ends the process with a message (and `lockedHint`, what to do).
 */
export async function openConfigured(
  opts: { poolSize?: number; lockedHint?: string } = {},
): Promise<{ config: Config; database: Database }> {
  const config = loadConfigOrExit();
  try {
    const database = await createDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: opts.poolSize ?? config.poolSize }
        : { kind: 'pglite', dataDir: config.dataDir, fsync: config.pgliteFsync },
    );
    return { config, database };
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(opts.lockedHint ? `${err.message}\n${opts.lockedHint}` : err.message);
      process.exit(1);
    }
    throw err;
  }
}
