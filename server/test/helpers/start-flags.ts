import fs from 'node:fs';
import path from 'node:path';

const serverDir = path.resolve(decodeURIComponent(new URL('../..', import.meta.url).pathname));

/** The flags before the entry point of a `node ... <entry>` command line. */
export function nodeFlagsOf(command: string, entry: string): string[] {
  const words = command.trim().split(/\s+/);
  const at = words.indexOf(entry);
  if (words[0] !== 'node' && !words[0]?.endsWith('/node')) throw new Error(`not a node command line: "${command}"`);
  if (at < 1) throw new Error(`${entry} is not in "${command}"`);
  return words.slice(1, at);
}

/**
 * Node's flags as `npm start` runs the compiled server (server/package.json): what a copy of the
 * build started for a test passes too. Free of vitest, as the journeys' setup uses it.
 */
export function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return nodeFlagsOf(pkg.scripts.start, 'dist/main.js');
}
