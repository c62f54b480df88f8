import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hashFiles } from './files-hash';

const root = path.resolve(import.meta.dirname, '../../..');
/** What the server renderer is built from: the web app's and the contract's sources, the build's config and the locked dependencies. */
const INPUTS = ['web/src', 'contract/src', 'web/vite.config.ts', 'web/index.html', 'package-lock.json'];

function inputsKey(): string {
  const h = crypto.createHash('sha256');
  for (const input of INPUTS) hashFiles(h, path.join(root, input), root);
  return h.digest('hex').slice(0, 16);
}

let built: Promise<string> | undefined;

/**
 * The web app's server renderer, built from web/src/entry-server.tsx as `npm run build` builds it (the
 * suite never depends on a build lying around): its entry file, which tests only read. A build costs
 * seconds and the files that use it run on each database, so it is kept under the OS temp dir, keyed
 * by what it is built from, and reused by later files and runs (moved into place whole, so concurrent
 * workers share it safely); builds of other inputs made over a day ago are removed.
 */
export function ssrRenderer(): Promise<string> {
  built ??= (async () => {
    const dir = path.join(os.tmpdir(), `shop-ssr-${inputsKey()}`);
    const entry = path.join(dir, 'entry-server.js');
    if (fs.existsSync(entry)) return entry;
    const tmp = fs.mkdtempSync(`${dir}.`);
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    try {
      await promisify(execFile)(
        process.execPath,
        [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', tmp, '--logLevel', 'warn'],
        { cwd: path.join(root, 'web') },
      );
    } catch (err) {
      // A failed build leaves nothing behind, and the next file tries again.
      fs.rmSync(tmp, { recursive: true, force: true });
      built = undefined;
      throw err;
    }
    try {
      fs.renameSync(tmp, dir);
    } catch {
      // Another worker's build got there first: the same inputs, so the same renderer.
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    for (const f of fs.readdirSync(os.tmpdir())) {
      const old = path.join(os.tmpdir(), f);
      if (/^shop-ssr-[0-9a-f]{16}$/.test(f) && old !== dir && Date.now() - fs.statSync(old).mtimeMs > 86_400_000)
        fs.rmSync(old, { recursive: true, force: true });
    }
    return entry;
  })();
  return built;
}
