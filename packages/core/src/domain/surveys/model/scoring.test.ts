import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countValues,
  formatMean,
  formatNps,
  npsFromCounts,
  npsScore,
  percentagesToHundred,
  roundHalfAwayFromZero,
} from './scoring';

describe('roundHalfAwayFromZero', () => {
  it.each([
    [12.5, 13],
    [-12.5, -13],
    [12.4, 12],
    [-12.6, -13],
    [0.5, 1],
    [-0.5, -1],
    [-0.2, 0],
    [0, 0],
  ])('should round %s to %s', (x, expected) => {
    expect(roundHalfAwayFromZero(x)).toBe(expected);
  });

  it('should never give -0', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
  });
});

describe('percentagesToHundred', () => {
  it.each([
    [
      [1, 1, 1],
      [34, 33, 33],
    ],
    [
      [1, 2],
      [33, 67],
    ],
    [
      [2, 1, 1],
      [50, 25, 25],
    ],
    [
      [0, 0],
      [0, 0],
    ],
    [[], []],
    [[7], [100]],
    [
      [1, 0, 1],
      [50, 0, 50],
    ],
    [
      [1, 1, 1, 1, 1, 1],
      [17, 17, 17, 17, 16, 16],
    ],
  ])('should turn %j into %j', (counts, expected) => {
    expect(percentagesToHundred(counts)).toEqual(expected);
  });

  it('should add up to 100 with every share rounded down or up from the exact value', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 12 }), (counts) => {
        const total = counts.reduce((a, b) => a + b, 0);
        const rounded = percentagesToHundred(counts);
        if (total === 0) {
          expect(rounded.every((p) => p === 0)).toBe(true);
          return;
        }
        expect(rounded.reduce((a, b) => a + b, 0)).toBe(100);
        rounded.forEach((p, i) => {
          const exact = ((counts[i] as number) * 100) / total;
          expect(p === Math.floor(exact) || p === Math.ceil(exact)).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('countValues', () => {
  it('should count whole values and leave out the rest', () => {
    expect(countValues([9, 10, 9, 3, 2.5, Number.NaN])).toEqual({ 3: 1, 9: 2, 10: 1 });
    expect(countValues([])).toEqual({});
  });
});

describe('npsFromCounts', () => {
  it('should split promoters (9–10), passives (7–8) and detractors (0–6)', () => {
    const nps = npsFromCounts({ 0: 2, 5: 1, 6: 1, 7: 1, 8: 2, 9: 3, 10: 5 });
    expect(nps).toMatchObject({ total: 15, promoters: 8, passives: 3, detractors: 4 });
    expect(nps.exactScore).toBeCloseTo(((8 - 4) * 100) / 15, 10);
    expect(nps.score).toBe(27);
    expect(nps.promoterPercent).toBeCloseTo(53.333, 3);
    expect(nps.roundedPercents).toEqual({ promoters: 53, passives: 20, detractors: 27 });
  });

  it('should round each group and each score on its own, so equal counts read equal', () => {
    const nps = npsFromCounts({ 0: 1, 7: 1, 10: 1 });
    expect(nps.roundedPercents).toEqual({ promoters: 33, passives: 33, detractors: 33 });
    const eighths = npsFromCounts({ 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1 });
    expect(eighths.distribution.slice(3).map((row) => row.roundedPercent)).toEqual(Array(8).fill(13));
    // The stacked shares still add up to 100, for a bar drawn as 100 %.
    expect(eighths.distribution.slice(3).map((row) => row.stackedPercent)).toEqual([
      13, 13, 13, 13, 12, 12, 12, 12,
    ]);
  });

  it('should round halves away from zero, alike for positive and negative scores', () => {
    // 3 promoters, 3 passives, 2 detractors of 8: exactly +12.5.
    expect(npsFromCounts({ 10: 3, 8: 3, 0: 2 })).toMatchObject({ exactScore: 12.5, score: 13 });
    expect(npsFromCounts({ 10: 2, 8: 3, 0: 3 })).toMatchObject({ exactScore: -12.5, score: -13 });
  });

  it('should reach exactly 100, −100 and 0 at the extremes', () => {
    expect(npsFromCounts({ 9: 4, 10: 1 }).score).toBe(100);
    expect(npsFromCounts({ 0: 1, 6: 9 }).score).toBe(-100);
    expect(npsFromCounts({ 7: 3, 8: 3 }).score).toBe(0);
    expect(npsFromCounts({ 10: 1, 0: 1 }).score).toBe(0);
  });

  it('should have no score without answers', () => {
    const nps = npsFromCounts({});
    expect(nps).toMatchObject({ total: 0, score: null, exactScore: null, promoterPercent: 0 });
    expect(nps.roundedPercents).toEqual({ promoters: 0, passives: 0, detractors: 0 });
    expect(nps.distribution).toHaveLength(11);
  });

  it('should accept an array indexed by score and JSON string keys', () => {
    expect(npsFromCounts([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]).score).toBe(33);
    expect(npsFromCounts(JSON.parse('{"10": 4, "3": 1}')).score).toBe(60);
  });

  it('should ignore scores outside 0–10 and unusable counts', () => {
    expect(npsFromCounts({ 11: 50, [-1]: 50, 10: 1, 9: -4, 8: Number.NaN }).total).toBe(1);
  });

  it('should give a distribution row per score 0–10', () => {
    const rows = npsFromCounts({ 10: 1, 0: 3 }).distribution;
    expect(rows.map((r) => r.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows[0]).toEqual({ value: 0, count: 3, percent: 75, roundedPercent: 75, stackedPercent: 75 });
  });

  it('should stay within −100..100 and equal % promoters − % detractors', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 200 }), { minLength: 11, maxLength: 11 }), (counts) => {
        const nps = npsFromCounts(counts);
        const total = counts.reduce((a, b) => a + b, 0);
        if (total === 0) {
          expect(nps.score).toBeNull();
          return;
        }
        const score = nps.score as number;
        const exact = nps.exactScore as number;
        expect(score).toBeGreaterThanOrEqual(-100);
        expect(score).toBeLessThanOrEqual(100);
        expect(Number.isInteger(score)).toBe(true);
        expect(exact).toBeCloseTo(nps.promoterPercent - nps.detractorPercent, 9);
        expect(Math.abs(score - exact)).toBeLessThanOrEqual(0.5);
        expect(score).toBe(roundHalfAwayFromZero(exact));
        const r = nps.roundedPercents;
        expect(r.promoters).toBe(Math.round(nps.promoterPercent));
        expect(r.detractors).toBe(Math.round(nps.detractorPercent));
        expect(nps.distribution.reduce((sum, row) => sum + row.stackedPercent, 0)).toBe(100);
        expect(nps.promoters + nps.passives + nps.detractors).toBe(total);
      }),
      { numRuns: 300 },
    );
  });
});

describe('npsScore', () => {
  it('should score raw answers the same as their counts', () => {
    expect(npsScore([10, 9, 8, 3, 0])).toEqual(npsFromCounts({ 10: 1, 9: 1, 8: 1, 3: 1, 0: 1 }));
    expect(npsScore([10, 9, 8, 3, 0]).score).toBe(0);
    expect(npsScore([10, 12, -1, 9.5]).total).toBe(1);
  });
});

describe('formatMean', () => {
  it('should show one decimal with a comma, and a dash without answers', () => {
    expect(formatMean(3.75)).toBe('3,8');
    expect(formatMean(4)).toBe('4,0');
    expect(formatMean(null)).toBe('–');
  });
});

describe('formatNps', () => {
  it('should show the sign, and a dash without answers', () => {
    expect(formatNps(42)).toBe('+42');
    expect(formatNps(-12)).toBe('-12');
    expect(formatNps(0)).toBe('0');
    expect(formatNps(null)).toBe('–');
  });
});
