/** The Dutch standard BTW rate in percent: every Loop plan is sold at it. */
export const VAT_RATE = 21;

/** An amount including BTW split into its parts, in whole cents. */
export interface VatSplit {
  readonly totalCents: number;
  readonly exclCents: number;
  readonly vatCents: number;
  readonly rate: number;
}

/**
 * Splits an amount that includes BTW (docs/decisions/billing.md, 'BTW is taken out of the price'): the BTW
 * is total × rate / (100 + rate) rounded to whole cents, half a cent up, and the amount excluding BTW
 * is what remains, so the two always add up to what was charged. € 29,00 is € 23,97 + € 5,03.
 */
export function splitVat(totalCents: number, rate: number = VAT_RATE): VatSplit {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError(`Not an amount: ${totalCents}`);
  if (!Number.isInteger(rate) || rate < 0 || rate > 100) throw new RangeError(`Not a BTW rate: ${rate}`);
  // Whole numbers only: floor((2·total·rate + (100 + rate)) / (2·(100 + rate))) is the quotient
  // rounded half up, without a binary fraction that could tip a half cent the wrong way.
  const base = 100 + rate;
  const vatCents = Math.floor((2 * totalCents * rate + base) / (2 * base));
  return { totalCents, exclCents: totalCents - vatCents, vatCents, rate };
}
