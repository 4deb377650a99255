import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Question, QuestionOf } from '../contract/surveys';
import {
  ANSWER_MESSAGES,
  isAnswerEmpty,
  OPEN_TEXT_HARD_MAX_LENGTH,
  OTHER_TEXT_MAX_LENGTH,
  openTextLimit,
  SECONDS_SPENT_MAX,
  validateAnswer,
  validateSubmission,
} from './answerValidation';

const LIKERT: QuestionOf<'likert'> = {
  id: 'q-likert',
  type: 'likert',
  title: 'Hoe ervaar je je werk?',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: true,
    statements: [
      { id: 's1', text: 'Ik heb genoeg tijd.' },
      { id: 's2', text: 'Ik krijg waardering.' },
    ],
  },
};
const LIKERT7: QuestionOf<'likert'> = {
  ...LIKERT,
  id: 'q-likert7',
  settings: { ...LIKERT.settings, points: 7 },
};
const SINGLE: QuestionOf<'single_choice'> = {
  id: 'q-single',
  type: 'single_choice',
  title: 'Hoe kwam je bij ons?',
  required: false,
  position: 1,
  settings: {
    options: [
      { id: 'o1', label: 'Via Google' },
      { id: 'o2', label: 'Via een collega' },
    ],
    allow_other: true,
  },
};
const SINGLE_NO_OTHER: QuestionOf<'single_choice'> = {
  ...SINGLE,
  id: 'q-single2',
  settings: { ...SINGLE.settings, allow_other: false },
};
const MULTIPLE: QuestionOf<'multiple_choice'> = {
  id: 'q-multi',
  type: 'multiple_choice',
  title: 'Welke functies gebruik je?',
  required: false,
  position: 2,
  settings: {
    options: [
      { id: 'a', label: 'Surveys' },
      { id: 'b', label: 'KPI’s' },
      { id: 'c', label: 'Financiën' },
      { id: 'd', label: 'Contacten' },
    ],
    allow_other: true,
    min_choices: 2,
    max_choices: 3,
  },
};
const OPEN_SHORT: QuestionOf<'open_short'> = {
  id: 'q-short',
  type: 'open_short',
  title: 'Je afdeling',
  required: false,
  position: 3,
  settings: { max_length: 20 },
};
const OPEN_LONG: QuestionOf<'open_long'> = {
  id: 'q-long',
  type: 'open_long',
  title: 'Wat kan beter?',
  required: false,
  position: 4,
  settings: { max_length: 99_999 },
};
const NPS: QuestionOf<'nps'> = {
  id: 'q-nps',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: true,
  position: 5,
  settings: {},
};
const RATING: QuestionOf<'rating'> = {
  id: 'q-rating',
  type: 'rating',
  title: 'Je cijfer',
  required: false,
  position: 6,
  settings: { scale: 5, style: 'stars' },
};
const ALL: readonly Question[] = [LIKERT, SINGLE, MULTIPLE, OPEN_SHORT, OPEN_LONG, NPS, RATING];

const refused = (question: Question, value: unknown) => {
  const check = validateAnswer(question, value);
  return check.ok ? null : { code: check.code, message: check.message };
};
const accepted = (question: Question, value: unknown) => {
  const check = validateAnswer(question, value);
  return check.ok ? check.value : null;
};

describe('validateAnswer (NPS)', () => {
  it.each([0, 6, 7, 9, 10])('should accept score %s', (score) => {
    expect(accepted(NPS, { score })).toEqual({ score });
  });

  it.each([-1, 11, 3.5, 100])('should refuse score %s as out of range', (score) => {
    expect(refused(NPS, { score })).toEqual({
      code: 'out_of_range',
      message: 'Kies een score van 0 tot en met 10.',
    });
  });

  it.each([[{ score: '7' }], [{}], [7], [null], [[7]], [{ score: null }]])(
    'should refuse %j as the wrong type',
    (value) => {
      expect(refused(NPS, value)).toEqual({
        code: 'wrong_type',
        message: 'Dit antwoord past niet bij deze vraag.',
      });
    },
  );

  it('should drop unknown fields', () => {
    expect(accepted(NPS, { score: 8, extra: '<script>' })).toEqual({ score: 8 });
  });
});

describe('validateAnswer (rating)', () => {
  it.each([1, 3, 5])('should accept %s', (score) => {
    expect(accepted(RATING, { score })).toEqual({ score });
  });

  it.each([0, 6, 2.5])('should refuse %s with the range 1 to 5', (score) => {
    expect(refused(RATING, { score })).toEqual({
      code: 'out_of_range',
      message: 'Kies een score van 1 tot en met 5.',
    });
  });
});

describe('validateAnswer (Likert)', () => {
  it('should accept a point per statement and a partial matrix', () => {
    expect(accepted(LIKERT, { s1: 1, s2: 5 })).toEqual({ s1: 1, s2: 5 });
    expect(accepted(LIKERT, { s2: 3 })).toEqual({ s2: 3 });
    expect(accepted(LIKERT, {})).toEqual({});
  });

  it('should refuse a point outside the scale, naming the scale', () => {
    expect(refused(LIKERT, { s1: 6 })).toEqual({
      code: 'out_of_range',
      message: 'Kies bij elke stelling een waarde van 1 tot en met 5.',
    });
    expect(refused(LIKERT, { s1: 0 })?.code).toBe('out_of_range');
    expect(refused(LIKERT, { s1: 2.5 })?.code).toBe('out_of_range');
    expect(refused(LIKERT7, { s1: 8 })?.message).toBe(
      'Kies bij elke stelling een waarde van 1 tot en met 7.',
    );
    expect(accepted(LIKERT7, { s1: 7 })).toEqual({ s1: 7 });
  });

  it('should refuse a statement of another question', () => {
    expect(refused(LIKERT, { s1: 3, s9: 3 })).toEqual({
      code: 'unknown_statement',
      message: 'Dit antwoord hoort bij een stelling die niet in deze vraag staat.',
    });
    expect(refused(LIKERT, JSON.parse('{"__proto__": 3}'))?.code).toBe('unknown_statement');
  });

  it.each([[[3, 4]], [null], ['3'], [{ s1: '3' }], [{ s1: null }]])(
    'should refuse %j as the wrong type',
    (value) => {
      expect(refused(LIKERT, value)?.code).toBe('wrong_type');
    },
  );
});

describe('validateAnswer (single choice)', () => {
  it('should accept a known option', () => {
    expect(accepted(SINGLE, { option_id: 'o2' })).toEqual({ option_id: 'o2' });
  });

  it('should read a null field as absent', () => {
    expect(accepted(SINGLE, { option_id: 'o1', other: null })).toEqual({ option_id: 'o1' });
    expect(accepted(SINGLE, { option_id: null, other: 'Radio' })).toEqual({ other: 'Radio' });
    expect(refused(SINGLE, { option_id: null, other: null })?.code).toBe('wrong_type');
  });

  it('should accept "anders, namelijk" with its text trimmed', () => {
    expect(accepted(SINGLE, { other: '  Via de radio ' })).toEqual({ other: 'Via de radio' });
  });

  it('should refuse an unknown option', () => {
    expect(refused(SINGLE, { option_id: 'o9' })).toEqual({
      code: 'unknown_option',
      message: 'Kies een van de antwoorden die bij deze vraag horen.',
    });
  });

  it('should refuse "anders, namelijk" without text', () => {
    expect(refused(SINGLE, { other: '   ' })).toEqual({
      code: 'other_missing',
      message: 'Vul bij ‘anders, namelijk’ in wat je bedoelt.',
    });
  });

  it('should refuse "anders, namelijk" when the question does not offer it', () => {
    expect(refused(SINGLE_NO_OTHER, { other: 'Iets' })).toEqual({
      code: 'other_not_allowed',
      message: 'Bij deze vraag kun je geen eigen antwoord (‘anders, namelijk’) geven.',
    });
  });

  it('should refuse an over-long "anders, namelijk" text', () => {
    expect(accepted(SINGLE, { other: 'x'.repeat(OTHER_TEXT_MAX_LENGTH) })).not.toBeNull();
    expect(refused(SINGLE, { other: 'x'.repeat(OTHER_TEXT_MAX_LENGTH + 1) })).toEqual({
      code: 'too_long',
      message: 'Je antwoord mag hoogstens 500 tekens lang zijn.',
    });
  });

  it.each([[{}], [{ option_id: 'o1', other: 'x' }], [{ option_id: 1 }], [{ other: 5 }], ['o1']])(
    'should refuse %j as the wrong type',
    (value) => {
      expect(refused(SINGLE, value)?.code).toBe('wrong_type');
    },
  );
});

describe('validateAnswer (multiple choice)', () => {
  it('should accept choices within the limits, "anders" counting as one', () => {
    expect(accepted(MULTIPLE, { option_ids: ['a', 'c'] })).toEqual({ option_ids: ['a', 'c'] });
    expect(accepted(MULTIPLE, { option_ids: ['a'], other: ' Rapporten ' })).toEqual({
      option_ids: ['a'],
      other: 'Rapporten',
    });
    expect(accepted(MULTIPLE, { option_ids: ['a', 'b', 'c'] })).not.toBeNull();
  });

  it('should accept nothing chosen as a skipped question, not as too few', () => {
    expect(accepted(MULTIPLE, { option_ids: [] })).toEqual({ option_ids: [] });
    expect(accepted(MULTIPLE, { option_ids: [], other: null })).toEqual({ option_ids: [] });
  });

  it('should refuse too few and too many choices', () => {
    expect(refused(MULTIPLE, { option_ids: ['a'] })).toEqual({
      code: 'too_few_choices',
      message: 'Kies minstens 2 antwoorden.',
    });
    expect(refused(MULTIPLE, { option_ids: ['a', 'b', 'c', 'd'] })).toEqual({
      code: 'too_many_choices',
      message: 'Kies hoogstens 3 antwoorden.',
    });
    expect(refused(MULTIPLE, { option_ids: ['a', 'b', 'c'], other: 'Meer' })?.code).toBe('too_many_choices');
  });

  it('should use the singular for a limit of one', () => {
    const one: Question = { ...MULTIPLE, settings: { ...MULTIPLE.settings, min_choices: 1, max_choices: 1 } };
    expect(refused(one, { option_ids: ['a', 'b'] })?.message).toBe('Kies hoogstens 1 antwoord.');
    expect(ANSWER_MESSAGES.tooFewChoices(1)).toBe('Kies minstens 1 antwoord.');
  });

  it('should allow any number of choices without limits', () => {
    const free: Question = {
      ...MULTIPLE,
      settings: { options: MULTIPLE.settings.options, allow_other: false },
    };
    expect(accepted(free, { option_ids: ['a'] })).not.toBeNull();
    expect(accepted(free, { option_ids: ['a', 'b', 'c', 'd'] })).not.toBeNull();
  });

  it('should refuse unknown and repeated options', () => {
    expect(refused(MULTIPLE, { option_ids: ['a', 'z'] })?.code).toBe('unknown_option');
    expect(refused(MULTIPLE, { option_ids: ['a', 'a'] })).toEqual({
      code: 'duplicate_option',
      message: 'Je hebt hetzelfde antwoord meer dan één keer gekozen.',
    });
  });

  it('should refuse an empty or forbidden "anders" text', () => {
    expect(refused(MULTIPLE, { option_ids: ['a'], other: '' })?.code).toBe('other_missing');
    const noOther: Question = { ...MULTIPLE, settings: { ...MULTIPLE.settings, allow_other: false } };
    expect(refused(noOther, { option_ids: ['a', 'b'], other: 'x' })?.code).toBe('other_not_allowed');
  });

  it.each([[{}], [{ option_ids: 'a' }], [{ option_ids: [1, 2] }], [{ option_ids: ['a', 'b'], other: 3 }]])(
    'should refuse %j as the wrong type',
    (value) => {
      expect(refused(MULTIPLE, value)?.code).toBe('wrong_type');
    },
  );
});

describe('validateAnswer (open text)', () => {
  it('should accept text up to max_length, trimmed', () => {
    expect(accepted(OPEN_SHORT, { text: '  Financiën  ' })).toEqual({ text: 'Financiën' });
    expect(accepted(OPEN_SHORT, { text: 'x'.repeat(20) })).not.toBeNull();
  });

  it('should refuse text over max_length, with the limit in the message', () => {
    expect(refused(OPEN_SHORT, { text: 'x'.repeat(21) })).toEqual({
      code: 'too_long',
      message: 'Je antwoord mag hoogstens 20 tekens lang zijn.',
    });
  });

  it('should hold every text to the hard cap, whatever max_length says', () => {
    expect(OPEN_TEXT_HARD_MAX_LENGTH).toBe(5000);
    expect(accepted(OPEN_LONG, { text: 'x'.repeat(5000) })).not.toBeNull();
    expect(refused(OPEN_LONG, { text: 'x'.repeat(5001) })).toEqual({
      code: 'too_long',
      message: 'Je antwoord mag hoogstens 5.000 tekens lang zijn.',
    });
  });

  it('should remove NUL characters, which Postgres text cannot hold', () => {
    expect(accepted(OPEN_SHORT, { text: 'a\u0000b' })).toEqual({ text: 'ab' });
  });

  it.each([[{ text: 5 }], [{}], ['tekst'], [null]])('should refuse %j as the wrong type', (value) => {
    expect(refused(OPEN_SHORT, value)?.code).toBe('wrong_type');
  });
});

describe('openTextLimit', () => {
  it('should be the question limit under the hard cap, else the cap', () => {
    expect(openTextLimit(20)).toBe(20);
    expect(openTextLimit(9000)).toBe(5000);
    expect(openTextLimit(0)).toBe(5000);
    expect(openTextLimit(Number.NaN)).toBe(5000);
  });
});

describe('isAnswerEmpty', () => {
  it('should treat no statement, no choice and no text as empty', () => {
    expect(isAnswerEmpty(LIKERT, {})).toBe(true);
    expect(isAnswerEmpty(LIKERT, { s1: 2 })).toBe(false);
    expect(isAnswerEmpty(MULTIPLE, { option_ids: [] })).toBe(true);
    expect(isAnswerEmpty(MULTIPLE, { option_ids: [], other: 'x' })).toBe(false);
    expect(isAnswerEmpty(OPEN_SHORT, { text: '' })).toBe(true);
    expect(isAnswerEmpty(OPEN_SHORT, { text: 'x' })).toBe(false);
    expect(isAnswerEmpty(NPS, { score: 0 })).toBe(false);
    expect(isAnswerEmpty(SINGLE, { option_id: 'o1' })).toBe(false);
  });
});

describe('validateAnswer (properties)', () => {
  const likertValue = (points: number) =>
    fc
      .record(
        { s1: fc.integer({ min: 1, max: points }), s2: fc.integer({ min: 1, max: points }) },
        { requiredKeys: [] },
      )
      .map((value) => value as Record<string, number>);
  const text = (max: number) =>
    fc
      .string({ maxLength: max })
      .map((s) => s.replaceAll('\u0000', '').trim())
      .filter((s) => s.length > 0);

  it('should accept every value of the valid domain and give it back unchanged', () => {
    const cases: fc.Arbitrary<[Question, unknown]>[] = [
      fc.integer({ min: 0, max: 10 }).map((score) => [NPS, { score }]),
      fc.integer({ min: 1, max: 5 }).map((score) => [RATING, { score }]),
      likertValue(5).map((value) => [LIKERT, value]),
      likertValue(7).map((value) => [LIKERT7, value]),
      fc.constantFrom('o1', 'o2').map((option_id) => [SINGLE, { option_id }]),
      text(OTHER_TEXT_MAX_LENGTH).map((other) => [SINGLE, { other }]),
      fc
        .subarray(['a', 'b', 'c', 'd'], { minLength: 2, maxLength: 3 })
        .map((option_ids) => [MULTIPLE, { option_ids }]),
      fc
        .tuple(fc.subarray(['a', 'b', 'c', 'd'], { minLength: 1, maxLength: 2 }), text(40))
        .map(([option_ids, other]) => [MULTIPLE, { option_ids, other }]),
      text(20).map((t) => [OPEN_SHORT, { text: t }]),
    ];
    fc.assert(
      fc.property(fc.oneof(...cases), ([question, value]) => {
        const check = validateAnswer(question, value);
        expect(check).toEqual({ ok: true, value });
      }),
      { numRuns: 400 },
    );
  });

  it('should refuse every score outside the range of NPS and rating', () => {
    const outside = (min: number, max: number) =>
      fc.oneof(
        fc.integer({ max: min - 1 }),
        fc.integer({ min: max + 1 }),
        fc.double({ min, max }).filter((x) => !Number.isInteger(x)),
      );
    fc.assert(
      fc.property(outside(0, 10), outside(1, 5), (npsScore, ratingScore) => {
        expect(refused(NPS, { score: npsScore })?.code).toBe('out_of_range');
        expect(refused(RATING, { score: ratingScore })?.code).toBe('out_of_range');
        expect(refused(LIKERT, { s1: ratingScore })?.code).toBe('out_of_range');
      }),
      { numRuns: 300 },
    );
  });

  it('should never throw on arbitrary JSON, for any question type', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL), fc.jsonValue(), (question, value) => {
        const check = validateAnswer(question, value);
        expect(typeof check.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

describe('validateSubmission', () => {
  const complete = [
    { question_id: 'q-nps', value: { score: 9 }, seconds_spent: 6.5 },
    { question_id: 'q-likert', value: { s1: 4, s2: 2 } },
  ];

  it('should accept a complete submission and return the answers in survey order', () => {
    const check = validateSubmission(ALL, complete, { final: true });
    expect(check).toEqual({
      ok: true,
      answers: [
        { question_id: 'q-likert', value: { s1: 4, s2: 2 }, seconds_spent: null },
        { question_id: 'q-nps', value: { score: 9 }, seconds_spent: 6.5 },
      ],
    });
  });

  it('should leave out empty answers (skipped questions are not stored)', () => {
    const check = validateSubmission(
      ALL,
      [
        ...complete,
        { question_id: 'q-short', value: { text: '   ' } },
        { question_id: 'q-multi', value: { option_ids: [] } },
      ],
      { final: true },
    );
    expect(check.ok && check.answers.map((a) => a.question_id)).toEqual(['q-likert', 'q-nps']);
  });

  it('should refuse missing required answers only when final', () => {
    expect(validateSubmission(ALL, [], { final: false })).toEqual({ ok: true, answers: [] });
    const check = validateSubmission(ALL, [], { final: true });
    expect(check).toEqual({
      ok: false,
      detail: '2 antwoorden zijn niet in orde. Controleer de gemarkeerde vragen.',
      fields: { 'q-likert': 'Deze vraag is verplicht.', 'q-nps': 'Deze vraag is verplicht.' },
      problems: [
        { question_id: 'q-likert', code: 'required', message: 'Deze vraag is verplicht.' },
        { question_id: 'q-nps', code: 'required', message: 'Deze vraag is verplicht.' },
      ],
    });
  });

  it('should ask for every statement of a required Likert question when final', () => {
    const answers = [complete[0], { question_id: 'q-likert', value: { s1: 4 } }];
    expect(validateSubmission(ALL, answers, { final: false }).ok).toBe(true);
    expect(validateSubmission(ALL, answers, { final: true })).toMatchObject({
      ok: false,
      detail: 'Beantwoord alle stellingen van deze vraag.',
      fields: { 'q-likert': 'Beantwoord alle stellingen van deze vraag.' },
    });
  });

  it('should treat an empty answer to a required question as missing', () => {
    const answers = [complete[1], { question_id: 'q-nps', value: { score: 3 } }];
    const required: Question = { ...OPEN_SHORT, required: true };
    const check = validateSubmission(
      [LIKERT, NPS, required],
      [...answers, { question_id: 'q-short', value: { text: ' ' } }],
      {
        final: true,
      },
    );
    expect(check).toMatchObject({ ok: false, fields: { 'q-short': 'Deze vraag is verplicht.' } });
  });

  it('should refuse an answer for a question not in this survey', () => {
    const check = validateSubmission(ALL, [{ question_id: 'q-of-another-survey', value: { score: 1 } }], {
      final: false,
    });
    expect(check).toEqual({
      ok: false,
      detail: 'Dit antwoord hoort bij een vraag die niet in deze survey staat.',
      fields: { 'q-of-another-survey': 'Dit antwoord hoort bij een vraag die niet in deze survey staat.' },
      problems: [
        {
          question_id: 'q-of-another-survey',
          code: 'unknown_question',
          message: 'Dit antwoord hoort bij een vraag die niet in deze survey staat.',
        },
      ],
    });
  });

  it('should refuse a question answered twice', () => {
    const check = validateSubmission(ALL, [complete[0], complete[0]], { final: false });
    expect(check).toMatchObject({
      ok: false,
      fields: { 'q-nps': 'Deze vraag is meer dan één keer beantwoord.' },
    });
  });

  it('should refuse the whole submission when one answer is wrong (nothing stored)', () => {
    const check = validateSubmission(ALL, [...complete, { question_id: 'q-rating', value: { score: 9 } }], {
      final: true,
    });
    expect(check).toEqual({
      ok: false,
      detail: 'Kies een score van 1 tot en met 5.',
      fields: { 'q-rating': 'Kies een score van 1 tot en met 5.' },
      problems: [
        { question_id: 'q-rating', code: 'out_of_range', message: 'Kies een score van 1 tot en met 5.' },
      ],
    });
  });

  it('should report every problem at once, a refused required answer only once', () => {
    const check = validateSubmission(
      ALL,
      [
        { question_id: 'q-nps', value: { score: 11 } },
        { question_id: 'q-short', value: { text: 'x'.repeat(21) } },
      ],
      { final: true },
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems.map((p) => [p.question_id, p.code])).toEqual([
      ['q-nps', 'out_of_range'],
      ['q-short', 'too_long'],
      ['q-likert', 'required'],
    ]);
    expect(check.detail).toBe('3 antwoorden zijn niet in orde. Controleer de gemarkeerde vragen.');
  });

  it.each([[null], [{}], ['antwoorden'], [42]])('should refuse %j as an unreadable list', (answers) => {
    expect(validateSubmission(ALL, answers, { final: true })).toEqual({
      ok: false,
      detail: ANSWER_MESSAGES.unreadable,
      fields: { answers: ANSWER_MESSAGES.unreadable },
      problems: [{ question_id: null, code: 'unreadable', message: ANSWER_MESSAGES.unreadable }],
    });
  });

  it('should refuse unreadable entries under the key "answers"', () => {
    const check = validateSubmission(ALL, [complete[0], null, { question_id: 7, value: {} }], {
      final: false,
    });
    expect(check).toMatchObject({ ok: false, fields: { answers: ANSWER_MESSAGES.unreadable } });
    expect(!check.ok && check.problems).toHaveLength(2);
  });

  it('should refuse more answers than questions without looking further', () => {
    const many = Array.from({ length: ALL.length + 1 }, () => complete[0]);
    expect(validateSubmission(ALL, many, { final: false })).toMatchObject({
      ok: false,
      fields: { answers: 'Er zijn meer antwoorden dan vragen in deze survey.' },
    });
  });

  it('should keep "__proto__" as a plain field key', () => {
    const check = validateSubmission(ALL, [{ question_id: '__proto__', value: {} }], { final: false });
    expect(!check.ok && Object.keys(check.fields)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(!check.ok && check.fields)).toBe(Object.prototype);
  });

  it.each([[-1], ['5'], [Number.NaN], [{}]])('should refuse seconds_spent %j', (seconds) => {
    const check = validateSubmission(ALL, [{ ...complete[0], seconds_spent: seconds }], { final: false });
    expect(check).toMatchObject({
      ok: false,
      fields: { 'q-nps': 'De gemeten tijd bij deze vraag is ongeldig.' },
    });
  });

  it('should cap huge seconds_spent and accept null as not sent', () => {
    const check = validateSubmission(
      ALL,
      [
        { ...complete[0], seconds_spent: 10 ** 9 },
        { ...complete[1], seconds_spent: null },
      ],
      { final: true },
    );
    expect(check.ok && check.answers.map((a) => a.seconds_spent)).toEqual([null, SECONDS_SPENT_MAX]);
  });

  it('should never throw on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (answers, final) => {
        expect(typeof validateSubmission(ALL, answers, { final }).ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
