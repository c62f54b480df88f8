import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';
import type { PaymentProvider } from './providers/provider';
import type { Mailer } from '../../mail/types';
import type { HandoffCodes } from '../handoff/codes';
import { paymentsList } from './list';
import { paymentMails } from './mails';
import { refundsService } from './refunds';
import { type ChargeTerms, settlementService } from './settlement';
import { webhookEvents } from './webhook-events';

/** Payments, put together from its parts: settlement (buyers paying), refunds, webhook events, the admin list. */
export function paymentsService({
  db,
  provider,
  log,
  mail,
  codes,
  events,
  terms = async () => ({ destination: null, feeCents: 0 }),
  connect,
}: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  mail: { mailer: Mailer; baseUrl: string };
  codes: HandoffCodes;
  /** Where a payment that won its item is told (payment.held). */
  events: DomainEvents;
  /** The seller's payout account and the shop's fee for a charge (modules/payouts); none: to the shop, no fee. */
  terms?: ChargeTerms;
  /** Provider events about sellers' payout accounts and payouts (modules/payouts). */
  connect?: Parameters<typeof webhookEvents>[4];
}) {
  const mails = paymentMails(mail);
  const refunds = refundsService(db, provider, log, mails);
  const settlement = settlementService(db, provider, log, refunds, mails, codes, terms, events);
  const webhook = webhookEvents(db, provider, settlement, refunds, connect);
  return {
    provider,
    createIntent: settlement.createIntent,
    record: settlement.record,
    handleWebhook: webhook.handle,
    list: paymentsList(db),
    /** Background jobs (registered by the app). */
    sweepRefunds: refunds.sweep,
    /** Gives a payment back (an admin's refund of a disputed sale goes through here too). */
    refundPayment: refunds.refundPayment,
    forgetWebhookEvents: webhook.forgetOld,
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
