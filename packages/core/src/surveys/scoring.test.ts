import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChoiceOption, LikertSettings, QuestionType } from '../contract/surveys';
import {
  chartFor,
  countValues,
  formatMean,
  formatNps,
  likertMatrixSummary,
  likertSummary,
  multipleChoiceSummary,
  npsFromCounts,
  npsScore,
  percentagesToHundred,
  ratingSummary,
  roundHalfAwayFromZero,
  singleChoiceSummary,
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

const FIVE = { points: 5, neutral_middle: true } as const;
const FIVE_PLAIN = { points: 5, neutral_middle: false } as const;
const SEVEN = { points: 7, neutral_middle: true } as const;
const SEVEN_PLAIN = { points: 7, neutral_middle: false } as const;

describe('likertSummary', () => {
  const counts = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 2 };

  it('should give the distribution, the mean and the shares below, at and above the middle', () => {
    const summary = likertSummary(FIVE, counts);
    expect(summary.total).toBe(10);
    expect(summary.mean).toBe(3.5);
    expect(summary.distribution.map((r) => [r.value, r.count, r.percent])).toEqual([
      [1, 1, 10],
      [2, 1, 10],
      [3, 2, 20],
      [4, 4, 40],
      [5, 2, 20],
    ]);
    expect([summary.disagree, summary.middle, summary.agree]).toEqual([20, 20, 60]);
  });

  it('should set a neutral middle apart, both sides starting at zero', () => {
    expect(likertSummary(FIVE, counts).bar).toEqual({
      segments: [
        { point: 1, start: -20, end: -10 },
        { point: 2, start: -10, end: 0 },
        { point: 4, start: 0, end: 40 },
        { point: 5, start: 40, end: 60 },
      ],
      negative: 20,
      neutral: 20,
      positive: 60,
      neutralPoint: 3,
    });
  });

  it('should centre an ordinary middle point on zero and count it half to each side', () => {
    expect(likertSummary(FIVE_PLAIN, counts).bar).toEqual({
      segments: [
        { point: 1, start: -30, end: -20 },
        { point: 2, start: -20, end: -10 },
        { point: 3, start: -10, end: 10 },
        { point: 4, start: 10, end: 50 },
        { point: 5, start: 50, end: 70 },
      ],
      negative: 30,
      neutral: 0,
      positive: 70,
      neutralPoint: null,
    });
  });

  it('should use point 4 as the middle of a 7-point scale', () => {
    const summary = likertSummary(SEVEN, [0, 2, 0, 0, 2, 0, 0, 6]);
    expect(summary.mean).toBe((1 * 2 + 4 * 2 + 7 * 6) / 10);
    expect([summary.disagree, summary.middle, summary.agree]).toEqual([20, 20, 60]);
    expect(summary.bar.neutralPoint).toBe(4);
    expect(summary.bar.segments.map((s) => s.point)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(summary.bar.segments.at(-1)).toEqual({ point: 7, start: 0, end: 60 });
    const plain = likertSummary(SEVEN_PLAIN, [0, 2, 0, 0, 2, 0, 0, 6]).bar;
    expect(plain.segments.find((s) => s.point === 4)).toEqual({ point: 4, start: -10, end: 10 });
    expect([plain.negative, plain.positive]).toEqual([30, 70]);
  });

  it('should be all zeros without answers, with no mean', () => {
    const summary = likertSummary(FIVE_PLAIN, {});
    expect(summary).toMatchObject({ total: 0, mean: null, disagree: 0, middle: 0, agree: 0 });
    expect(summary.bar.segments.every((s) => s.start === 0 && s.end === 0)).toBe(true);
    expect([summary.bar.negative, summary.bar.neutral, summary.bar.positive]).toEqual([0, 0, 0]);
  });

  it('should ignore points outside the scale', () => {
    expect(likertSummary(FIVE, { 0: 9, 6: 9, 3: 1 }).total).toBe(1);
  });

  it('should draw contiguous bars that cover 100 % of respondents within −100..100', () => {
    const settings = fc.constantFrom(FIVE, FIVE_PLAIN, SEVEN, SEVEN_PLAIN);
    fc.assert(
      fc.property(settings, fc.array(fc.nat({ max: 100 }), { minLength: 8, maxLength: 8 }), (s, raw) => {
        const counts = raw.map((count, index) => (index === 0 || index > s.points ? 0 : count));
        const summary = likertSummary(s, counts);
        if (summary.total === 0) return;
        const { segments, negative, neutral, positive } = summary.bar;
        const width = segments.reduce((sum, seg) => sum + (seg.end - seg.start), 0);
        expect(width + neutral).toBeCloseTo(100, 9);
        expect(negative + neutral + positive).toBeCloseTo(100, 9);
        expect(summary.disagree + summary.middle + summary.agree).toBeCloseTo(100, 9);
        for (let i = 1; i < segments.length; i++)
          expect((segments[i] as { start: number }).start).toBeCloseTo(
            (segments[i - 1] as { end: number }).end,
            9,
          );
        expect(-(segments[0] as { start: number }).start).toBeCloseTo(negative, 9);
        expect((segments.at(-1) as { end: number }).end).toBeCloseTo(positive, 9);
        expect(summary.mean).toBeGreaterThanOrEqual(1);
        expect(summary.mean).toBeLessThanOrEqual(s.points);
      }),
      { numRuns: 300 },
    );
  });
});

describe('likertMatrixSummary', () => {
  it('should summarise every statement in order, statements without counts as empty', () => {
    const settings: LikertSettings = {
      points: 5,
      labels: ['1', '2', '3', '4', '5'],
      neutral_middle: true,
      statements: [
        { id: 's1', text: 'Eén' },
        { id: 's2', text: 'Twee' },
      ],
    };
    const matrix = likertMatrixSummary(settings, { s2: { 5: 2 }, unknown: { 1: 9 } });
    expect(matrix.map((row) => [row.statementId, row.text, row.summary.total, row.summary.mean])).toEqual([
      ['s1', 'Eén', 0, null],
      ['s2', 'Twee', 2, 5],
    ]);
  });
});

describe('ratingSummary', () => {
  it('should give the distribution over 1–5 and the mean', () => {
    const rating = ratingSummary({ 5: 3, 4: 1 });
    expect(rating.total).toBe(4);
    expect(rating.mean).toBe(4.75);
    expect(rating.distribution.map((r) => r.roundedPercent)).toEqual([0, 0, 0, 25, 75]);
  });

  it('should have no mean without answers and ignore scores outside the scale', () => {
    expect(ratingSummary({ 0: 4, 6: 1 })).toMatchObject({ total: 0, mean: null });
  });
});

const OPTIONS: ChoiceOption[] = [
  { id: 'o1', label: 'Rood' },
  { id: 'o2', label: 'Groen' },
  { id: 'o3', label: 'Blauw' },
];

describe('singleChoiceSummary', () => {
  it('should give a bar per option in question order, each share rounded on its own', () => {
    const summary = singleChoiceSummary(OPTIONS, { o3: 1, o1: 1, o2: 1 });
    expect(summary.respondents).toBe(3);
    expect(summary.rows.map((r) => [r.id, r.label, r.count, r.roundedPercent])).toEqual([
      ['o1', 'Rood', 1, 33],
      ['o2', 'Groen', 1, 33],
      ['o3', 'Blauw', 1, 33],
    ]);
    expect(summary.other).toEqual({ count: 0, percent: 0, roundedPercent: 0 });
  });

  it("should count 'anders' apart but within the respondents", () => {
    const summary = singleChoiceSummary(OPTIONS, { o1: 2, o2: 1 }, 1);
    expect(summary.respondents).toBe(4);
    expect(summary.rows.map((r) => r.percent)).toEqual([50, 25, 0]);
    expect(summary.other).toEqual({ count: 1, percent: 25, roundedPercent: 25 });
  });

  it('should ignore ids that are not options and be all zeros without answers', () => {
    expect(singleChoiceSummary(OPTIONS, { gone: 5, o2: 1 }).respondents).toBe(1);
    const empty = singleChoiceSummary(OPTIONS, {});
    expect(empty.respondents).toBe(0);
    expect(empty.rows.every((r) => r.percent === 0 && r.roundedPercent === 0)).toBe(true);
  });
});

describe('multipleChoiceSummary', () => {
  it('should give percentages of respondents, not of ticks', () => {
    const summary = multipleChoiceSummary(OPTIONS, { o1: 6, o2: 3 }, 2, 10);
    expect(summary.respondents).toBe(10);
    expect(summary.rows.map((r) => r.percent)).toEqual([60, 30, 0]);
    expect(summary.other).toEqual({ count: 2, percent: 20, roundedPercent: 20 });
  });

  it('should allow shares above 100 in total', () => {
    const summary = multipleChoiceSummary(OPTIONS, { o1: 4, o2: 4, o3: 4 }, 0, 4);
    expect(summary.rows.map((r) => r.roundedPercent)).toEqual([100, 100, 100]);
  });

  it('should round each share on its own', () => {
    const summary = multipleChoiceSummary(OPTIONS, { o1: 1, o2: 2 }, 0, 3);
    expect(summary.rows.map((r) => r.roundedPercent)).toEqual([33, 67, 0]);
  });

  it('should raise respondents below the largest count, and be zeros without respondents', () => {
    expect(multipleChoiceSummary(OPTIONS, { o1: 5 }, 0, 2).respondents).toBe(5);
    expect(multipleChoiceSummary(OPTIONS, {}, 0, 0).rows.map((r) => r.percent)).toEqual([0, 0, 0]);
  });
});

describe('chartFor', () => {
  it.each<[QuestionType, string]>([
    ['likert', 'diverging_bars'],
    ['nps', 'nps'],
    ['single_choice', 'bars'],
    ['multiple_choice', 'bars'],
    ['rating', 'distribution'],
    ['open_short', 'texts'],
    ['open_long', 'texts'],
  ])('should draw %s as %s', (type, chart) => {
    expect(chartFor(type)).toBe(chart);
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
