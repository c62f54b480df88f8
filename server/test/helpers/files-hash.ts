import type { Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Adds a file, or every file under a folder (in name order), to `h`: each one's path relative to
 * `base` and its bytes. What a kept build or template is keyed by (global-setup.ts, ssr.ts).
 */
export function hashFiles(h: Hash, full: string, base: string): void {
  const files = fs.statSync(full).isDirectory()
    ? (fs.readdirSync(full, { recursive: true }) as string[]).sort().map((f) => path.join(full, f))
    : [full];
  for (const f of files) if (fs.statSync(f).isFile()) h.update(`${path.relative(base, f)}\0`).update(fs.readFileSync(f));
}
