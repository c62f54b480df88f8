#!/usr/bin/env node
/**
 * `npm start` builds only when something the build reads changed since the last build: the web app
 * (web/dist, web/dist-ssr) and the server (server/dist) are made from the files below, so their
 * SHA-256 (paths and contents) is written into server/dist/.build-stamp after a successful build,
 * with the size and time of the web build's files then. The next start compares: the same hash, and
 * the web build untouched since, means the build there is this source's; anything else (a changed or
 * new file, another branch, a build of one workspace alone, which also empties its folder) builds
 * again. `--always` builds whatever the stamp says (`npm run build`), and stamps too.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** What the build reads: folders (walked) and files, from the repository's root. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-if-changed.mjs',
  'contract/package.json',
  'contract/tsconfig.json',
  'contract/src',
  'web/package.json',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'web/tsconfig.node.json',
  'web/src',
  'web/public',
  'web/pwa',
  'server/package.json',
  'server/tsconfig.json',
  'server/tsup.config.ts',
  'server/src',
];
/** Tests beside the code are not part of the build. */
const NOT_BUILT = /\.test\.[cm]?[jt]sx?$/;
/** The web build's files the server serves and renders with: the stamp remembers them as built. */
const WEB_OUTPUTS = ['web/dist/index.html', 'web/dist-ssr/entry-server.js'];
const SERVER_ENTRY = 'server/dist/main.js';
const STAMP = 'server/dist/.build-stamp';

/** Every file under `rel` (a file or a folder), as sorted repository paths. */
function files(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !NOT_BUILT.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** SHA-256 over each input file's path and contents. */
function sourceHash() {
  const hash = crypto.createHash('sha256');
  for (const rel of INPUTS.flatMap(files)) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The web build's files as they are now (size and modification time), or null when one is missing. */
function webBuild() {
  const seen = {};
  for (const rel of WEB_OUTPUTS) {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return null;
    const s = fs.statSync(abs);
    seen[rel] = `${s.size}:${s.mtimeMs}`;
  }
  return seen;
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** Why a build is needed, or null when the build there is this source's. */
function reasonToBuild(hash) {
  if (!fs.existsSync(path.join(root, SERVER_ENTRY))) return 'no build yet';
  const stamp = readStamp();
  if (!stamp) return 'no record of the last build';
  if (stamp.hash !== hash) return 'the sources changed since the last build';
  if (JSON.stringify(stamp.web) !== JSON.stringify(webBuild())) return 'the web build changed since';
  return null;
}

function run(args) {
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const hash = sourceHash();
const reason = process.argv.includes('--always') ? 'asked for' : reasonToBuild(hash);
if (reason === null) {
  console.log('Build is up to date with the sources (scripts/build-if-changed.mjs); not building.');
} else {
  console.log(`Building: ${reason}.`);
  run(['run', 'build', '-w', 'web']);
  run(['run', 'build', '-w', 'server']);
  // Hashed again: a file saved during the build makes the next start build again, not trust this one.
  const after = sourceHash();
  if (after === hash)
    fs.writeFileSync(path.join(root, STAMP), `${JSON.stringify({ hash, web: webBuild(), at: new Date().toISOString() })}\n`);
}
