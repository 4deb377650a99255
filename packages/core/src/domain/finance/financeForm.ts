import type { FinanceRecord, FinanceRecordInput } from '../contract';
import { BTW_RATES } from '../contract';
import type { FieldErrors } from '../shared';
import { formatAmount, parseAmount } from './amount';
import { BTW_RATE_LABELS } from './btw';
import { checkFinanceRecord } from './records';

/**
 * The record form of the finance screen: what a person types (an amount in Dutch notation, a rate
 * picked from a list) to the wire's `FinanceRecordInput`, with a Dutch message beside each field
 * that is wrong. The record rules themselves are `checkFinanceRecord`'s, the same the server runs.
 */

/** What the form's fields hold, all text. `btw_rate` '' is 'no rate yet'. */
export interface FinanceRecordForm {
  readonly date: string;
  readonly direction: string;
  /** As typed: '1.234,56', '€ 12,50'. */
  readonly amount: string;
  readonly btw_rate: string;
  readonly category: string;
  readonly description: string;
  readonly counterparty: string;
  readonly attachment_ref: string;
}

export const FINANCE_FORM_MESSAGES = {
  negative: 'Vul het bedrag zonder minteken in; kies bij Soort of het inkomsten of kosten zijn.',
  zero: 'Vul een bedrag in dat groter is dan 0.',
} as const;

/** The rate choices of the form, in the order of the Dutch rates, then 'no rate yet'. */
export const BTW_RATE_CHOICES: readonly { readonly value: string; readonly label: string }[] = [
  ...BTW_RATES.map((rate) => ({ value: rate, label: BTW_RATE_LABELS[rate] })),
  { value: '', label: 'Nog geen tarief' },
];

/**
 * A new record: today at 21 %, the rest empty. The direction is not chosen for the person: a
 * preselected 'Kosten' booked a sale as a cost when nobody looked, so saving asks for it.
 */
export const emptyFinanceForm = (today: string): FinanceRecordForm => ({
  date: today,
  direction: '',
  amount: '',
  btw_rate: '21',
  category: '',
  description: '',
  counterparty: '',
  attachment_ref: '',
});

/** A stored record in the form, its amount in Dutch notation. */
export const financeFormOf = (record: FinanceRecord): FinanceRecordForm => ({
  date: record.date,
  direction: record.direction,
  amount: formatAmount(record.amount_cents),
  btw_rate: record.btw_rate ?? '',
  category: record.category,
  description: record.description,
  counterparty: record.counterparty,
  attachment_ref: record.attachment_ref ?? '',
});

export type CheckedFinanceForm =
  | { readonly ok: true; readonly value: FinanceRecordInput }
  | { readonly ok: false; readonly fields: FieldErrors };

/**
 * The form as a record to send, or the Dutch message per field (keys of the form: `amount`, not
 * `amount_cents`). The amount is parsed with `parseAmount`; a minus sign is refused, since the
 * direction gives the sign.
 */
export function financeFormInput(form: FinanceRecordForm): CheckedFinanceForm {
  const fields: Record<string, string> = {};
  const amount = parseAmount(form.amount);
  let cents = 0;
  if (!amount.ok) fields.amount = amount.detail ?? FINANCE_FORM_MESSAGES.zero;
  else if (amount.value < 0) fields.amount = FINANCE_FORM_MESSAGES.negative;
  else if (amount.value === 0) fields.amount = FINANCE_FORM_MESSAGES.zero;
  else cents = amount.value;
  const checked = checkFinanceRecord({
    date: form.date,
    direction: form.direction,
    // A valid placeholder while the amount field has its own message, so the rest is still checked.
    amount_cents: cents > 0 ? cents : 1,
    btw_rate: form.btw_rate === '' ? null : form.btw_rate,
    category: form.category,
    description: form.description,
    counterparty: form.counterparty,
    attachment_ref: form.attachment_ref,
  });
  if (!checked.ok) {
    const { amount_cents: amountMessage, ...rest } = checked.fields;
    Object.assign(fields, rest);
    if (amountMessage !== undefined && fields.amount === undefined) fields.amount = amountMessage;
  }
  if (Object.keys(fields).length > 0 || !checked.ok) return { ok: false, fields };
  const record = checked.value;
  return {
    ok: true,
    value: {
      date: record.date,
      direction: record.direction,
      amount_cents: record.amountCents,
      btw_rate: record.btwRate,
      category: record.category,
      description: record.description,
      counterparty: record.counterparty,
      attachment_ref: record.attachmentRef,
    },
  };
}
