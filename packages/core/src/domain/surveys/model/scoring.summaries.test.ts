import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LikertSettings, QuestionType } from '../../contract';
import {
  chartFor,
  likertMatrixSummary,
  likertSummary,
  multipleChoiceSummary,
  ratingSummary,
  singleChoiceSummary,
} from './scoring';
import { FIVE, FIVE_PLAIN, OPTIONS, SEVEN, SEVEN_PLAIN } from './scoring.fixtures';

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
