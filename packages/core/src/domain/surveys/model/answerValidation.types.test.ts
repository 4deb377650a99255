import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES, validateAnswer, validateSubmission } from './answerValidation';
import { NPS } from './answerValidation.fixtures';
import { DEPARTMENT, PRIORITIES, START, TEXT_BLOCK, WEIGHT } from './questionTypes.fixtures';

describe('validateAnswer: text block', () => {
  it('should refuse any value for a text block, which takes no answer', () => {
    expect(validateAnswer(TEXT_BLOCK, { text: 'hallo' })).toEqual({
      ok: false,
      code: 'wrong_type',
      message: ANSWER_MESSAGES.noAnswer,
    });
  });

  it('should never ask for a text block when submitting, even when stored as required', () => {
    const check = validateSubmission(
      [
        { ...TEXT_BLOCK, required: true },
        { ...NPS, position: 1 },
      ],
      [{ question_id: NPS.id, value: { score: 9 } }],
      { final: true },
    );
    expect(check.ok).toBe(true);
  });
});

describe('validateAnswer: number', () => {
  it('should accept a number on the grid, beyond what a smallint holds, and round away float noise', () => {
    expect(validateAnswer(WEIGHT, { number: 40_000.5 })).toEqual({ ok: true, value: { number: 40_000.5 } });
    expect(validateAnswer(WEIGHT, { number: 0.1 + 0.2 + 0.2 })).toEqual({ ok: true, value: { number: 0.5 } });
  });

  it.each([
    [{ number: -1 }, 'below_min', ANSWER_MESSAGES.numberMin(0)],
    [{ number: 50_000.5 }, 'above_max', ANSWER_MESSAGES.numberMax(50_000)],
    [{ number: 2.25 }, 'off_step', ANSWER_MESSAGES.numberStep(0.5)],
    [{ number: Number.NaN }, 'not_a_number', ANSWER_MESSAGES.numberInvalid],
    [{ number: Number.POSITIVE_INFINITY }, 'not_a_number', ANSWER_MESSAGES.numberInvalid],
    [{ number: '12' }, 'wrong_type', ANSWER_MESSAGES.wrongType],
    [{ score: 12 }, 'wrong_type', ANSWER_MESSAGES.wrongType],
  ])('should refuse %j', (value, code, message) => {
    expect(validateAnswer(WEIGHT, value)).toEqual({ ok: false, code, message });
  });

  it('should say the limits in Dutch, with a decimal comma', () => {
    expect(ANSWER_MESSAGES.numberStep(0.5)).toBe('Vul een getal in stappen van 0,5 in.');
    expect(ANSWER_MESSAGES.numberMax(50_000)).toBe('Vul een getal van 50.000 of minder in.');
  });

  it('should count the grid from 0 without a minimum, and take any size within the limit', () => {
    const free = { ...WEIGHT, settings: { step: 1 } };
    expect(validateAnswer(free, { number: -40_000 })).toEqual({ ok: true, value: { number: -40_000 } });
    expect(validateAnswer(free, { number: 1.5 }).ok).toBe(false);
    expect(validateAnswer(free, { number: 2_000_000_000 }).ok).toBe(false);
  });

  it('should take an empty field as skipped: refused only when required and submitting', () => {
    expect(
      validateSubmission([WEIGHT], [{ question_id: WEIGHT.id, value: { number: null } }], { final: true }),
    ).toEqual({
      ok: true,
      answers: [],
    });
    const required = { ...WEIGHT, required: true };
    const check = validateSubmission([required], [{ question_id: WEIGHT.id, value: { number: null } }], {
      final: true,
    });
    expect(check.ok).toBe(false);
  });
});

describe('validateAnswer: dropdown', () => {
  it('should accept one of its options, and nothing chosen as skipped', () => {
    expect(validateAnswer(DEPARTMENT, { option_id: 'd80' })).toEqual({
      ok: true,
      value: { option_id: 'd80' },
    });
    expect(
      validateSubmission(
        [{ ...DEPARTMENT, required: false }],
        [{ question_id: DEPARTMENT.id, value: { option_id: null } }],
        { final: true },
      ),
    ).toEqual({ ok: true, answers: [] });
  });

  it.each([
    [{ option_id: 'd81' }, 'unknown_option', ANSWER_MESSAGES.unknownOption],
    [{ option_id: '' }, 'unknown_option', ANSWER_MESSAGES.unknownOption],
    [{ option_id: 3 }, 'wrong_type', ANSWER_MESSAGES.wrongType],
    [{ other: 'Kantine' }, 'wrong_type', ANSWER_MESSAGES.wrongType],
  ])('should refuse %j', (value, code, message) => {
    expect(validateAnswer(DEPARTMENT, value)).toEqual({ ok: false, code, message });
  });
});

describe('validateAnswer: date', () => {
  it('should accept a real day within the range, and an empty field as skipped', () => {
    expect(validateAnswer(START, { date: '2026-02-28' })).toEqual({
      ok: true,
      value: { date: '2026-02-28' },
    });
    expect(validateAnswer(START, { date: null })).toEqual({ ok: true, value: { date: null } });
  });

  it.each([
    [{ date: '2026-02-29' }, 'not_a_date', ANSWER_MESSAGES.dateInvalid],
    [{ date: '2026-13-01' }, 'not_a_date', ANSWER_MESSAGES.dateInvalid],
    [{ date: '1-3-2026' }, 'not_a_date', ANSWER_MESSAGES.dateInvalid],
    [{ date: '2025-12-31' }, 'date_too_early', 'Vul een datum op of na 1 januari 2026 in.'],
    [{ date: '2027-01-01' }, 'date_too_late', 'Vul een datum op of voor 31 december 2026 in.'],
    [{ date: 20260101 }, 'wrong_type', ANSWER_MESSAGES.wrongType],
  ])('should refuse %j', (value, code, message) => {
    expect(validateAnswer(START, value)).toEqual({ ok: false, code, message });
  });
});

describe('validateAnswer: ranking', () => {
  it('should accept every option once in any order, and an empty list as skipped', () => {
    const order = { option_ids: ['snelheid', 'prijs', 'service'] };
    expect(validateAnswer(PRIORITIES, order)).toEqual({ ok: true, value: order });
    expect(
      validateSubmission([PRIORITIES], [{ question_id: PRIORITIES.id, value: { option_ids: [] } }], {
        final: true,
      }),
    ).toEqual({ ok: true, answers: [] });
  });

  it.each([
    [{ option_ids: ['prijs', 'prijs', 'service'] }, 'duplicate_option', ANSWER_MESSAGES.duplicateOption],
    [{ option_ids: ['prijs', 'kwaliteit', 'service'] }, 'unknown_option', ANSWER_MESSAGES.unknownOption],
    [{ option_ids: ['prijs', 'service'] }, 'ranking_incomplete', ANSWER_MESSAGES.rankingIncomplete],
    [{ option_ids: 'prijs' }, 'wrong_type', ANSWER_MESSAGES.wrongType],
  ])('should refuse %j', (value, code, message) => {
    expect(validateAnswer(PRIORITIES, value)).toEqual({ ok: false, code, message });
  });
});
