import { randomBytes } from 'node:crypto';
import { err } from '@loop/core';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { type SimulatedCheckoutState, simulatedCheckouts } from '../db/schema';
import type { PaymentProviderPort } from './paymentProvider';

export const SIMULATED_CHECKOUT_PATH = '/betalen/simulatie';

/** 128 random bits: the page has no login, so its address is the only key to it. */
const newRef = (): string => `sim_${randomBytes(16).toString('base64url')}`;

export type SimulatedCheckout = typeof simulatedCheckouts.$inferSelect;

export async function findSimulatedCheckout(db: Queryable, ref: string): Promise<SimulatedCheckout | null> {
  const [row] = await db.select().from(simulatedCheckouts).where(eq(simulatedCheckouts.ref, ref));
  return row ?? null;
}

/**
 * The simulated provider's own decision ('Betalen' or 'Annuleren' on its page). Only a pending
 * checkout changes; the answer is the checkout as it is afterwards.
 */
export async function decideSimulatedCheckout(
  db: Database,
  clock: Clock,
  ref: string,
  state: Exclude<SimulatedCheckoutState, 'pending'>,
): Promise<SimulatedCheckout | null> {
  await db
    .update(simulatedCheckouts)
    .set({ state, updatedAt: clock.now() })
    .where(and(eq(simulatedCheckouts.ref, ref), eq(simulatedCheckouts.state, 'pending')));
  return findSimulatedCheckout(db, ref);
}

/**
 * A payment provider for development and browser tests: its checkout page is served by this server
 * (GET /betalen/simulatie/:ref) and its state lives in the simulated_checkouts table. It has no
 * webhooks; its page applies the state itself and the return screen's sync reads it back.
 */
export function createSimulatedProvider(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly appUrl: string;
}): PaymentProviderPort {
  return {
    name: 'simulated',

    async createCheckout({ payment, plan, organization, successUrl, cancelUrl }) {
      const ref = newRef();
      const now = deps.clock.now();
      await deps.db.insert(simulatedCheckouts).values({
        ref,
        paymentId: payment.id,
        state: 'pending',
        organizationName: organization.name,
        planName: plan.name,
        amountCents: payment.amountCents,
        successUrl,
        cancelUrl,
        createdAt: now,
        updatedAt: now,
      });
      return { providerRef: ref, checkoutUrl: `${deps.appUrl}${SIMULATED_CHECKOUT_PATH}/${ref}` };
    },

    parseWebhook() {
      return err('unsupported');
    },

    async fetchState(providerRef) {
      const checkout = await findSimulatedCheckout(deps.db, providerRef);
      if (checkout === null) throw new Error(`Unknown simulated checkout ${providerRef}`);
      return { state: checkout.state, subscriptionRef: null };
    },

    async cancelCheckout(providerRef) {
      const checkout = await decideSimulatedCheckout(deps.db, deps.clock, providerRef, 'cancelled');
      if (checkout === null) throw new Error(`Unknown simulated checkout ${providerRef}`);
      return { state: checkout.state, subscriptionRef: null };
    },

    // The simulated provider bills nothing after checkout: there is no subscription to stop.
    async cancelSubscription() {},

    async subscriptionEnded() {
      return true;
    },
  };
}
