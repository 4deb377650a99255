import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, invoiceFileName } from './invoiceNumber';

describe('formatInvoiceNumber', () => {
  it('should number per year with six digits at least', () => {
    expect(formatInvoiceNumber(2026, 1)).toBe('LOOP-2026-000001');
    expect(formatInvoiceNumber(2026, 42)).toBe('LOOP-2026-000042');
    expect(formatInvoiceNumber(2027, 1)).toBe('LOOP-2027-000001');
    // Past a million it grows rather than wrapping around to a number already issued.
    expect(formatInvoiceNumber(2026, 1_234_567)).toBe('LOOP-2026-1234567');
  });

  it('should refuse what is no year or sequence (a bug, not input)', () => {
    expect(() => formatInvoiceNumber(2026, 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(2026, 1.5)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(26, 1)).toThrow(RangeError);
  });
});

describe('invoiceFileName', () => {
  it('should name the PDF after the number', () => {
    expect(invoiceFileName('LOOP-2026-000001')).toBe('factuur-LOOP-2026-000001.pdf');
  });
});
