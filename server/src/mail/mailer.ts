import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../db/client';
import type { createJobRunner } from '../jobs/runner';
import { mailOutbox } from '../db/schema';
import { withShopName } from './layout';
import { MAIL_KINDS, type MailKind, type Mailer, type MailRequest } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues the shop's mail (mail/mailer.ts); delivered by a background job, or kept in the dev outbox. */
    mailer: AppMailer;
  }
}

/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; later ones wait LATER_RETRY_MS. */
const RETRY_DELAYS_MS = [1, 5, 15, 60].map((minutes) => minutes * 60_000);
const LATER_RETRY_MS = 4 * 60 * 60_000;
/** A mail not delivered within this time of being enqueued is given up (its error stays on the row). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** A claimed mail is due again after this, should its instance die mid-send; longer than any send takes. */
const CLAIM_MS = 5 * 60_000;
const BATCH = 10;
/** How often the delivery job looks for due mail anyway: retries, and mail queued where no job runs. */
const DELIVERY_EVERY_MS = 30_000;
/** A mail queued in a caller's transaction: how often, and how long, to look whether it has committed. */
const COMMIT_POLL_MS = 100;
const COMMIT_WAIT_MS = 10_000;
const DEV_OUTBOX_LIMIT = 200;

/**
 * SMTP errors that say this server cannot take any mail now (down, unreachable, refusing our login):
 * the rest of the batch is not tried and waits as long as the failed mail.
 */
const SERVER_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'EPROTOCOL']);

type SendError = Error & { code?: string; responseCode?: number };

type DevMail = {
  id: string;
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
};

export type AppMailer = Mailer & {
  /** The shop's name (SHOP_NAME) it writes into every mail. */
  shopName: string;
  /** True when mail is kept in the development outbox instead of being sent (no SMTP_URL, not production). */
  devOutbox: boolean;
  /** The development outbox, newest first; `to` keeps the mails to that address (any case). */
  listDevOutbox(to?: string): Promise<DevMail[]>;
  devOutboxMail(id: string): Promise<DevMail | undefined>;
  /**
   * Sends every due mail, claiming each (FOR UPDATE SKIP LOCKED) so that several instances never send
   * one twice; the delivery job runs it. Never rejects for a failed send: the failure is recorded and
   * the mail retried later.
   */
  deliverDue(ctx: { now: Date; signal?: AbortSignal }): Promise<{ sent: number; failed: number }>;
};

type MailerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** The app's job runner: the mailer registers its delivery job there (SMTP only). */
  jobs: Pick<ReturnType<typeof createJobRunner>, 'register'>;
  /** e.g. smtp://user:pass@host:587 or smtps://…; absent: the development outbox. */
  smtpUrl: string | undefined;
  /** The From header, e.g. "SecondByte" <no-reply@shop.example>. */
  from: string;
  /** The shop's name (SHOP_NAME), written into each mail where its layout leaves the place (mail/layout.ts). */
  shopName: string;
  /** The shop's address, for the log line pointing at the development outbox page. */
  baseUrl: string;
  /** True when the user turned this (non-essential) kind of mail off; asked within the caller's transaction. */
  isOptedOut?: (userId: string, kind: MailKind, executor: Executor) => boolean | Promise<boolean>;
  /** The time the mailer goes by (the job runner's clock, which tests move on). */
  clock?: () => Date;
};

/** How long to wait after the `attempts`-th failed attempt. */
function retryDelay(attempts: number): number {
  return RETRY_DELAYS_MS[attempts - 1] ?? LATER_RETRY_MS;
}

/** A 5xx answer to the recipients or the message itself: sending it again would be refused again. */
function isPermanent(err: SendError): boolean {
  return (
    (err.code === 'EENVELOPE' || err.code === 'EMESSAGE') &&
    err.responseCode !== undefined &&
    err.responseCode >= 500 &&
    err.responseCode < 600
  );
}

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as SendError;
  return [e.code, e.responseCode, e.message]
    .filter((x) => x !== undefined && x !== '')
    .join(' ')
    .slice(0, 1000);
}

/**
 * The shop's mailer. `enqueue` writes the mail to the outbox table (in the caller's transaction when an
 * executor is given), so a mail server that is down never fails the request that caused the mail, and
 * this instance sends it at once (once that transaction has committed): a sign-up's link, a reset
 * link or a security mail reaches the mail server within a second, not when the delivery job next
 * comes round. The job sends what is still due over SMTP and retries a failed mail after 1, 5, 15 and
 * 60 minutes, then every 4 hours, until a day has passed. Without SMTP, the mail is written as
 * already sent to the development outbox (readable at /dev/mail and /api/dev/mail).
 */
export function createMailer(opts: MailerOptions): AppMailer {
  const { db, log, smtpUrl, from, baseUrl, shopName, isOptedOut = () => false, clock = () => new Date() } = opts;
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : undefined;
  const messageIdDomain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  const delivery = transport
    ? opts.jobs.register({ name: 'mail.deliver', everyMs: DELIVERY_EVERY_MS, run: (ctx) => deliverDue(ctx) })
    : undefined;

  async function claim(now: Date) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNotNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now), isNull(mailOutbox.sentAt)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function recordFailure(row: typeof mailOutbox.$inferSelect, error: string, permanent: boolean, now: Date) {
    const attempts = row.attempts + 1;
    const next = new Date(now.getTime() + retryDelay(attempts));
    const givenUp = permanent || next.getTime() > row.createdAt.getTime() + GIVE_UP_AFTER_MS;
    await db
      .update(mailOutbox)
      .set({ attempts, lastError: error, nextAttemptAt: givenUp ? null : next })
      .where(eq(mailOutbox.id, row.id));
    const fields = { mailId: row.id, kind: row.kind, attempts, error };
    if (givenUp) log.error(fields, 'mail given up: it will not be sent');
    else log.warn({ ...fields, retryAt: next.toISOString() }, 'mail not sent; it is tried again later');
  }

  /**
   * A mail queued in the caller's transaction is sent once that transaction has committed: until then
   * no other connection sees the row (PGlite's one connection answers once it is over). A rolled-back
   * mail never appears; after COMMIT_WAIT_MS the delivery job is left to find anything still due.
   */
  function sendOnceCommitted(id: string) {
    if (!delivery) return;
    const started = Date.now();
    const look = () => {
      db.select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id))
        .then(
          (found) => {
            if (found.length) delivery.runNow();
            else if (Date.now() - started < COMMIT_WAIT_MS) setTimeout(look, COMMIT_POLL_MS).unref();
          },
          // Closing, or the database away: the delivery job sends it when it can.
          (err: unknown) => log.debug({ err, mailId: id }, 'queued mail not looked up; the delivery job sends it'),
        );
    };
    look();
  }

  async function deliverDue({ now: start, signal }: { now: Date; signal?: AbortSignal }) {
    let sent = 0;
    let failed = 0;
    if (!transport) return { sent, failed };
    let now = start;
    for (;;) {
      const batch = await claim(now);
      if (batch.length === 0) break;
      let serverDown: string | undefined;
      for (const row of batch) {
        if (serverDown !== undefined || signal?.aborted) {
          // Not tried: due again as if it had failed like the one before it (or at once after a shutdown).
          if (serverDown !== undefined) await recordFailure(row, serverDown, false, now);
          else await db.update(mailOutbox).set({ nextAttemptAt: now }).where(eq(mailOutbox.id, row.id));
          failed += serverDown !== undefined ? 1 : 0;
          continue;
        }
        try {
          await transport.sendMail({
            from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            attachments: row.attachments ?? undefined,
            // The same id on every attempt: a receiver can tell a resend after a lost answer.
            messageId: `<${row.id}@${messageIdDomain}>`,
          });
          await db
            .update(mailOutbox)
            .set({ sentAt: clock(), transport: 'smtp', attempts: row.attempts + 1, nextAttemptAt: null })
            .where(eq(mailOutbox.id, row.id));
          sent++;
        } catch (err) {
          const e = err as SendError;
          const error = errorText(err);
          await recordFailure(row, error, isPermanent(e), now);
          failed++;
          if (e.code !== undefined && SERVER_ERRORS.has(e.code)) serverDown = error;
        }
      }
      if (serverDown !== undefined || signal?.aborted) break;
      now = clock();
    }
    return { sent, failed };
  }

  const devColumns = {
    id: mailOutbox.id,
    to: mailOutbox.to,
    kind: mailOutbox.kind,
    subject: mailOutbox.subject,
    text: mailOutbox.text,
    html: mailOutbox.html,
    createdAt: mailOutbox.createdAt,
  };

  return {
    shopName,
    devOutbox: !transport,

    async enqueue(request: MailRequest, executor: Executor = db) {
      const mail = withShopName(request, shopName);
      if (!mail.to.includes('@')) throw new Error(`mail of kind ${mail.kind}: "${mail.to}" is not a mail address`);
      if (mail.userId && !MAIL_KINDS[mail.kind].essential && (await isOptedOut(mail.userId, mail.kind, executor))) {
        log.info({ kind: mail.kind, userId: mail.userId }, 'mail not queued: the user turned this kind of mail off');
        return;
      }
      const now = clock();
      const row = {
        to: mail.to,
        kind: mail.kind,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        userId: mail.userId ?? null,
        attachments: mail.attachments ?? null,
        createdAt: now,
      };
      if (!delivery) {
        await executor.insert(mailOutbox).values({ ...row, sentAt: now, transport: 'dev', nextAttemptAt: null });
        log.info({ to: mail.to, subject: mail.subject }, `mail kept in the development outbox: ${baseUrl}/dev/mail`);
        return;
      }
      const [queued] = await executor
        .insert(mailOutbox)
        .values({ ...row, nextAttemptAt: now })
        .returning({ id: mailOutbox.id });
      // Sent from here, now: not by nudging the delivery job, whose next run may be another instance's,
      // or one that began (and looked for due mail) before this row existed.
      if (executor === db) delivery.runNow();
      else if (queued) sendOnceCommitted(queued.id);
    },

    listDevOutbox(to?: string) {
      return db
        .select(devColumns)
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.transport, 'dev'), to === undefined ? undefined : sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`),
        )
        .orderBy(desc(mailOutbox.seq))
        .limit(DEV_OUTBOX_LIMIT);
    },

    async devOutboxMail(id: string) {
      const [row] = await db
        .select(devColumns)
        .from(mailOutbox)
        .where(and(eq(mailOutbox.transport, 'dev'), eq(mailOutbox.id, id)));
      return row;
    },

    deliverDue,
  };
}
