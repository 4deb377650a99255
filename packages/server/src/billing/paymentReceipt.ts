import type { PaymentReceipt } from '@loop/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type PaymentRow, paymentEvents, plans, subscriptions } from '../db/schema';
import { centsToPrice, findPlan } from './catalog';
import { invoiceOfPayment, toInvoice } from './invoices';
import { toPayment } from './payments';

/**
 * What the return screen's receipt says about a payment: when it was paid, the plan it paid for with
 * its features, the plan it replaced, whether it changed the plan (a payment for a subscription that
 * had been replaced meanwhile did not) and its invoice.
 */
export async function paymentReceipt(db: Queryable, payment: PaymentRow): Promise<PaymentReceipt> {
  const [paid] = await db
    .select({ at: paymentEvents.createdAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.toStatus, 'paid')))
    .orderBy(asc(paymentEvents.id))
    .limit(1);
  const plan = await findPlan(db, payment.planId);
  const [previous] = await db
    .select({ endDate: subscriptions.endDate, name: plans.name, priceCents: plans.priceCents })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, payment.subscriptionId));
  const invoice = await invoiceOfPayment(db, payment.id);
  const paidAt = payment.status === 'paid' ? (paid?.at ?? payment.updatedAt) : null;
  // Paying ends the subscription the checkout started from at that very moment (or keeps it, when
  // it already was on this plan); one that had ended before was replaced meanwhile (stale).
  const changed =
    paidAt !== null &&
    (previous?.endDate === null ||
      previous?.endDate === undefined ||
      previous.endDate.getTime() >= paidAt.getTime());
  return {
    payment: toPayment(payment),
    paid_at: paidAt?.toISOString() ?? null,
    plan_name: plan?.name ?? '',
    features: plan?.features ?? [],
    previous_plan_name: previous?.name ?? null,
    previous_plan_price_per_month: previous === undefined ? null : centsToPrice(previous.priceCents),
    plan_changed: changed,
    invoice: invoice === null ? null : toInvoice(invoice),
  };
}
