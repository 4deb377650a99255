/** What every Loop invoice number starts with. */
export const INVOICE_NUMBER_PREFIX = 'LOOP';

/**
 * An invoice's number: 'LOOP-2026-000001' for the first of 2026 (docs/decisions/billing.md, 'Invoice
 * numbers run per year without gaps'). The sequence gets at least six digits; the year keeps the
 * numbers of different years apart, so each is unique for good.
 */
export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Not a year: ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a sequence: ${sequence}`);
  return `${INVOICE_NUMBER_PREFIX}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The PDF's file name: 'factuur-LOOP-2026-000001.pdf'. */
export const invoiceFileName = (number: string): string => `factuur-${number}.pdf`;
