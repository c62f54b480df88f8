import type { Config } from './config';
import type { Database } from './db/client';
import { grantConfiguredAdmins } from './auth/admin-emails';
import { buildApp } from './app';
import { closeGracefully } from './lib/drain';
import { serveControlSocket } from './backup/control-socket';
import { mediaOf } from './backup/media';
import { DEMO_ACCOUNTS, isSeeded, seedCategories, seedDemo } from './seed/demo';
import { createStorage } from './storage';
import { isLoopback } from './lib/security';

/** The rest of start-up (main.ts opened the database): migrate it, seed the demo shop once, listen. */
export async function serve(config: Config, database: Database) {
  await database.migrate();
  let seeded = false;
  if (config.seedDemo && !(await isSeeded(database.db))) {
    await seedDemo(database.db, config.demoPassword, createStorage(config.storage));
    seeded = true;
  } else if (config.env === 'production') {
    // A real shop gets the categories alone (never the demo accounts and listings).
    await seedCategories(database.db);
  }
  // ADMIN_EMAILS makes admins of verified accounts only (an unverified one on verification); each grant is audited.
  await grantConfiguredAdmins(database.db, config.adminEmails);

  const app = await buildApp({ config, database });
  // SIGTERM/SIGINT: drain (no request fails), close, exit within SHUTDOWN_GRACE_MS (lib/drain.ts).
  closeGracefully(app, { ...config.shutdown, close: database.close });

  // The embedded database can only be backed up by this process: npm run backup asks it over a socket.
  if (database.pglite)
    await serveControlSocket({ dataDir: config.dataDir, client: database.pglite, media: mediaOf(config), log: app.log });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Loopback unless HOST opens it (config.ts): the demo password is public and /dev/mail holds reset links.
  const reach = isLoopback(config.host)
    ? `on this machine only (${config.host}); set HOST=0.0.0.0 to open it to the network`
    : `open to the network on ${config.host} (HOST)`;
  const lines = [
    '',
    `  Shop running at ${config.baseUrl.replace(/:\d+$/, `:${port}`)}, ${reach}  (API docs: /api/docs)`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo data seeded' : ''}`,
    app.mailer.devOutbox
      ? `  Mail: none sent (no SMTP_URL); read it at ${config.baseUrl.replace(/:\d+$/, `:${port}`)}/dev/mail`
      : '  Mail: sent over SMTP (SMTP_URL)',
  ];
  // In production the password (random unless DEMO_PASSWORD is set) is shown once, when the accounts are made.
  if (config.seedDemo && (seeded || !config.demoPasswordShownOnce)) {
    lines.push(
      config.demoPasswordShownOnce
        ? `  Demo accounts (password, shown this once: ${config.demoPassword}):`
        : `  Demo accounts (password: ${config.demoPassword}):`,
    );
    for (const a of DEMO_ACCOUNTS)
      lines.push(
        `    ${a.role.padEnd(6)} ${a.email}${a.role === 'seller' ? (a.verified ? ' (verified)' : ' (unverified)') : ''}`,
      );
  }
  console.log(`${lines.join('\n')}\n`);
}
