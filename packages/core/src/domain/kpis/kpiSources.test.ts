import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Question } from '../contract';
import { likertSummary, npsFromCounts } from '../surveys/model';
import { financeMetricValue, type SurveyPeriodCounts, surveyMetricValue } from './kpiSources';

const likert: Question = {
  id: 'werk',
  type: 'likert',
  title: 'Werk',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['1', '2', '3', '4', '5'],
    neutral_middle: true,
    statements: [{ id: 's1', text: 'x' }],
  },
};
const rating: Question = {
  id: 'ster',
  type: 'rating',
  title: 'Cijfer',
  required: false,
  position: 1,
  settings: { scale: 5, style: 'stars' },
};

const counts = (
  values: Record<number, number>,
  rest: Partial<SurveyPeriodCounts> = {},
): SurveyPeriodCounts => ({
  values,
  completed: 0,
  completedPersonal: 0,
  personalLinks: 0,
  ...rest,
});

describe('surveyMetricValue', () => {
  it('should give the NPS the results pages give, rounded the same way', () => {
    // 3 promoters, 1 passive, 4 detractors of 8: (3 − 4) / 8 = −12.5 → −13 (halves away from zero).
    const value = surveyMetricValue('nps', null, null, counts({ 10: 2, 9: 1, 7: 1, 3: 4 }));
    expect(value).toBe(-13);
    expect(value).toBe(npsFromCounts({ 10: 2, 9: 1, 7: 1, 3: 4 }).score);
    expect(surveyMetricValue('nps', null, null, counts({}))).toBeNull();
  });

  it('should give the mean and the top-2-box of a Likert statement', () => {
    const values = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 2 };
    expect(surveyMetricValue('likert_mean', likert, 's1', counts(values))).toBe(
      likertSummary({ points: 5, neutral_middle: true }, values).mean,
    );
    expect(surveyMetricValue('likert_top2', likert, 's1', counts(values))).toBe(60);
    expect(surveyMetricValue('likert_top2', likert, 's1', counts({}))).toBeNull();
    // A question that is not (any more) a Likert question computes nothing.
    expect(surveyMetricValue('likert_mean', rating, 's1', counts(values))).toBeNull();
  });

  it('should give the mean rating, the response rate and the completed responses', () => {
    expect(surveyMetricValue('rating_mean', rating, null, counts({ 4: 1, 5: 1 }))).toBe(4.5);
    expect(
      surveyMetricValue('response_rate', null, null, counts({}, { completedPersonal: 3, personalLinks: 12 })),
    ).toBe(25);
    expect(surveyMetricValue('response_rate', null, null, counts({}, { personalLinks: 0 }))).toBeNull();
    expect(surveyMetricValue('completed_responses', null, null, counts({}, { completed: 0 }))).toBe(0);
    expect(surveyMetricValue('completed_responses', null, null, counts({}, { completed: 41 }))).toBe(41);
  });

  it('should keep the top-2-box within 0–100 and equal to the share of 4s and 5s (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 200 }), (answers) => {
        const values: Record<number, number> = {};
        for (const answer of answers) values[answer] = (values[answer] ?? 0) + 1;
        const top = surveyMetricValue('likert_top2', likert, 's1', counts(values)) as number;
        expect(top).toBeGreaterThanOrEqual(0);
        expect(top).toBeLessThanOrEqual(100);
        expect(top).toBeCloseTo((answers.filter((answer) => answer >= 4).length * 100) / answers.length, 9);
      }),
    );
  });
});

describe('financeMetricValue', () => {
  it('should give revenue, costs, result and margin of a period', () => {
    const totals = { incomeCents: 200_000, costCents: 150_000 };
    expect(financeMetricValue('revenue', totals)).toBe(200_000);
    expect(financeMetricValue('costs', totals)).toBe(150_000);
    expect(financeMetricValue('result', totals)).toBe(50_000);
    expect(financeMetricValue('margin', totals)).toBe(25);
    expect(financeMetricValue('result', { incomeCents: 0, costCents: 1000 })).toBe(-1000);
    expect(financeMetricValue('margin', { incomeCents: 0, costCents: 1000 })).toBeNull();
  });
});
