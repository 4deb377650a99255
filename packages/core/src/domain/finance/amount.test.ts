import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES, formatAmount, MAX_AMOUNT_CENTS, parseAmount, parseDecimalCents } from './amount';

const cents = (text: string, decimal: ',' | '.' = ',') => {
  const parsed = parseAmount(text, decimal);
  return parsed.ok ? parsed.value : parsed.detail;
};

describe('parseAmount (Dutch notation)', () => {
  it('should read the ways Dutch people and banks write amounts', () => {
    expect(cents('1.234,56')).toBe(123_456);
    expect(cents('-12,50')).toBe(-1250);
    expect(cents('12,5')).toBe(1250);
    expect(cents('12')).toBe(1200);
    expect(cents('1234,56')).toBe(123_456);
    expect(cents('1.234')).toBe(123_400);
    expect(cents('€ 1.234,56')).toBe(123_456);
    expect(cents('€1.234,56')).toBe(123_456);
    expect(cents('€ -12,50')).toBe(-1250);
    expect(cents('-€ 12,50')).toBe(-1250);
    expect(cents('+10,00')).toBe(1000);
    expect(cents('−7,25')).toBe(-725);
    expect(cents(' 12,50 EUR ')).toBe(1250);
    expect(cents('1\u00a0234,56')).toBe(123_456);
    expect(cents('0,00')).toBe(0);
    expect(cents('-0,00')).toBe(0);
    expect(Object.is(cents('-0,00'), -0)).toBe(false);
  });

  it('should refuse three decimals, a point for the cents and garbage, each with its own Dutch reason', () => {
    expect(cents('12,345')).toBe(AMOUNT_MESSAGES.threeDecimals);
    expect(cents('1.234,567')).toBe(AMOUNT_MESSAGES.threeDecimals);
    expect(cents('12.50')).toBe(AMOUNT_MESSAGES.useComma);
    expect(cents('')).toBe(AMOUNT_MESSAGES.empty);
    expect(cents('   ')).toBe(AMOUNT_MESSAGES.empty);
    expect(cents('€ ')).toBe(AMOUNT_MESSAGES.empty);
    for (const garbage of ['twaalf', '12,', '1.23,45', '1.2345,00', '12,5,0', '--12', '12a', '1e3', '0x10'])
      expect(cents(garbage), garbage).toBe(AMOUNT_MESSAGES.notAnAmount);
  });

  it('should refuse amounts beyond the largest one kept', () => {
    expect(cents('9.999.999.999,99')).toBe(MAX_AMOUNT_CENTS);
    expect(cents('10.000.000.000,00')).toBe(AMOUNT_MESSAGES.tooLarge);
    expect(cents('99999999999999999999')).toBe(AMOUNT_MESSAGES.tooLarge);
  });

  it('should read English notation when the decimal separator is a point', () => {
    expect(cents('1,234.56', '.')).toBe(123_456);
    expect(cents('-12.5', '.')).toBe(-1250);
    expect(cents('12.345', '.')).toBe(AMOUNT_MESSAGES.threeDecimals);
    expect(cents('12,50', '.')).toBe(AMOUNT_MESSAGES.notAnAmount);
  });
});

describe('formatAmount', () => {
  it('should write cents in Dutch notation', () => {
    expect(formatAmount(123_456)).toBe('1.234,56');
    expect(formatAmount(-1250)).toBe('-12,50');
    expect(formatAmount(5)).toBe('0,05');
    expect(formatAmount(0)).toBe('0,00');
    expect(formatAmount(100_000_000)).toBe('1.000.000,00');
  });

  const amounts = fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS });

  it('should read back every amount it writes (round trip), with and without the euro sign', () => {
    fc.assert(
      fc.property(amounts, (value) => {
        const text = formatAmount(value);
        expect(parseAmount(text)).toEqual({ ok: true, value: value === 0 ? 0 : value });
        expect(parseAmount(`€ ${text}`)).toEqual({ ok: true, value: value === 0 ? 0 : value });
        expect(parseAmount(text.replace(/\./g, ''))).toEqual({ ok: true, value: value === 0 ? 0 : value });
      }),
      { numRuns: 400 },
    );
  });

  it('should agree with a reference reading of plain amounts: whole * 100 + cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.boolean(),
        (whole, fraction, negative) => {
          const text = `${negative ? '-' : ''}${whole},${String(fraction).padStart(2, '0')}`;
          const expected = whole * 100 + fraction;
          expect(parseAmount(text)).toEqual({
            ok: true,
            value: negative && expected !== 0 ? -expected : expected,
          });
        },
      ),
    );
  });
});

describe('parseDecimalCents (CAMT amounts)', () => {
  it('should read XML decimals and allow trailing zeros beyond the cents', () => {
    expect(parseDecimalCents('1234.56')).toEqual({ ok: true, value: 123_456 });
    expect(parseDecimalCents('0.5')).toEqual({ ok: true, value: 50 });
    expect(parseDecimalCents('27')).toEqual({ ok: true, value: 2700 });
    expect(parseDecimalCents('8.85000')).toEqual({ ok: true, value: 885 });
  });

  it('should refuse fractions of a cent, signs and commas', () => {
    expect(parseDecimalCents('8.855')).toMatchObject({ ok: false, detail: AMOUNT_MESSAGES.threeDecimals });
    for (const text of ['-1.00', '1,00', '', 'abc', '1.2.3'])
      expect(parseDecimalCents(text), text).toMatchObject({ ok: false });
  });
});
