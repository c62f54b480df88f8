/**
 * Every way the compiled shop is started in production runs Node with the same V8 flags: `npm start`,
 * the systemd unit of the nginx cluster, and the benchmarks (which measure what production runs).
 * Without --no-allocation-site-pretenuring some processes put each request's short-lived objects
 * straight into the old generation and collect it every few seconds (docs/decisions/081).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../bench/lib/shop';

const serverDir = path.resolve(import.meta.dirname, '..');
const FLAG = '--no-allocation-site-pretenuring';

/** The flags before the entry point of a `node ... <entry>` command line. */
const nodeFlags = (command: string, entry: string) => {
  const words = command.trim().split(/\s+/);
  const at = words.indexOf(entry);
  expect(at, `${entry} in "${command}"`).toBeGreaterThan(0);
  return words.slice(1, at);
};

describe('Node flags of the production server', () => {
  const start = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts.start as string;
  const unit = fs.readFileSync(path.join(serverDir, '../deploy/systemd/shop@.service'), 'utf8');
  const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';

  it('npm start, the systemd unit and the benchmarks turn allocation-site pretenuring off', () => {
    expect(nodeFlags(start, 'dist/main.js')).toContain(FLAG);
    expect(nodeFlags(execStart, 'server/dist/main.js')).toEqual(nodeFlags(start, 'dist/main.js'));
    expect(SERVER_NODE_FLAGS).toContain(FLAG);
  });

  it('this Node accepts every one of them', () => {
    const flags = [...new Set([...nodeFlags(start, 'dist/main.js'), ...SERVER_NODE_FLAGS])];
    expect(execFileSync(process.execPath, [...flags, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });
});
