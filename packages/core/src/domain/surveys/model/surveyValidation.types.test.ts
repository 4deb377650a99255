import { describe, expect, it } from 'vitest';
import { createQuestion } from './questionEdits';
import { TEXT_BLOCK } from './questionTypes.fixtures';
import { SURVEY_MESSAGES } from './surveyLimits';
import { validateQuestion } from './surveyValidation';
import { defaultQuestionSeconds, QUESTION_SECONDS } from './timeEstimate';

describe('defaultQuestionSeconds: text block', () => {
  it('should count a text block as a short read', () => {
    expect(defaultQuestionSeconds(TEXT_BLOCK)).toBe(QUESTION_SECONDS.textBlock);
  });
});

describe('validateQuestion: text block', () => {
  it('should accept a text block with a heading and text, and never make it required', () => {
    const check = validateQuestion({ ...TEXT_BLOCK, required: true });
    expect(check).toEqual({ ok: true, value: { ...TEXT_BLOCK, required: false } });
  });

  it('should ask for the heading of a text block', () => {
    const check = validateQuestion({ ...TEXT_BLOCK, title: ' ' });
    expect(check.ok).toBe(false);
  });

  it('should create a text block without settings and optional', () => {
    let next = 0;
    const question = createQuestion('text_block', { newId: () => `id${++next}` });
    expect(question).toEqual({
      id: 'id1',
      title: '',
      required: false,
      position: 0,
      type: 'text_block',
      settings: {},
    });
  });
});

describe('validateQuestion: number', () => {
  const number = (settings: unknown) =>
    validateQuestion({
      id: 'q-n',
      type: 'number',
      title: 'Leeftijd',
      required: false,
      position: 0,
      settings,
    });

  it('should accept a range, a step and a unit, and leave out what is empty', () => {
    expect(number({ min: 18, max: 67, step: 1, unit: ' jaar ' })).toMatchObject({
      ok: true,
      value: { settings: { min: 18, max: 67, step: 1, unit: 'jaar' } },
    });
    expect(number({ min: null, step: 0.01, unit: '' })).toMatchObject({
      ok: true,
      value: { settings: { step: 0.01 } },
    });
  });

  it.each([
    [{ min: 10, max: 10, step: 1 }, 'settings.max', SURVEY_MESSAGES.numberRangeInvalid],
    [{ step: 0 }, 'settings.step', SURVEY_MESSAGES.numberStepInvalid],
    [{ step: 0.0000001 }, 'settings.step', SURVEY_MESSAGES.numberStepInvalid],
    [{ min: 'tien', step: 1 }, 'settings.min', SURVEY_MESSAGES.numberMinInvalid],
    [{ max: 2e9, step: 1 }, 'settings.max', SURVEY_MESSAGES.numberMaxInvalid],
    [{ step: 1, unit: 'x'.repeat(21) }, 'settings.unit', SURVEY_MESSAGES.numberUnitTooLong],
  ])('should refuse %j', (settings, key, message) => {
    const check = number(settings);
    expect(check.ok ? null : check.fields[key]).toBe(message);
  });
});

describe('validateQuestion: dropdown', () => {
  const dropdown = (count: number) =>
    validateQuestion({
      id: 'q-d',
      type: 'dropdown',
      title: 'Afdeling',
      required: false,
      position: 0,
      settings: {
        options: Array.from({ length: count }, (_, i) => ({ id: `d${i}`, label: `Afdeling ${i}` })),
      },
    });

  it('should take a long list, up to 500 options', () => {
    expect(dropdown(80).ok).toBe(true);
    expect(dropdown(500).ok).toBe(true);
    const check = dropdown(501);
    expect(check.ok ? null : check.fields['settings.options']).toBe(SURVEY_MESSAGES.tooManyDropdownOptions);
  });

  it('should ask for at least two options', () => {
    const check = dropdown(1);
    expect(check.ok ? null : check.fields['settings.options']).toBe(SURVEY_MESSAGES.optionsTooFew);
  });
});

describe('validateQuestion: date', () => {
  const date = (settings: unknown) =>
    validateQuestion({
      id: 'q-d',
      type: 'date',
      title: 'Startdatum',
      required: false,
      position: 0,
      settings,
    });

  it('should accept an optional first and last day', () => {
    expect(date({ min: '2026-01-01', max: '2026-12-31' }).ok).toBe(true);
    expect(date({ min: '', max: null })).toMatchObject({ ok: true, value: { settings: {} } });
  });

  it.each([
    [{ min: '2026-02-30' }, 'settings.min', SURVEY_MESSAGES.dateMinInvalid],
    [{ max: 'morgen' }, 'settings.max', SURVEY_MESSAGES.dateMaxInvalid],
    [{ min: '2026-12-31', max: '2026-01-01' }, 'settings.max', SURVEY_MESSAGES.dateRangeInvalid],
  ])('should refuse %j', (settings, key, message) => {
    const check = date(settings);
    expect(check.ok ? null : check.fields[key]).toBe(message);
  });
});
