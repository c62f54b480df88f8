/**
 * Every way the compiled shop is started in production runs Node with the same V8 flags: `npm start`
 * (whose flags the journeys' servers take, helpers/start-flags.ts), the systemd unit of the nginx
 * cluster, and the benchmarks (which measure what production runs).
 * Without --no-allocation-site-pretenuring some processes put each request's short-lived objects
 * straight into the old generation and collect it every few seconds (docs/decisions/081); with a
 * young generation smaller than 32 MB semi-spaces, the requests in flight under load fill the old
 * generation every 2-3 s and its collections set the p99 (docs/decisions/086).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../bench/lib/shop';
import { readUnit, startFlags } from './helpers/start-flags';

const FLAG = '--no-allocation-site-pretenuring';

describe('Node flags of the production server', () => {
  const start = startFlags();

  it('npm start (and so the journeys), the systemd unit and the benchmarks turn allocation-site pretenuring off', () => {
    expect(start).toContain(FLAG);
    expect(readUnit(0).nodeFlags).toEqual(start);
    expect(SERVER_NODE_FLAGS).toContain(FLAG);
  });

  it('npm start and the systemd unit run with every flag the benchmarks measure, the 32 MB young generation among them', () => {
    expect(SERVER_NODE_FLAGS).toEqual(expect.arrayContaining(['--min-semi-space-size=32', '--max-semi-space-size=32']));
    expect(start).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
    expect(readUnit(0).nodeFlags).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
  });

  it('this Node accepts every one of them', () => {
    const flags = [...new Set([...start, ...SERVER_NODE_FLAGS])];
    expect(execFileSync(process.execPath, [...flags, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });
});
