/**
 * `npm run test:cluster [-- --busy] [--runs N] [vitest options]`: the cluster test (vitest.cluster.config.ts),
 * N times in a row (1 unless told), each run's figures summed up at the end.
 *
 * --busy: the machine is made busy for the whole time, as a CI host running other jobs is: one
 * busy-loop process per core beside the test (plain Node, nothing to install). They are ended
 * however the runs end (a failure, Ctrl-C, SIGTERM), and end themselves if this process dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Run by Node itself (its type stripping), not tsx: a signal sent to this process reaches it.
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Figures = {
  wallSeconds?: number;
  killPhase?: Phase;
  rollingRestart?: Phase;
};
type Phase = {
  requests: number;
  fivexx: number;
  connectionErrors: number;
  inProgress?: number;
  nginxPassedOn?: { requests: number; writes: number };
  drains?: { ms: number; waited?: number | 'cap' }[];
  writes?: { lost: number; doubled: number; ordersAcked: number; paymentsAcked: number };
};

/** vitest's command (its package's bin), run with this Node: a signal reaches it, not an npx in between. */
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

const args = process.argv.slice(2);
const busy = args.includes('--busy');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');
const vitestArgs = args.filter((a, i) => a !== '--busy' && i !== runsAt && i !== runsAt + 1);

/** A core kept at 100 %: spins in 50 ms slices so it still hears its parent go (IPC disconnect). */
const HOG = `
process.on('disconnect', () => process.exit(0));
const spin = () => { const end = Date.now() + 50; while (Date.now() < end); setImmediate(spin); };
spin();`;

const hogs: ChildProcess[] = [];
let current: ChildProcess | undefined;
function stopHogs() {
  for (const h of hogs.splice(0)) if (h.exitCode === null && h.signalCode === null) h.kill('SIGKILL');
}
process.on('exit', stopHogs);
// Stopped from outside: the test run is stopped too (its teardown stops nginx and the instances), then the hogs.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(sig, () => {
    stopHogs();
    const child = current;
    if (!child || child.exitCode !== null || child.signalCode !== null) process.exit(130);
    current = child;
    child.once('exit', () => process.exit(130));
    child.kill(sig);
    setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
  });

function runOnce(n: number, figuresFile: string): Promise<{ code: number; seconds: number }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', '--config', 'vitest.cluster.config.ts', ...vitestArgs], {
      cwd: serverRoot,
      stdio: 'inherit',
      env: { ...process.env, CLUSTER_FIGURES_FILE: figuresFile, CLUSTER_RUN: String(n) },
    });
    current = child;
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - t0) / 1000 }));
  });
}

const phase = (p?: Phase) =>
  p
    ? `${p.requests} requests, ${p.fivexx} 5xx, ${p.connectionErrors} failed connections, ` +
      `${p.writes ? `${p.writes.lost} lost / ${p.writes.doubled} doubled writes (${p.writes.ordersAcked} orders, ${p.writes.paymentsAcked} payments acked)` : 'writes not checked'}` +
      `\n                   nginx passed on ${p.nginxPassedOn?.requests ?? '?'} (${p.nginxPassedOn?.writes ?? '?'} writes), ` +
      `${p.inProgress ?? '?'} waits on request_in_progress` +
      (p.drains
        ? `, drains ${p.drains.map((d) => `${(d.ms / 1000).toFixed(1)} s (waited ${typeof d.waited === 'number' ? `${(d.waited / 1000).toFixed(1)} s` : (d.waited ?? '?')})`).join(', ')}`
        : '')
    : 'not reached';

async function main() {
  if (busy) {
    const cores = os.availableParallelism();
    for (let i = 0; i < cores; i++)
      hogs.push(spawn(process.execPath, ['-e', HOG], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }));
    console.log(`--busy: ${cores} busy-loop processes beside the test (pids ${hogs.map((h) => h.pid).join(', ')})`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-runs-'));
  const results: string[] = [];
  let failed = 0;
  try {
    for (let n = 1; n <= runs; n++) {
      const file = path.join(dir, `run-${n}.json`);
      const { code, seconds } = await runOnce(n, file);
      if (code !== 0) failed++;
      const f: Figures = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
      const line =
        `run ${n}/${runs}${busy ? ' (busy)' : ''}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s` +
        `\n  kill -9:         ${phase(f.killPhase)}\n  rolling restart: ${phase(f.rollingRestart)}`;
      results.push(line);
      console.log(`\n${line}\n`);
    }
  } finally {
    stopHogs();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (runs > 1) console.log(`\n${results.join('\n')}\n\n${runs - failed}/${runs} runs passed`);
  process.exitCode = failed ? 1 : 0;
}

await main();
