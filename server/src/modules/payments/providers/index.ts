import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { PaymentProvider } from './provider';
import { simulatedProvider, type SimulatedProvider } from './simulated';

export type Payments = { provider: PaymentProvider; simulated?: SimulatedProvider };

/** Picks the provider PAYMENT_PROVIDER names (config already refused the simulated one in production). */
export async function createPaymentProvider(config: Config, db: Db): Promise<Payments> {
  if (config.payments.provider === 'stripe') {
    const { stripeProvider } = await import('./stripe');
    return { provider: stripeProvider(config.payments) };
  }
  const simulated = simulatedProvider(db);
  return { provider: simulated, simulated };
}
