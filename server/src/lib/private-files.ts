/**
 * The shop's files are its own user's alone: the embedded database, uploaded photos on disk, the auth
 * secret, backups and the control socket. Every command (server, seed, admin, backup, restore) calls
 * this first (db/open.ts loadConfigOrExit): from then on the folders it makes are 0700 and its files
 * 0600, whatever umask it was started with (PGlite's files included, which it creates itself).
 * A data folder an older version made is left as it is: `chmod -R go= DATA_DIR` closes it.
 */
export function keepFilesPrivate() {
  process.umask(0o077);
}
