import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitVat, VAT_RATE } from './vat';

describe('splitVat', () => {
  it('should take 21% BTW out of the plan prices as the invoice prints them', () => {
    expect(splitVat(2900)).toEqual({ totalCents: 2900, exclCents: 2397, vatCents: 503, rate: 21 });
    expect(splitVat(7900)).toEqual({ totalCents: 7900, exclCents: 6529, vatCents: 1371, rate: 21 });
    expect(splitVat(0)).toEqual({ totalCents: 0, exclCents: 0, vatCents: 0, rate: 21 });
    expect(VAT_RATE).toBe(21);
  });

  it('should round the BTW to whole cents, half a cent up', () => {
    // 1 cent holds 0.17 cent BTW (down), 3 cents 0.52 (up), 243 cents 42.17 (down).
    expect(splitVat(1).vatCents).toBe(0);
    expect(splitVat(3).vatCents).toBe(1);
    expect(splitVat(243).vatCents).toBe(42);
    // Exactly half a cent (1 cent at 100%) goes up; an exact share stays as it is.
    expect(splitVat(1, 100).vatCents).toBe(1);
    expect(splitVat(218, 9)).toEqual({ totalCents: 218, exclCents: 200, vatCents: 18, rate: 9 });
  });

  it('should always add up to the amount charged, with the BTW within half a cent of the exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(0, 9, 21), (total, rate) => {
        const split = splitVat(total, rate);
        expect(split.exclCents + split.vatCents).toBe(total);
        expect(Math.abs(split.vatCents - (total * rate) / (100 + rate))).toBeLessThanOrEqual(0.5);
        expect(split.exclCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('should refuse what is no amount or no rate (a bug, not user input)', () => {
    expect(() => splitVat(12.5)).toThrow(RangeError);
    expect(() => splitVat(-1)).toThrow(RangeError);
    expect(() => splitVat(100, 21.5)).toThrow(RangeError);
  });
});
