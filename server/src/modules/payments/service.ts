import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './providers/provider';
import type { Mailer } from '../../mail/types';
import type { HandoffCodes } from '../handoff/codes';
import { paymentsList } from './list';
import { paymentMails } from './mails';
import { refundsService } from './refunds';
import { settlementService } from './settlement';
import { webhookEvents } from './webhook-events';

/** Payments, put together from its parts: settlement (buyers paying), refunds, webhook events, the admin list. */
export function paymentsService({
  db,
  provider,
  log,
  mail,
  codes,
}: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  mail: { mailer: Mailer; baseUrl: string };
  codes: HandoffCodes;
}) {
  const mails = paymentMails(mail);
  const refunds = refundsService(db, provider, log, mails);
  const settlement = settlementService(db, provider, log, refunds, mails, codes);
  const webhook = webhookEvents(db, provider, settlement, refunds);
  return {
    provider,
    createIntent: settlement.createIntent,
    record: settlement.record,
    handleWebhook: webhook.handle,
    list: paymentsList(db),
    /** Background jobs (registered by the app). */
    sweepRefunds: refunds.sweep,
    forgetWebhookEvents: webhook.forgetOld,
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
