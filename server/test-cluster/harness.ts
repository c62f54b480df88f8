/**
 * The pieces of the cluster test: instances of the compiled server started as deploy/systemd/shop@.service
 * starts them, nginx with deploy/nginx/shop.conf, a fresh PostgreSQL database. Only ports and paths
 * are changed from the shipped files.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readUnit } from '../test/helpers/start-flags';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `cond` holds, checking every 50 ms, and fails naming `what` past `timeoutMs`: a test
 * waits for what it needs to have happened, however busy the machine, never for a fixed time.
 */
export async function waitFor(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await sleep(50);
  }
}

/**
 * Every process the harness started, and how to end it at once: ended if the test process exits
 * without its teardown (nginx with SIGTERM, so its master takes its workers along).
 */
const started = new Map<ChildProcess, NodeJS.Signals>();
const endStarted = () => {
  for (const [c, sig] of started) if (c.exitCode === null && c.signalCode === null) c.kill(sig);
};
process.once('exit', endStarted);
// Stopped from outside (Ctrl-C, or test-cluster/run.ts passing on its SIGTERM): vitest ends its
// workers with a signal, which skips 'exit' handlers.
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => {
    endStarted();
    process.exit(128 + (sig === 'SIGINT' ? 2 : 15));
  });
function track(child: ChildProcess, endWith: NodeJS.Signals = 'SIGKILL') {
  started.set(child, endWith);
  child.once('exit', () => started.delete(child));
  return child;
}

/** One instance of the compiled server, started with the unit's command line and settings. */
export class Instance {
  child?: ChildProcess;
  out = '';
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({ code: null, signal: null });
  startedAt = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly entry: string,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  start() {
    const unit = readUnit(this.port);
    const args = unit.args.map((a) => (a === 'server/dist/main.js' ? this.entry : a));
    this.startedAt = Date.now();
    const child = track(
      spawn(process.execPath, args, {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', ...unit.env, ...this.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    this.child = child;
    child.stdout?.on('data', (d) => (this.out += d));
    child.stderr?.on('data', (d) => (this.out += d));
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async ready(timeoutMs = 180_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.out.slice(-4000)}`);
      try {
        if ((await fetch(`${this.url}/api/ready`)).ok) return Date.now() - this.startedAt;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > until) throw new Error(`${this.name} not ready in ${timeoutMs} ms:\n${this.out.slice(-4000)}`);
      await sleep(100);
    }
  }

  signal(sig: NodeJS.Signals) {
    this.child?.kill(sig);
  }

  /** Log lines (JSON) the instance wrote. */
  logLines(): Record<string, unknown>[] {
    return this.out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => {
        try {
          return JSON.parse(l) as Record<string, unknown>;
        } catch {
          return {};
        }
      });
  }
}

/**
 * nginx (Debian's /usr/sbin/nginx) as a process of our own: deploy/nginx/shop.conf inside a minimal
 * main configuration, with its upstream ports, listen port and log folder replaced.
 */
export class Nginx {
  private child?: ChildProcess;
  out = '';
  constructor(
    readonly dir: string,
    readonly port: number,
    readonly upstreamPorts: number[],
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get accessLog() {
    return path.join(this.dir, 'shop.access.log');
  }

  /**
   * Whether nginx has answered a request through the instance on `port` since the access log had
   * `sinceLine` lines (the last upstream it tried is that one, and it answered): nginx no longer
   * counts it as failed, so it shares the load again.
   */
  answeredThrough(port: number, sinceLine: number) {
    return this.logs()
      .access.slice(sinceLine)
      .some((l) => {
        const m = / upstream=(\S+(?:, \S+)*) upstream_status=(\S+(?:, \S+)*) /.exec(l);
        return m?.[1]?.split(', ').at(-1) === `127.0.0.1:${port}` && /^[234]\d\d$/.test(m[2]?.split(', ').at(-1) ?? '');
      });
  }

  /** The lines of the access log and of both error logs (the site's and nginx's own) written so far. */
  logs() {
    const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n').filter(Boolean) : []);
    return {
      access: read(this.accessLog),
      error: [...read(path.join(this.dir, 'shop.error.log')), ...read(path.join(this.dir, 'error.log'))],
    };
  }

  render(): string {
    let site = fs.readFileSync(path.join(repoRoot, 'deploy/nginx/shop.conf'), 'utf8');
    const servers = site.match(/^\s*server 127\.0\.0\.1:\d+ /gm) ?? [];
    if (servers.length !== this.upstreamPorts.length)
      throw new Error(`deploy/nginx/shop.conf lists ${servers.length} instances, the test runs ${this.upstreamPorts.length}`);
    let i = 0;
    site = site.replace(/^(\s*server 127\.0\.0\.1:)\d+ /gm, (_m, pre: string) => `${pre}${this.upstreamPorts[i++]} `);
    if (!/^\s*listen 80;$/m.test(site)) throw new Error('deploy/nginx/shop.conf: no "listen 80;" line');
    site = site.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${this.port};`);
    site = site.replaceAll('/var/log/nginx/', `${this.dir}/`);
    const tmp = path.join(this.dir, 'tmp');
    return [
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${this.dir}/nginx.pid;`,
      `error_log ${this.dir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      `  client_body_temp_path ${tmp}/body;`,
      `  proxy_temp_path ${tmp}/proxy;`,
      `  fastcgi_temp_path ${tmp}/fastcgi;`,
      `  uwsgi_temp_path ${tmp}/uwsgi;`,
      `  scgi_temp_path ${tmp}/scgi;`,
      site,
      '}',
    ].join('\n');
  }

  async start() {
    fs.mkdirSync(path.join(this.dir, 'tmp'), { recursive: true });
    const conf = path.join(this.dir, 'nginx.conf');
    fs.writeFileSync(conf, this.render());
    const check = spawnSync('/usr/sbin/nginx', ['-t', '-q', '-p', this.dir, '-e', `${this.dir}/error.log`, '-c', conf], {
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}${check.stdout}`);
    this.child = track(
      spawn('/usr/sbin/nginx', ['-p', this.dir, '-e', `${this.dir}/error.log`, '-c', conf, '-g', 'daemon off;'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      'SIGTERM',
    );
    this.child.stdout?.on('data', (d) => (this.out += d));
    this.child.stderr?.on('data', (d) => (this.out += d));
    // Probed on /metrics, which nginx answers itself: a probe through to instances not yet started
    // would mark them down for fail_timeout.
    const until = Date.now() + 10_000;
    for (;;) {
      try {
        await fetch(`${this.url}/metrics`);
        return;
      } catch {
        if (Date.now() > until) throw new Error(`nginx did not start:\n${this.out}`);
        await sleep(50);
      }
    }
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child?.once('exit', r));
    this.child.kill('SIGQUIT');
    await Promise.race([exited, sleep(5000)]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
