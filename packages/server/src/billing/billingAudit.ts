import type { PaymentRow } from '../db/schema';
import type { AppLog } from '../logs/appLog';

/** Words for payment states in audit messages (the states themselves stay English in the action). */
const STATE_WORDS: Record<PaymentRow['status'], string> = {
  pending: 'in afwachting',
  paid: 'betaald',
  failed: 'mislukt',
  cancelled: 'geannuleerd',
  expired: 'verlopen',
};

/** A payment changed state (after the change was committed). */
export function auditPaymentState(log: AppLog, payment: PaymentRow, source: string, route?: string): void {
  log.audit({
    category: 'billing',
    action: `payment.${payment.status}`,
    orgId: payment.organizationId,
    ...(route === undefined ? {} : { route }),
    message:
      `Betaling ${payment.id} (${payment.provider}, plan ${payment.planId}) ${STATE_WORDS[payment.status]} via ${source}` +
      (payment.status === 'paid' ? `; organisatie staat nu op plan ${payment.planId}` : ''),
  });
}

/** A payment confirmed for a subscription that had changed meanwhile: not activated, to be refunded. */
export function auditStalePayment(log: AppLog, payment: PaymentRow, source: string, route?: string): void {
  log.audit({
    category: 'billing',
    level: 'warning',
    action: 'payment.paid_stale',
    orgId: payment.organizationId,
    ...(route === undefined ? {} : { route }),
    message:
      `Betaling ${payment.id} (${payment.provider}, plan ${payment.planId}) betaald via ${source}, maar het ` +
      'abonnement was intussen gewijzigd: plan niet gewijzigd, bedrag terugbetalen',
  });
}
