/**
 * The log's writer (lib/log-destination.ts): the lines of one turn of the event loop are handed over
 * together when the turn ends, and written in order and whole, to stdout (a pipe here) or a file;
 * lines logged in the turn the process exits in (not yet handed over) are neither lost nor cut, when
 * it calls process.exit or dies of an uncaught error. (A piece sonic-boom is writing at the exit is
 * not waited for, as with pino's default: lib/log-destination.ts.)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { logDestination } from '../src/lib/log-destination';

const serverDir = path.resolve(decodeURIComponent(new URL('..', import.meta.url).pathname));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-log-destination-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The lines of `text`, each parsed: a line cut or run into another fails to parse. */
const records = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { n: number; msg: string });

/** node's arguments for a process that makes a logger on the writer (to `target`), then runs `then`. */
function loggingProcess(target: 'stdout' | string, then: string): string[] {
  const script = `
    import pino from 'pino';
    import { logDestination } from './src/lib/log-destination.ts';
    const log = pino({}, ${target === 'stdout' ? 'logDestination()' : `logDestination(${JSON.stringify(target)})`});
    ${then}
  `;
  return ['--import', 'tsx', '--input-type=module', '-e', script];
}

/** A process that logs `n` lines through the writer, then ends as `end` says, at once. */
function child(target: 'stdout' | string, n: number, end: 'exit' | 'throw') {
  const then = `
    for (let i = 0; i < ${n}; i++) log.info({ n: i }, 'line ' + 'x'.repeat(200));
    ${end === 'exit' ? 'process.exit(0);' : "throw new Error('fatal');"}
  `;
  return spawnSync(process.execPath, loggingProcess(target, then), {
    cwd: serverDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

describe('the log writer', () => {
  it('writes the lines of a turn together, in order and whole, to a file made for the owner alone', async () => {
    const file = path.join(dir, 'turns.log');
    const dest = logDestination(file);
    const log = pino({}, dest);
    for (let i = 0; i < 500; i++) log.info({ n: i }, `first turn ${'y'.repeat(100)}`);
    // Nothing is handed over before the turn ends.
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    await new Promise((r) => setImmediate(r));
    for (let i = 500; i < 600; i++) log.info({ n: i }, 'second turn');
    await vi.waitFor(() => expect(fs.readFileSync(file, 'utf8').split('\n')).toHaveLength(601), { timeout: 5000 });
    const lines = records(fs.readFileSync(file, 'utf8'));
    expect(lines.map((l) => l.n)).toEqual(Array.from({ length: 600 }, (_, i) => i));
    expect(lines[599]?.msg).toBe('second turn');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('loses no line when the process exits right after logging, to stdout or a file', () => {
    const out = child('stdout', 3000, 'exit');
    expect(out.status, out.stderr).toBe(0);
    expect(records(out.stdout).map((l) => l.n)).toEqual(Array.from({ length: 3000 }, (_, i) => i));

    const file = path.join(dir, 'exit.log');
    const toFile = child(file, 3000, 'exit');
    expect(toFile.status, toFile.stderr).toBe(0);
    expect(records(fs.readFileSync(file, 'utf8')).length).toBe(3000);
  });

  it('loses no line when the process dies of an uncaught error', () => {
    const out = child('stdout', 1000, 'throw');
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('fatal');
    expect(records(out.stdout).map((l) => l.n)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  it('gives up a stalled log reader after 2 s instead of holding the exit up', async () => {
    // 1 MB of lines on a stdout pipe nobody reads: sonic-boom holds most of them as the process exits.
    const then = `
      for (let i = 0; i < 5000; i++) log.info({ n: i }, 'line ' + 'x'.repeat(200));
      await new Promise((r) => setTimeout(r, 300));
      log.info('the last line');
      process.exit(0);
    `;
    const started = Date.now();
    const p = spawn(process.execPath, loggingProcess('stdout', then), {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    p.stdout.pause();
    const killer = setTimeout(() => p.kill('SIGKILL'), 15_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      p.once('exit', (c, s) => resolve([c, s])),
    );
    clearTimeout(killer);
    expect(signal, 'still running after 15 s, killed').toBeNull();
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(12_000);
  });

  it('gives up quietly when the lines of the last turn no longer fit a stalled reader', async () => {
    // Nothing handed over yet (one turn), so sonic-boom holds nothing: the exit writes ~1 MB itself,
    // into a pipe that takes 64 KB, and gives the rest up at the deadline without an error.
    const then = `
      for (let i = 0; i < 5000; i++) log.info({ n: i }, 'line ' + 'x'.repeat(200));
      process.exit(0);
    `;
    const p = spawn(process.execPath, loggingProcess('stdout', then), { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.pause();
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const killer = setTimeout(() => p.kill('SIGKILL'), 15_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      p.once('exit', (c, s) => resolve([c, s])),
    );
    clearTimeout(killer);
    expect(signal, 'still running after 15 s, killed').toBeNull();
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
