import type { AdminPayment, Page, Payment } from '@loop/core';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import type { InvoiceSupplier } from '../config';
import type { Queryable, Transaction } from '../db/database';
import {
  organizations,
  type PaymentEventSource,
  type PaymentRow,
  paymentEvents,
  payments,
} from '../db/schema';
import { offsetOf, type Paging, toPage } from '../http/paging';
import { auditPaymentState, auditStalePayment } from './billingAudit';
import { issueInvoice } from './invoices';
import type { ProviderState } from './paymentProvider';
import { currentSubscriptionRow, switchPlan } from './subscriptions';

export const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  provider: row.provider,
  kind: row.kind,
  status: row.status,
  amount_cents: row.amountCents,
  currency: row.currency,
  user_subscription_id: row.subscriptionId,
  plan_id: row.planId,
  created_at: row.createdAt.toISOString(),
});

/** A payment of this organisation, or null (another organisation's payment looks like none). */
export async function findPayment(
  db: Queryable,
  organizationId: number,
  paymentId: number,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.organizationId, organizationId)));
  return row ?? null;
}

export async function findPaymentByProviderRef(
  db: Queryable,
  provider: PaymentRow['provider'],
  providerRef: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return row ?? null;
}

/** The organisation's payments, newest first. */
export async function listPayments(
  db: Queryable,
  organizationId: number,
  paging: Paging,
): Promise<Page<Payment>> {
  const scope = eq(payments.organizationId, organizationId);
  const [total, rows] = await Promise.all([
    db.$count(payments, scope),
    db
      .select()
      .from(payments)
      .where(scope)
      .orderBy(desc(payments.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
  ]);
  return toPage(rows.map(toPayment), total, paging);
}

/** Every organisation's payments with the organisation's name, newest first. */
export async function adminPayments(db: Queryable, paging: Paging): Promise<Page<AdminPayment>> {
  const [total, rows] = await Promise.all([
    db.$count(payments),
    db
      .select({ payment: payments, organizationName: organizations.name })
      .from(payments)
      .innerJoin(organizations, eq(organizations.id, payments.organizationId))
      .orderBy(desc(payments.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
  ]);
  return toPage(
    rows.map((row) => ({
      ...toPayment(row.payment),
      organization_id: row.payment.organizationId,
      organization_name: row.organizationName,
    })),
    total,
    paging,
  );
}

export interface NewPayment {
  readonly organizationId: number;
  readonly subscriptionId: number;
  readonly planId: number;
  readonly provider: PaymentRow['provider'];
  readonly amountCents: number;
}

/** A pending payment, with its first event (none → pending), before the provider is asked. */
export async function createPendingPayment(
  tx: Transaction,
  input: NewPayment,
  now: Date,
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      organizationId: input.organizationId,
      subscriptionId: input.subscriptionId,
      planId: input.planId,
      provider: input.provider,
      kind: 'subscription',
      status: 'pending',
      amountCents: input.amountCents,
      currency: 'EUR',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
  await tx
    .insert(paymentEvents)
    .values({ paymentId: row.id, fromStatus: null, toStatus: 'pending', source: 'checkout', createdAt: now });
  return row;
}

export async function setProviderRef(
  db: Queryable,
  paymentId: number,
  providerRef: string,
  now: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ providerRef, updatedAt: now })
    .where(eq(payments.id, paymentId))
    .returning();
  if (row === undefined) throw new Error(`Payment ${paymentId} vanished`);
  return row;
}

export interface ApplyStateInput {
  readonly paymentId: number;
  readonly state: ProviderState;
  readonly source: PaymentEventSource;
  /** The provider's event id (webhooks); unique, so one event changes a payment at most once. */
  readonly providerEventId?: string;
  /** The provider's recurring subscription a paid checkout started (Stripe: `session.subscription`). */
  readonly subscriptionRef?: string | null;
}

/** What applying a provider state did; `stale`: paid for a subscription that is no longer current. */
export interface AppliedState {
  readonly payment: PaymentRow;
  readonly changed: boolean;
  readonly stale: boolean;
}

/**
 * Applies the provider's state to a payment, under a row lock. Only a pending payment changes, and
 * only to another state, so applying the same state again (a redelivered webhook, a second sync)
 * does nothing. 'paid' also puts the organisation on the payment's plan and issues the payment's
 * invoice, in this transaction: exactly once per payment, and numbered without gaps.
 */
export async function applyPaymentState(
  tx: Transaction,
  input: ApplyStateInput,
  now: Date,
  supplier: InvoiceSupplier | null,
): Promise<AppliedState> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
  if (payment === undefined) throw new Error(`Payment ${input.paymentId} vanished`);
  if (payment.status !== 'pending' || input.state === 'pending')
    return { payment, changed: false, stale: false };
  const [updated] = await tx
    .update(payments)
    .set({ status: input.state, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning();
  if (updated === undefined) throw new Error(`Payment ${payment.id} vanished`);
  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    fromStatus: payment.status,
    toStatus: input.state,
    source: input.source,
    providerEventId: input.providerEventId ?? null,
    createdAt: now,
  });
  if (input.state !== 'paid') return { payment: updated, changed: true, stale: false };
  // A checkout belongs to the subscription it started from. When that is no longer the current
  // one (another checkout or a plan change came first), paying it must not change the plan again.
  const current = await currentSubscriptionRow(tx, payment.organizationId);
  const stale = current !== null && current.id !== payment.subscriptionId;
  if (!stale) {
    await switchPlan(tx, payment.organizationId, payment.planId, now, {
      stripeSubscriptionId: payment.provider === 'stripe' ? (input.subscriptionRef ?? null) : null,
    });
  }
  // Money was received either way, so the payment gets its invoice (a stale one is refunded apart).
  // Last, after the organisation's lock: every payment takes the year's counter row in that order.
  await issueInvoice(tx, updated, supplier, now);
  return { payment: updated, changed: true, stale };
}

/** applyPaymentState in its own transaction, reported once committed (see reportPaymentState). */
export async function updatePaymentState(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config'> & Partial<Pick<AppDeps, 'payments'>>,
  input: ApplyStateInput,
  route?: string,
): Promise<AppliedState> {
  const result = await deps.db.transaction((tx) =>
    applyPaymentState(tx, input, deps.clock.now(), deps.config.invoiceSupplier),
  );
  await reportPaymentState(deps, result, input, route);
  return result;
}

/**
 * After a state change committed: the audit event. A stale payment (paid for a subscription that
 * is no longer current, see applyPaymentState) is reported for a refund instead, and a recurring
 * subscription it started at the provider is stopped, so it is never charged again.
 */
export async function reportPaymentState(
  deps: Pick<AppDeps, 'log'> & Partial<Pick<AppDeps, 'payments'>>,
  result: AppliedState,
  input: Pick<ApplyStateInput, 'source' | 'subscriptionRef'>,
  route?: string,
): Promise<void> {
  if (!result.changed) return;
  if (!result.stale) {
    auditPaymentState(deps.log, result.payment, input.source, route);
    return;
  }
  auditStalePayment(deps.log, result.payment, input.source, route);
  const subscriptionRef = input.subscriptionRef ?? null;
  const provider = deps.payments?.[result.payment.provider] ?? null;
  if (subscriptionRef === null || provider === null) return;
  await provider.cancelSubscription(subscriptionRef).catch((error: unknown) => {
    deps.log.audit({
      category: 'billing',
      level: 'error',
      action: 'payment.stale_subscription_cancel_failed',
      orgId: result.payment.organizationId,
      message: `Abonnement bij de provider van betaling ${result.payment.id} kon niet worden gestopt: ${String(error)}`,
    });
  });
}
