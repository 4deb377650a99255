import type { BtwRate, FinanceDirection } from '../contract';
import { BTW_RATES } from '../contract';

/**
 * BTW (Dutch VAT). A record's amount is what was paid or received, BTW included, as it stands on a
 * bank line or a receipt: the BTW part is derived from it with the rate and rounded half up to a
 * cent (€ 121,00 at 21 % holds € 21,00; € 10,00 at 9 % holds € 0,826… → € 0,83). Rounding per
 * record and then adding up is what an invoice does per line, and it keeps a record's net plus
 * BTW equal to its amount. BTW on income is to pay, BTW on costs can be reclaimed (voorbelasting);
 * the 0 % rate and exempt records carry none. A record without a rate (a bank line nobody has
 * looked at yet) counts as none too, and the overviews count such records apart.
 */

export const BTW_PERCENT: Readonly<Record<BtwRate, number>> = { '21': 21, '9': 9, '0': 0, exempt: 0 };

export const BTW_RATE_LABELS: Readonly<Record<BtwRate, string>> = {
  '21': '21%',
  '9': '9%',
  '0': '0%',
  exempt: 'Vrijgesteld',
};

/** Shown for a record without a rate. */
export const NO_BTW_RATE_LABEL = 'Geen tarief';

export const btwRateLabel = (rate: BtwRate | null): string =>
  rate === null ? NO_BTW_RATE_LABEL : BTW_RATE_LABELS[rate];

/** Whether a value read from outside (the wire, a query string, the database) is a rate. */
export const isBtwRate = (value: unknown): value is BtwRate =>
  typeof value === 'string' && (BTW_RATES as readonly string[]).includes(value);

/** `numerator / denominator` rounded half up, for a numerator ≥ 0, exactly (bigint arithmetic). */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The BTW included in an amount (cents ≥ 0) at a rate, rounded half up to a cent. */
export function btwPart(amountCents: number, rate: BtwRate | null): number {
  const percent = rate === null ? 0 : BTW_PERCENT[rate];
  if (percent === 0 || amountCents <= 0) return 0;
  const p = BigInt(percent);
  return divideHalfUp(BigInt(amountCents) * p, 100n + p);
}

/** An amount including BTW split into the part without BTW and the BTW. */
export function splitBtw(amountCents: number, rate: BtwRate | null): { net: number; btw: number } {
  const btw = btwPart(amountCents, rate);
  return { net: amountCents - btw, btw };
}

/** The BTW on an amount excluding BTW (an invoice's net line), rounded half up: for forms that start from net. */
export function btwOnNet(netCents: number, rate: BtwRate | null): number {
  const percent = rate === null ? 0 : BTW_PERCENT[rate];
  if (percent === 0 || netCents <= 0) return 0;
  return divideHalfUp(BigInt(netCents) * BigInt(percent), 100n);
}

/** BTW on income is owed; on costs it is reclaimed. */
export const btwSide = (direction: FinanceDirection): 'to_pay' | 'to_reclaim' =>
  direction === 'income' ? 'to_pay' : 'to_reclaim';
