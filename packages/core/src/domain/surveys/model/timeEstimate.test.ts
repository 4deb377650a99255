import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Question, QuestionTiming } from '../../contract';
import {
  defaultQuestionSeconds,
  estimateSeconds,
  formatEstimate,
  MIN_TIMING_RESPONDENTS,
  median,
  QUESTION_SECONDS,
  questionSeconds,
  SURVEY_OVERHEAD_SECONDS,
} from './timeEstimate';

const base = { title: 'Vraag', required: false, position: 0 };
const items = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, text: `Stelling ${i}`, label: `Optie ${i}` }));

const likert = (id: string, statements: number): Question => ({
  ...base,
  id,
  type: 'likert',
  settings: {
    points: 5,
    labels: ['a', 'b', 'c', 'd', 'e'],
    neutral_middle: true,
    statements: items(statements, 's'),
  },
});
const single = (id: string, options: number, allowOther = false): Question => ({
  ...base,
  id,
  type: 'single_choice',
  settings: { options: items(options, 'o'), allow_other: allowOther },
});
const multiple = (id: string, options: number, allowOther = false): Question => ({
  ...base,
  id,
  type: 'multiple_choice',
  settings: { options: items(options, 'o'), allow_other: allowOther },
});
const openShort = (id: string): Question => ({
  ...base,
  id,
  type: 'open_short',
  settings: { max_length: 250 },
});
const openLong = (id: string): Question => ({
  ...base,
  id,
  type: 'open_long',
  settings: { max_length: 2000 },
});
const nps = (id: string): Question => ({ ...base, id, type: 'nps', settings: {} });
const rating = (id: string): Question => ({
  ...base,
  id,
  type: 'rating',
  settings: { scale: 5, style: 'stars' },
});

const timing = (median_seconds: number, respondents: number): QuestionTiming => ({
  median_seconds,
  respondents,
});

describe('QUESTION_SECONDS', () => {
  it('should hold the documented seconds per type', () => {
    expect(QUESTION_SECONDS).toEqual({
      likertQuestion: 4,
      likertStatement: 6,
      choiceQuestion: 6,
      singleChoiceOption: 1,
      multipleChoiceOption: 1.5,
      openShort: 20,
      openLong: 70,
      nps: 7,
      rating: 5,
      textBlock: 5,
      number: 8,
      dropdown: 10,
      date: 8,
      rankingOption: 3,
    });
    expect(SURVEY_OVERHEAD_SECONDS).toBe(10);
    expect(MIN_TIMING_RESPONDENTS).toBe(5);
  });
});

describe('defaultQuestionSeconds', () => {
  it('should give a one-statement Likert question the 10 s of a stand-alone question', () => {
    expect(defaultQuestionSeconds(likert('q', 1))).toBe(10);
  });

  it('should add 6 s per Likert statement, so a matrix costs less per item than separate questions', () => {
    expect(defaultQuestionSeconds(likert('q', 5))).toBe(34);
    expect(defaultQuestionSeconds(likert('q', 5))).toBeLessThan(5 * defaultQuestionSeconds(likert('q', 1)));
  });

  it('should count single-choice options, "anders, namelijk" as one more', () => {
    expect(defaultQuestionSeconds(single('q', 4))).toBe(10);
    expect(defaultQuestionSeconds(single('q', 4, true))).toBe(11);
    expect(defaultQuestionSeconds(single('q', 2))).toBe(8);
  });

  it('should weigh multiple-choice options more than single-choice options', () => {
    expect(defaultQuestionSeconds(multiple('q', 4))).toBe(12);
    expect(defaultQuestionSeconds(multiple('q', 4, true))).toBe(13.5);
    expect(defaultQuestionSeconds(multiple('q', 4))).toBeGreaterThan(defaultQuestionSeconds(single('q', 4)));
  });

  it('should give open, NPS and rating questions their flat seconds', () => {
    expect(defaultQuestionSeconds(openShort('q'))).toBe(20);
    expect(defaultQuestionSeconds(openLong('q'))).toBe(70);
    expect(defaultQuestionSeconds(nps('q'))).toBe(7);
    expect(defaultQuestionSeconds(rating('q'))).toBe(5);
  });
});

describe('questionSeconds', () => {
  it('should use the observed median from MIN_TIMING_RESPONDENTS respondents on', () => {
    expect(questionSeconds(nps('q'), { q: timing(12, 5) })).toBe(12);
    expect(questionSeconds(nps('q'), { q: timing(12, 500) })).toBe(12);
  });

  it('should keep the default below MIN_TIMING_RESPONDENTS respondents', () => {
    expect(questionSeconds(nps('q'), { q: timing(12, 4) })).toBe(7);
    expect(questionSeconds(nps('q'), { q: timing(12, 0) })).toBe(7);
  });

  it.each([0, -3, Number.NaN, Number.POSITIVE_INFINITY])(
    'should ignore an unusable median of %s',
    (seconds) => {
      expect(questionSeconds(nps('q'), { q: timing(seconds, 50) })).toBe(7);
    },
  );

  it('should use the default without observations or for another question id', () => {
    expect(questionSeconds(rating('q'))).toBe(5);
    expect(questionSeconds(rating('q'), { other: timing(99, 50) })).toBe(5);
  });
});

describe('estimateSeconds', () => {
  it('should be only the survey overhead without questions', () => {
    expect(estimateSeconds([])).toBe(SURVEY_OVERHEAD_SECONDS);
  });

  it('should add the overhead and every question by type', () => {
    const questions = [likert('a', 5), single('b', 4), openShort('c'), openLong('d'), nps('e'), rating('f')];
    expect(estimateSeconds(questions)).toBe(10 + 34 + 10 + 20 + 70 + 7 + 5);
  });

  it('should round to whole seconds (halves up)', () => {
    expect(estimateSeconds([multiple('a', 3)])).toBe(Math.round(10 + 6 + 4.5));
    expect(estimateSeconds([multiple('a', 3)])).toBe(21);
  });

  it('should mix observed medians and defaults per question', () => {
    const questions = [openLong('a'), openLong('b'), nps('c')];
    const observed = { a: timing(41, 30), b: timing(200, 2), c: timing(3.4, 9) };
    expect(estimateSeconds(questions, observed)).toBe(Math.round(10 + 41 + 70 + 3.4));
  });

  it('should differ from a flat 15 s per question where question types differ', () => {
    const flat = (questions: readonly Question[]) => SURVEY_OVERHEAD_SECONDS + 15 * questions.length;
    const quick = [nps('a'), rating('b'), rating('c')];
    const writing = [openLong('a'), openLong('b')];
    expect(estimateSeconds(quick)).toBe(27);
    expect(flat(quick)).toBe(55);
    expect(estimateSeconds(writing)).toBe(150);
    expect(flat(writing)).toBe(40);
  });
});

describe('median', () => {
  it('should be null for no values', () => {
    expect(median([])).toBeNull();
  });

  it('should take the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([7])).toBe(7);
  });

  it('should average the middle two of an even count', () => {
    expect(median([4, 1, 10, 2])).toBe(3);
    expect(median([1, 2])).toBe(1.5);
  });

  it('should be robust to one huge outlier (the tab left open over lunch)', () => {
    expect(median([8, 9, 10, 11, 3600])).toBe(10);
  });

  it('should leave out NaN and infinities, and be null when nothing is left', () => {
    expect(median([Number.NaN, 4, Number.POSITIVE_INFINITY, 6, Number.NEGATIVE_INFINITY])).toBe(5);
    expect(median([Number.NaN])).toBeNull();
  });

  it('should not reorder the input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('should have as many values at or below it as at or above it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 30 }),
        (values) => {
          const m = median(values) as number;
          const below = values.filter((v) => v <= m).length;
          const above = values.filter((v) => v >= m).length;
          expect(below).toBeGreaterThanOrEqual(values.length / 2);
          expect(above).toBeGreaterThanOrEqual(values.length / 2);
          expect(m).toBeGreaterThanOrEqual(Math.min(...values));
          expect(m).toBeLessThanOrEqual(Math.max(...values));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('formatEstimate', () => {
  it.each([
    [0, '± 1 minuut'],
    [1, '± 1 minuut'],
    [45, '± 1 minuut'],
    [60, '± 1 minuut'],
    [89, '± 1 minuut'],
    [90, '± 2 minuten'],
    [149, '± 2 minuten'],
    [150, '± 3 minuten'],
    [180, '± 3 minuten'],
    [209, '± 3 minuten'],
    [3600, '± 60 minuten'],
    [5400, '± 90 minuten'],
  ])('should show %s s as %j', (seconds, text) => {
    expect(formatEstimate(seconds)).toBe(text);
  });

  it.each([-30, Number.NaN, Number.POSITIVE_INFINITY])('should fall back to one minute for %s', (seconds) => {
    expect(formatEstimate(seconds)).toBe('± 1 minuut');
  });

  it('should always read "± N minuten", singular only for 1', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100_000, noNaN: true }), (seconds) => {
        const text = formatEstimate(seconds);
        const minutes = Number(/^± (\d+) minu(?:ut|ten)$/.exec(text)?.[1]);
        expect(minutes).toBeGreaterThanOrEqual(1);
        expect(text.endsWith(minutes === 1 ? ' minuut' : ' minuten')).toBe(true);
        expect(Math.abs(minutes * 60 - Math.max(seconds, 60))).toBeLessThanOrEqual(30);
      }),
      { numRuns: 300 },
    );
  });
});
