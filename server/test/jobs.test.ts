/**
 * Background jobs with several instances on one database: two (and for the shutdown case three)
 * apps built on the same database, all going by one clock the test moves on. Each due time of a job
 * is run by one instance; a failure is logged, recorded and run again at the job's next time; closing
 * an app waits for its running job.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { job } from '../src/db/schema';
import { testConfig } from './helpers/app';
import { createTestDatabase } from './helpers/db';

const EVERY_MS = 60_000;
let now = new Date('2031-03-01T12:00:00.000Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

type Instance = { name: string; app: FastifyInstance; baseUrl: string; logs: Record<string, unknown>[] };

let database: Database;
let dataDir: string;
const instances: Instance[] = [];
/** Which instance ran each `count` job, in order. */
const countRuns: string[] = [];
/** `flaky` attempts (instance and outcome); it throws while `failFlaky` is set. */
const flakyRuns: string[] = [];
let failFlaky = false;

async function startInstance(name: string, register?: (app: FastifyInstance) => void): Promise<Instance> {
  const logs: Record<string, unknown>[] = [];
  const app = await buildApp({
    config: testConfig(dataDir, { JOBS_ENABLED: 'true', LOG_LEVEL: 'error' }),
    database,
    clock: () => now,
    logStream: { write: (line) => void logs.push(JSON.parse(line)) },
  });
  register?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const instance = { name, app, baseUrl: `http://127.0.0.1:${address.port}`, logs };
  instances.push(instance);
  return instance;
}

const both = () => instances.slice(0, 2);
/** Both instances look for due jobs at the same moment, as their poll timers may. */
const runDueOnBoth = () => Promise.all(both().map((i) => i.app.jobs.runDue()));
const rowOf = async (name: string) => {
  const [row] = await database.db.select().from(job).where(eq(job.name, name));
  assert.isDefined(row, `the row of job ${name}`);
  return row;
};

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-jobs-'));
  for (const name of ['a', 'b']) {
    await startInstance(name, (app) => {
      app.jobs.register({
        name: 'test.count',
        everyMs: EVERY_MS,
        run: async () => {
          countRuns.push(name);
          // Long enough for the other instance's look to fall inside this run.
          await new Promise((r) => setTimeout(r, 20));
        },
      });
      app.jobs.register({
        name: 'test.flaky',
        everyMs: EVERY_MS,
        run: async () => {
          flakyRuns.push(`${name}:${failFlaky ? 'failed' : 'ok'}`);
          if (failFlaky) throw new Error('flaky job failed on purpose');
        },
      });
    });
    // Its start-up pass: every job is made due when an instance starts.
    await instances.at(-1)!.app.jobs.runDue();
  }
});

afterAll(async () => {
  for (const i of instances) await i.app.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('background jobs on two instances sharing one database', () => {
  it('runs a job once when each instance starts, then once per due time on one instance only', async () => {
    expect(countRuns).toHaveLength(2);
    await runDueOnBoth();
    advance(EVERY_MS - 1);
    await runDueOnBoth();
    expect(countRuns).toHaveLength(2);

    for (let due = 1; due <= 5; due++) {
      advance(EVERY_MS);
      await runDueOnBoth();
      await runDueOnBoth();
      expect(countRuns).toHaveLength(2 + due);
    }
    const row = await rowOf('test.count');
    expect(row).toMatchObject({ lastError: null, lockedBy: null, lockedUntil: null });
    expect(row.lastRunAt?.toISOString()).toBe(now.toISOString());
    expect(row.nextRunAt.toISOString()).toBe(new Date(now.getTime() + EVERY_MS).toISOString());
  });

  it('logs a failing job, records its error, keeps serving, and runs it again at its next time', async () => {
    flakyRuns.length = 0;
    failFlaky = true;
    advance(EVERY_MS);
    await runDueOnBoth();
    expect(flakyRuns).toHaveLength(1);
    expect(flakyRuns[0]).toMatch(/^[ab]:failed$/);
    const ranOn = instances.find((i) => i.name === flakyRuns[0]?.[0])!;
    const logged = ranOn.logs.filter((l) => l.job === 'test.flaky');
    expect(logged).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'job failed; it runs again at its next time',
        err: expect.objectContaining({ message: 'flaky job failed on purpose' }),
      }),
    ]);
    expect(await rowOf('test.flaky')).toMatchObject({ lastError: 'flaky job failed on purpose', lockedBy: null });
    for (const i of both()) expect((await fetch(`${i.baseUrl}/api/health`)).status).toBe(200);

    failFlaky = false;
    advance(EVERY_MS / 2);
    await runDueOnBoth();
    expect(flakyRuns).toHaveLength(1);
    advance(EVERY_MS / 2);
    await runDueOnBoth();
    expect(flakyRuns).toHaveLength(2);
    expect(flakyRuns[1]).toMatch(/^[ab]:ok$/);
    expect((await rowOf('test.flaky')).lastError).toBeNull();
  });

  it('waits, when an app closes, for the job it is running (told to stop by its signal)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const events: string[] = [];
    let aborted = false;
    const third = await startInstance('c', (app) =>
      app.jobs.register({
        name: 'test.slow',
        everyMs: EVERY_MS,
        run: async ({ signal }) => {
          started();
          await gate;
          aborted = signal.aborted;
          events.push('job finished');
        },
      }),
    );
    await running;
    const closing = third.app.close().then(() => events.push('app closed'));
    const soon = await Promise.race([
      closing.then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('still closing'), 200)),
    ]);
    expect(soon).toBe('still closing');
    release();
    await closing;
    expect(events).toEqual(['job finished', 'app closed']);
    expect(aborted).toBe(true);
    // Its row was released before close returned: no lease left for the other instances to wait out.
    expect(await rowOf('test.slow')).toMatchObject({ lockedBy: null, lockedUntil: null, lastRunAt: now, lastError: null });
    instances.pop();
  });
});
