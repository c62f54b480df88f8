import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { job as jobRow } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background jobs (started on ready, stopped on close). */
    jobs: JobRunner;
  }
}

/** What a job's run is given: the runner's clock at the claim, and a signal aborted when the app closes. */
type RunContext = { now: Date; signal: AbortSignal };

type Job = {
  /** Names the job's row in the `job` table, shared by every instance on the database. */
  name: string;
  everyMs: number;
  /** A throw is logged and kept as the job's last_error; the job runs again at its next time. */
  run(ctx: RunContext): Promise<unknown>;
};

/** How often an instance looks for due jobs: a job runs at most this late. */
const POLL_MS = 15_000;
/**
 * A claimed job is leased to its instance for its period, and at least this long: two runs of one job
 * never overlap, and the job of an instance that died mid-run is free again once the lease ends.
 */
const MIN_LEASE_MS = 10 * 60_000;

type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Background jobs that are safe with several instances on one database. Every job has a row (name,
 * next_run_at, lease); an instance runs a job only after claiming its due row, in one statement that
 * locks it with FOR UPDATE SKIP LOCKED and moves next_run_at on: each due time is run by one instance.
 * Every job is made due when an instance starts, and `nudge` makes one due now (e.g. after an event).
 * `clock` is the time the runner goes by (tests move it on instead of sleeping).
 */
export function createJobRunner(opts: { db: Db; log: FastifyBaseLogger; enabled: boolean; clock?: () => Date; pollMs?: number }) {
  const { db, log, enabled, clock = () => new Date(), pollMs = POLL_MS } = opts;
  const jobs = new Map<string, Job>();
  /** Marks this instance's leases, so it only ever releases its own. */
  const instance = crypto.randomUUID();
  const stopping = new AbortController();
  let state: 'new' | 'started' | 'stopped' = 'new';
  let enrolled = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  const nudging = new Set<Promise<void>>();
  /** Runs started with `runNow`, per job: the one going on, and whether another was asked for meanwhile. */
  const local = new Map<string, { running: Promise<void>; again: boolean }>();

  /** Adds a row for each job, due now; a row that exists becomes due now (the run at start-up). */
  async function enrol() {
    const now = clock();
    await db
      .insert(jobRow)
      .values([...jobs.keys()].map((name) => ({ name, nextRunAt: now })))
      .onConflictDoUpdate({ target: jobRow.name, set: { nextRunAt: sql`least(${jobRow.nextRunAt}, excluded.next_run_at)` } });
  }

  /** True when this instance got the job's due time; another instance claiming it too gets false. */
  async function claim(job: Job, now: Date): Promise<boolean> {
    const due = db
      .select({ name: jobRow.name })
      .from(jobRow)
      .where(
        and(eq(jobRow.name, job.name), lte(jobRow.nextRunAt, now), or(isNull(jobRow.lockedUntil), lte(jobRow.lockedUntil, now))),
      )
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(jobRow)
      .set({
        nextRunAt: new Date(now.getTime() + job.everyMs),
        lockedUntil: new Date(now.getTime() + Math.max(job.everyMs, MIN_LEASE_MS)),
        lockedBy: instance,
      })
      .where(inArray(jobRow.name, due))
      .returning({ name: jobRow.name });
    return claimed.length > 0;
  }

  async function runClaimed(job: Job, now: Date) {
    let lastError: string | null = null;
    try {
      await job.run({ now, signal: stopping.signal });
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      log.error({ err, job: job.name }, 'job failed; it runs again at its next time');
    }
    try {
      await db
        .update(jobRow)
        .set({ lockedUntil: null, lockedBy: null, lastRunAt: now, lastError })
        .where(and(eq(jobRow.name, job.name), eq(jobRow.lockedBy, instance)));
    } catch (err) {
      log.error({ err, job: job.name }, 'job ran but its row could not be released; the lease ends it');
    }
  }

  async function pass() {
    try {
      if (!enrolled) {
        await enrol();
        enrolled = true;
      }
      const now = clock();
      const claimed: Job[] = [];
      for (const job of jobs.values()) if (await claim(job, now)) claimed.push(job);
      await Promise.all(claimed.map((job) => runClaimed(job, now)));
    } catch (err) {
      log.error({ err }, 'jobs could not be claimed; tried again at the next poll');
    }
  }

  /**
   * Claims and runs every due job, one pass at a time per instance (a call during a pass asks for
   * another pass after it). Resolves once the runs are over; never rejects. The poll timer calls it.
   */
  function runDue(): Promise<void> {
    if (state !== 'started') return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && state === 'started');
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /**
     * Adds a job (before start). The handle's `nudge` makes it due now, on whichever instance claims it
     * first. Its `runNow` runs it on this instance at once, outside its schedule and lease (a run that
     * claims it may be going on here or on another instance): only for a job whose runs may overlap.
     * One such run at a time here; a call during one asks for one more after it (which sees what the
     * caller just wrote). Nothing when the runner is not started; never rejects.
     */
    register(job: Job): { nudge(): void; runNow(): void } {
      if (state !== 'new') throw new Error(`job ${job.name}: jobs are registered before the runner starts`);
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      if (!(job.everyMs > 0)) throw new Error(`job ${job.name}: everyMs must be positive`);
      jobs.set(job.name, job);
      return {
        nudge: () => {
          if (state !== 'started') return;
          const nudged = db
            .update(jobRow)
            .set({ nextRunAt: sql`least(${jobRow.nextRunAt}, ${clock().toISOString()}::timestamptz)` })
            .where(eq(jobRow.name, job.name))
            .then(
              () => void runDue(),
              (err) => log.error({ err, job: job.name }, 'job could not be nudged; it runs at its next time'),
            )
            .finally(() => nudging.delete(nudged));
          nudging.add(nudged);
        },
        runNow: () => {
          if (state !== 'started') return;
          const current = local.get(job.name);
          if (current) {
            current.again = true;
            return;
          }
          const entry = { running: Promise.resolve(), again: false };
          entry.running = (async () => {
            do {
              entry.again = false;
              try {
                await job.run({ now: clock(), signal: stopping.signal });
              } catch (err) {
                log.error({ err, job: job.name }, 'job run (runNow) failed; it runs again at its next time');
              }
            } while (entry.again && state === 'started');
          })().finally(() => local.delete(job.name));
          local.set(job.name, entry);
        },
      };
    },

    runDue,

    /** Polls for due jobs from now on; the first pass (every job due at start-up) begins at once. No-op when disabled. */
    start() {
      if (!enabled || state !== 'new' || jobs.size === 0) return;
      state = 'started';
      timer = setInterval(() => void runDue(), pollMs);
      timer.unref();
      void runDue();
    },

    /** No new runs; resolves once the running ones (told by their signal) are over. */
    async stop() {
      state = 'stopped';
      clearInterval(timer);
      stopping.abort();
      await Promise.all(nudging);
      await Promise.all([...local.values()].map((r) => r.running));
      await running;
    },
  };
}
