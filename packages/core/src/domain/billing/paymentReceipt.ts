import type { PaymentReceipt } from '../contract';
import { formatCents, longDayText } from '../format';
import { addMonths, billingPeriod, parseCalendarDay } from './billingPeriod';
import { type FeatureLine, featureLines } from './planCard';
import { splitVat } from './vat';

/** The return screen's receipt in plain Dutch (docs/decisions/billing.md, 'The page after payment is a receipt'). */
export interface ReceiptView {
  readonly heading: string;
  /** What was bought: the plan and the month it pays for. */
  readonly bought: string;
  /** What happened to the plan before (the running period), or that nothing changed. */
  readonly change: string | null;
  /** Heading above the features, or null when the payment changed nothing. */
  readonly unlockedHeading: string | null;
  readonly unlocked: readonly FeatureLine[];
  /** The amount with and without BTW. */
  readonly amount: string;
  readonly renewal: string | null;
  /** The invoice to download, when there is one. */
  readonly invoice: { readonly id: number; readonly label: string } | null;
}

/**
 * The receipt of a paid payment; null for any other. Amounts and dates come from the invoice when
 * there is one (what was printed), else from the payment by the same rules (a payment paid before
 * invoices existed).
 */
export function receiptView(receipt: PaymentReceipt): ReceiptView | null {
  const { payment, invoice } = receipt;
  if (payment.status !== 'paid' || receipt.paid_at === null) return null;
  const period = billingPeriod(receipt.paid_at);
  const start = (invoice && parseCalendarDay(invoice.period_start)) || period.start;
  const end = (invoice && parseCalendarDay(invoice.period_end)) || period.end;
  const split = invoice
    ? {
        totalCents: invoice.total_cents,
        exclCents: invoice.amount_excl_cents,
        vatCents: invoice.vat_cents,
        rate: invoice.vat_rate,
      }
    : splitVat(payment.amount_cents);
  const plan = receipt.plan_name;
  const previous = receipt.previous_plan_name;
  const leftPaid = (receipt.previous_plan_price_per_month ?? 0) > 0 && previous !== null && previous !== plan;
  let change: string | null = null;
  if (!receipt.plan_changed) {
    change =
      'Deze betaling heeft je abonnement niet gewijzigd, want dat was intussen al gewijzigd; ze is gemeld voor terugbetaling.';
  } else if (leftPaid) {
    change =
      `Je ${plan}-abonnement is op ${longDayText(start)} ingegaan en ${previous} is toen gestopt; ` +
      `de resterende dagen van ${previous} worden niet verrekend.`;
  } else if (previous !== null && previous !== plan) {
    change = `Je ${plan}-abonnement is op ${longDayText(start)} ingegaan en vervangt ${previous}.`;
  }
  return {
    heading: 'Bedankt voor je betaling',
    bought: `Je hebt ${plan} gekocht voor een maand: van ${longDayText(start)} tot en met ${longDayText(end)}.`,
    change,
    unlockedHeading: receipt.plan_changed ? `Dit zit nu in je abonnement (${plan}):` : null,
    unlocked: receipt.plan_changed ? featureLines(receipt.features) : [],
    amount:
      `Bedrag: ${formatCents(split.totalCents)} inclusief ${split.rate}% btw ` +
      `(${formatCents(split.exclCents)} zonder btw en ${formatCents(split.vatCents)} btw).`,
    renewal: receipt.plan_changed
      ? `Volgende verlenging: ${longDayText(addMonths(start, 1))}, voor ${formatCents(split.totalCents)}.`
      : null,
    invoice: invoice ? { id: invoice.id, label: `Factuur ${invoice.number} downloaden (PDF)` } : null,
  };
}
