import type { BtwRate, FinanceDirection, FinanceRecordInput } from '../contract';
import { FINANCE_DIRECTIONS } from '../contract';
import { calendarDay } from '../periods';
import type { FieldErrors } from '../shared';
import { MAX_AMOUNT_CENTS } from './amount';
import { isBtwRate, splitBtw } from './btw';

/**
 * The rules of one finance record: what a form or the API may store, with a Dutch message naming
 * each field that is wrong. Texts are trimmed; a day must exist; an amount is a whole number of
 * cents above 0 (the direction gives the sign).
 */

export const FINANCE_LIMITS = {
  category: 60,
  description: 500,
  counterparty: 200,
  attachmentRef: 500,
} as const;

export const FINANCE_MESSAGES = {
  dateMissing: 'Vul een datum in (jjjj-mm-dd).',
  dateInvalid: 'Deze datum bestaat niet.',
  amountInvalid: 'Vul een bedrag in dat groter is dan 0, in hele centen.',
  amountTooLarge: 'Het bedrag is te groot (hoogstens 9.999.999.999,99).',
  direction: 'Kies inkomsten of kosten.',
  btwRate: 'Kies een btw-tarief: 21%, 9%, 0% of vrijgesteld.',
  category: `Een categorie is hoogstens ${FINANCE_LIMITS.category} tekens.`,
  description: `Een omschrijving is hoogstens ${FINANCE_LIMITS.description} tekens.`,
  counterparty: `Een tegenpartij is hoogstens ${FINANCE_LIMITS.counterparty} tekens.`,
  attachmentRef: `Een verwijzing naar een bijlage is hoogstens ${FINANCE_LIMITS.attachmentRef} tekens.`,
} as const;

/** Dutch names of the directions. */
export const FINANCE_DIRECTION_LABELS: Readonly<Record<FinanceDirection, string>> = {
  income: 'Inkomsten',
  cost: 'Kosten',
};

/** Shown for the empty category. */
export const NO_CATEGORY_LABEL = 'Zonder categorie';

/** Categories a small Dutch organisation starts with (offered until it uses its own). */
export const DEFAULT_FINANCE_CATEGORIES = [
  'Omzet',
  'Subsidies',
  'Inkoop',
  'Personeel',
  'Huisvesting',
  'Kantoorkosten',
  'Software en abonnementen',
  'Marketing',
  'Reiskosten',
  'Verzekeringen',
  'Bankkosten',
  'Belastingen',
  'Overig',
] as const;

/** A record as stored: trimmed texts and the BTW split derived from amount and rate. */
export interface CheckedFinanceRecord {
  readonly date: string;
  readonly direction: FinanceDirection;
  readonly amountCents: number;
  readonly btwRate: BtwRate | null;
  readonly btwCents: number;
  readonly category: string;
  readonly description: string;
  readonly counterparty: string;
  readonly attachmentRef: string | null;
}

export type CheckedRecord =
  | { readonly ok: true; readonly value: CheckedFinanceRecord }
  | { readonly ok: false; readonly fields: FieldErrors };

/** Collapses runs of white space inside a category, so 'Kantoor  kosten ' and 'Kantoor kosten' are one. */
export const normaliseCategory = (category: string): string => category.trim().replace(/\s+/g, ' ');

const textLength = (text: string): number => [...text].length;

/**
 * A record as a form or a client sends it, before the checks: `FinanceRecordInput` with the
 * direction and rate still plain text, so a wrong one gets its own Dutch message.
 */
export type FinanceRecordDraft = Omit<FinanceRecordInput, 'direction' | 'btw_rate'> & {
  readonly direction: string;
  readonly btw_rate: string | null;
};

const isDirection = (value: string): value is FinanceDirection =>
  (FINANCE_DIRECTIONS as readonly string[]).includes(value);

/** Checks a whole record (a new one, or an existing one with a patch applied). */
export function checkFinanceRecord(input: FinanceRecordDraft): CheckedRecord {
  const fields: Record<string, string> = {};
  const date = typeof input.date === 'string' ? input.date.trim() : '';
  if (date === '') fields.date = FINANCE_MESSAGES.dateMissing;
  else if (calendarDay(date) === null) fields.date = FINANCE_MESSAGES.dateInvalid;
  const direction = input.direction;
  if (!isDirection(direction)) fields.direction = FINANCE_MESSAGES.direction;
  const amount = input.amount_cents;
  if (!Number.isSafeInteger(amount) || amount <= 0) fields.amount_cents = FINANCE_MESSAGES.amountInvalid;
  else if (amount > MAX_AMOUNT_CENTS) fields.amount_cents = FINANCE_MESSAGES.amountTooLarge;
  const rate = input.btw_rate;
  if (rate !== null && !isBtwRate(rate)) fields.btw_rate = FINANCE_MESSAGES.btwRate;
  const category = normaliseCategory(input.category ?? '');
  if (textLength(category) > FINANCE_LIMITS.category) fields.category = FINANCE_MESSAGES.category;
  const description = (input.description ?? '').trim();
  if (textLength(description) > FINANCE_LIMITS.description) fields.description = FINANCE_MESSAGES.description;
  const counterparty = (input.counterparty ?? '').trim();
  if (textLength(counterparty) > FINANCE_LIMITS.counterparty)
    fields.counterparty = FINANCE_MESSAGES.counterparty;
  const attachment = (input.attachment_ref ?? '').trim();
  if (textLength(attachment) > FINANCE_LIMITS.attachmentRef)
    fields.attachment_ref = FINANCE_MESSAGES.attachmentRef;
  if (Object.keys(fields).length > 0 || !isDirection(direction) || (rate !== null && !isBtwRate(rate)))
    return { ok: false, fields };
  const { btw } = splitBtw(amount, rate);
  return {
    ok: true,
    value: {
      date,
      direction,
      amountCents: amount,
      btwRate: rate,
      btwCents: btw,
      category,
      description,
      counterparty,
      attachmentRef: attachment === '' ? null : attachment,
    },
  };
}

/** A stored record's fields as input, with a patch over them: PATCH checks the result as a whole. */
export function patchedInput(
  current: FinanceRecordDraft,
  patch: Partial<FinanceRecordDraft>,
): FinanceRecordDraft {
  const pick = <K extends keyof FinanceRecordDraft>(key: K): FinanceRecordDraft[K] => {
    const value = patch[key];
    return value === undefined ? current[key] : value;
  };
  return {
    date: pick('date'),
    direction: pick('direction'),
    amount_cents: pick('amount_cents'),
    btw_rate: pick('btw_rate'),
    category: pick('category'),
    description: pick('description'),
    counterparty: pick('counterparty'),
    attachment_ref: pick('attachment_ref'),
  };
}

/** Shortens a text from a bank file to a limit, marking the cut with '…'. */
export function clip(text: string, limit: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= limit ? chars.join('') : `${chars.slice(0, limit - 1).join('')}…`;
}
