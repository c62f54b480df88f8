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

/**
 * What the systemd unit of the cluster runs (deploy/systemd/shop@.service): its Environment= settings
 * (for one port), ExecStart's node arguments and the Node flags among them, and how it is stopped.
 * The cluster test starts its instances with these; test/node-flags.test.ts checks the flags.
 */
export function readUnit(port: number) {
  const text = fs.readFileSync(path.join(serverDir, '..', 'deploy/systemd/shop@.service'), 'utf8');
  const lines = text.split('\n').map((l) => l.trim());
  const env: Record<string, string> = {};
  for (const l of lines.filter((l) => l.startsWith('Environment='))) {
    const [k = '', ...v] = l.slice('Environment='.length).split('=');
    env[k] = v.join('=').replaceAll('%i', String(port));
  }
  const command = lines.find((l) => l.startsWith('ExecStart='))?.slice('ExecStart='.length) ?? '';
  const [node, ...args] = command.split(/\s+/);
  if (node !== '/usr/bin/node' || !args.includes('server/dist/main.js'))
    throw new Error(`ExecStart is not "/usr/bin/node ... server/dist/main.js": ${command}`);
  const stopSec = Number(/^TimeoutStopSec=(\d+)$/m.exec(text)?.[1]);
  const killSignal = /^KillSignal=(\w+)$/m.exec(text)?.[1];
  return { env, args, nodeFlags: nodeFlagsOf(command, 'server/dist/main.js'), stopSec, killSignal };
}
