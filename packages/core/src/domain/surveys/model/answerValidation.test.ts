import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import {
  ANSWER_MESSAGES,
  isAnswerEmpty,
  OPEN_TEXT_HARD_MAX_LENGTH,
  OTHER_TEXT_MAX_LENGTH,
  openTextLimit,
} from './answerValidation';
import {
  accepted,
  LIKERT,
  LIKERT7,
  MULTIPLE,
  NPS,
  OPEN_LONG,
  OPEN_SHORT,
  RATING,
  refused,
  SINGLE,
  SINGLE_NO_OTHER,
} from './answerValidation.fixtures';

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
      message: "Vul bij 'anders, namelijk' in wat je bedoelt.",
    });
  });

  it('should refuse "anders, namelijk" when the question does not offer it', () => {
    expect(refused(SINGLE_NO_OTHER, { other: 'Iets' })).toEqual({
      code: 'other_not_allowed',
      message: "Bij deze vraag kun je geen eigen antwoord ('anders, namelijk') geven.",
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
