import { describe, expect, it } from 'vitest';
import type { QuestionOf } from '../../contract';
import { checkNumber } from './answerChecks';
import { readTypedNumber, writeTypedNumber } from './typedNumbers';

// R-RESP-14: a typed number is read as the page's language writes numbers, alike on both ends.

const question: QuestionOf<'number'> = {
  id: 'kilo',
  type: 'number',
  title: 'Hoeveel kilo?',
  required: true,
  position: 0,
  settings: { min: 0, max: 50_000, step: 0.5 },
};

describe('readTypedNumber', () => {
  it.each([
    ['1.250,5', 'nl', 1250.5],
    ['1.250.000', 'nl', 1_250_000],
    ['12,5', 'nl', 12.5],
    ['12.5', 'nl', 12.5],
    ['-0,25', 'nl', -0.25],
    ['1 250,5', 'fr', 1250.5],
    ['1\u202f250,5', 'fr', 1250.5],
    ['1.250,5', 'de', 1250.5],
    ['1,250.5', 'en', 1250.5],
    ['1,250,000', 'en', 1_250_000],
    ['12.5', 'en', 12.5],
    ['1.250', 'en', 1.25],
    ['1,250', 'nl', 1.25],
    ['\u0661\u066c\u0662\u0665\u0660\u066b\u0665', 'ar', 1250.5],
    ['1250', 'en', 1250],
  ])("should read '%s' in %s as %s", (text, language, number) => {
    expect(readTypedNumber(text, language)).toEqual({ number });
  });

  it('should read an empty field as no answer', () => {
    expect(readTypedNumber('  ', 'en')).toEqual({ number: null });
  });

  it.each([
    ['1,250', 'en'],
    ['1.250', 'nl'],
    ['1.250', 'de'],
    ['1.250,5', 'en'],
    ['1,250.5', 'nl'],
    ['1,250,000', 'nl'],
  ])("should call '%s' in %s ambiguous", (text, language) => {
    expect(readTypedNumber(text, language)).toEqual({ problem: 'number_ambiguous' });
  });

  it.each([['twaalf'], ['1.2.3'], ['1e5'], ['1,25,0'], ['--1'], ['9'.repeat(41)]])(
    "should refuse '%s' as no number",
    (text) => {
      expect(readTypedNumber(text, 'nl')).toEqual({ problem: 'not_a_number' });
    },
  );

  it('should read an unknown language as Dutch', () => {
    expect(readTypedNumber('1.250,5', 'xx')).toEqual({ number: 1250.5 });
    expect(readTypedNumber('1.250,5', null)).toEqual({ number: 1250.5 });
  });

  it("should write a number back as the page's language does, without thousands marks", () => {
    expect(writeTypedNumber(1250.5, 'nl')).toBe('1250,5');
    expect(writeTypedNumber(1250.5, 'en')).toBe('1250.5');
    expect(readTypedNumber(writeTypedNumber(0.25, 'fr'), 'fr')).toEqual({ number: 0.25 });
  });
});

describe('checkNumber with typed text (the server reads it the same way)', () => {
  it('should store the canonical number of what was typed in the given language', () => {
    expect(checkNumber(question, { number: null, typed: '1,250.5', language: 'en' })).toEqual({
      ok: true,
      value: { number: 1250.5 },
    });
    expect(checkNumber(question, { number: 1.25, typed: '1.250,5', language: 'nl' })).toEqual({
      ok: true,
      value: { number: 1250.5 },
    });
  });

  it('should refuse ambiguous text with its own code and Dutch message, and checks the range after', () => {
    expect(checkNumber(question, { number: 1250, typed: '1.250', language: 'nl' })).toEqual({
      ok: false,
      code: 'number_ambiguous',
      message:
        'Dit getal is op twee manieren te lezen. Schrijf duizendtallen zonder scheidingsteken en decimalen met een komma: 1250 of 1250,5.',
    });
    expect(checkNumber(question, { number: null, typed: '60.000,5', language: 'nl' })).toMatchObject({
      ok: false,
      code: 'above_max',
    });
    expect(checkNumber(question, { number: null, typed: 12, language: 'nl' })).toMatchObject({
      ok: false,
      code: 'wrong_type',
    });
  });
});
