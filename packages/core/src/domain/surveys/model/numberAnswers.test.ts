import { describe, expect, it } from 'vitest';
import { decimalsOf, formatNumber, numberSummary, parseTypedNumber } from './numberAnswers';

describe('numberSummary', () => {
  it('should give median, quartiles (as QUARTILE.INC), mean and extremes from counts per value', () => {
    // 1, 2, 2, 3, 4, 10
    const summary = numberSummary({ '1': 1, '2': 2, '3': 1, '4': 1, '10': 1 });
    expect(summary).toMatchObject({ count: 6, median: 2.5, q1: 2, q3: 3.75, min: 1, max: 10, mean: 22 / 6 });
    expect(summary.bins.map((bin) => [bin.label, bin.count])).toEqual([
      ['1', 1],
      ['2', 2],
      ['3', 1],
      ['4', 1],
      ['10', 1],
    ]);
  });

  it('should group many different values into ten ranges with the unit', () => {
    const byValue = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [String(i + 1), 1]));
    const summary = numberSummary(byValue, 'kg');
    expect(summary.bins).toHaveLength(10);
    expect(summary.bins[0]).toEqual({ label: '1–10,9 kg', count: 10 });
    expect(summary.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(100);
    expect(summary.median).toBe(50.5);
  });

  it('should say nothing without answers and skip what is no number', () => {
    expect(numberSummary({ x: 3, '5': 0 })).toEqual({
      count: 0,
      mean: null,
      median: null,
      q1: null,
      q3: null,
      min: null,
      max: null,
      bins: [],
    });
  });
});

describe('parseTypedNumber', () => {
  it.each([
    ['12', 12],
    ['-3,5', -3.5],
    ['1.250,5', 1250.5],
    ['3.5', 3.5],
    [' 7 ', 7],
    ['', null],
  ])('should read %j as %j', (text, number) => {
    expect(parseTypedNumber(text)).toBe(number);
  });

  it('should read text that is no number as NaN', () => {
    expect(parseTypedNumber('twaalf')).toBeNaN();
    expect(parseTypedNumber('1e5')).toBeNaN();
  });
});

describe('decimalsOf and formatNumber', () => {
  it('should count decimals and write Dutch numbers with the unit', () => {
    expect([decimalsOf(1), decimalsOf(0.25), decimalsOf(1e-7)]).toEqual([0, 2, 7]);
    expect(formatNumber(1250.5, 'kg')).toBe('1.250,5 kg');
  });
});
