import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import {
  ANSWER_MESSAGES,
  OTHER_TEXT_MAX_LENGTH,
  SECONDS_SPENT_MAX,
  validateAnswer,
  validateSubmission,
} from './answerValidation';
import {
  ALL,
  LIKERT,
  LIKERT7,
  MULTIPLE,
  NPS,
  OPEN_SHORT,
  RATING,
  refused,
  SINGLE,
} from './answerValidation.fixtures';

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
