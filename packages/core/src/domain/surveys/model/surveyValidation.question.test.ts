import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_PATTERN, QUESTION_TYPES } from './surveyLimits';
import { validateQuestion } from './surveyValidation';
import {
  fields,
  likert,
  M,
  multiple,
  nps,
  open,
  rating,
  single,
  withSettings,
} from './surveyValidation.fixtures';

describe('validateQuestion', () => {
  it.each([likert, single, multiple, open, nps, rating])(
    'should accept a valid $type question as it is',
    (question) => {
      expect(validateQuestion(question)).toEqual({ ok: true, value: question });
    },
  );

  it('should trim texts, drop unknown fields and an empty description', () => {
    const check = validateQuestion({
      ...single,
      title: '  Kleur?  ',
      description: '   ',
      extra: 1,
      settings: {
        ...single.settings,
        options: [{ id: 'o1', label: ' Rood ', x: 1 }, single.settings.options[1]],
        junk: 2,
      },
    });
    expect(check).toEqual({ ok: true, value: single });
  });

  it('should keep a description', () => {
    expect(validateQuestion({ ...rating, description: ' Eén cijfer ' })).toEqual({
      ok: true,
      value: { ...rating, description: 'Eén cijfer' },
    });
  });

  it.each([[null], ['vraag'], [[]]])('should refuse %j as unreadable', (input) => {
    expect(validateQuestion(input)).toEqual({ ok: false, fields: { question: M.questionUnreadable } });
  });

  it('should ask for a title, and at most 300 characters', () => {
    expect(fields({ ...nps, title: '  ' })).toEqual({ title: 'Vul de vraag in.' });
    expect(fields({ ...nps, title: 'x'.repeat(300) })).toEqual({});
    expect(fields({ ...nps, title: 'x'.repeat(301) })).toEqual({
      title: 'De vraag mag hoogstens 300 tekens lang zijn.',
    });
  });

  it('should refuse a description over 1.000 characters', () => {
    expect(fields({ ...nps, description: 'x'.repeat(1001) })).toEqual({
      description: 'De toelichting mag hoogstens 1.000 tekens lang zijn.',
    });
  });

  it('should check id, type, required, position and settings', () => {
    expect(fields({ ...nps, id: '' })).toEqual({ id: M.questionIdInvalid });
    expect(fields({ ...nps, id: '__proto__' })).toEqual({ id: M.questionIdInvalid });
    expect(fields({ ...nps, type: 'matrix' })).toEqual({ type: 'Kies een soort vraag.' });
    expect(fields({ ...nps, required: 'ja' })).toEqual({ required: M.requiredInvalid });
    expect(fields({ ...nps, position: -1 })).toEqual({ position: M.positionInvalid });
    expect(fields({ ...nps, position: 1.5 })).toEqual({ position: M.positionInvalid });
    expect(fields({ ...nps, settings: null })).toEqual({ settings: M.settingsMissing });
  });

  it('should accept uuid-like ids and refuse others', () => {
    expect(ID_PATTERN.test('3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f')).toBe(true);
    expect(ID_PATTERN.test('q_1')).toBe(true);
    expect(ID_PATTERN.test('-q')).toBe(false);
    expect(ID_PATTERN.test('a b')).toBe(false);
    expect(ID_PATTERN.test('x'.repeat(65))).toBe(false);
  });

  describe('likert', () => {
    it('should take 5 or 7 points only', () => {
      expect(fields(withSettings(likert, { points: 6 }))).toEqual({
        'settings.points': 'Kies een schaal van 5 of 7 punten.',
      });
    });

    it('should ask for a label per point', () => {
      expect(fields(withSettings(likert, { points: 7 }))).toEqual({
        'settings.labels': 'Geef elk punt van de schaal een label (7 labels).',
      });
      expect(fields(withSettings(likert, { labels: ['a', 'b', ' ', 'd', 'e'] }))).toEqual({
        'settings.labels.2': 'Vul het label van dit punt in.',
      });
      expect(fields(withSettings(likert, { labels: ['a', 'b', 'c', 'd', 'x'.repeat(61)] }))).toEqual({
        'settings.labels.4': 'Een label mag hoogstens 60 tekens lang zijn.',
      });
    });

    it('should ask whether the middle is neutral', () => {
      expect(fields(withSettings(likert, { neutral_middle: 'ja' }))).toEqual({
        'settings.neutral_middle': M.neutralMiddleInvalid,
      });
    });

    it('should want at least one statement, each filled in, unique and with its own id', () => {
      expect(fields(withSettings(likert, { statements: [] }))).toEqual({
        'settings.statements': 'Voeg minstens één stelling toe.',
      });
      expect(fields(withSettings(likert, { statements: [{ id: 's1', text: '' }] }))).toEqual({
        'settings.statements.0': 'Vul de stelling in.',
      });
      expect(
        fields(
          withSettings(likert, {
            statements: [
              { id: 's1', text: 'Het werk  is leuk' },
              { id: 's2', text: 'het werk is LEUK' },
            ],
          }),
        ),
      ).toEqual({ 'settings.statements.1': 'Deze stelling staat er al.' });
      expect(
        fields(
          withSettings(likert, {
            statements: [
              { id: 's1', text: 'a' },
              { id: 's1', text: 'b' },
            ],
          }),
        ),
      ).toEqual({ 'settings.statements.1': M.itemIdDuplicate });
    });

    it('should allow at most 30 statements', () => {
      const statements = (n: number) =>
        Array.from({ length: n }, (_, i) => ({ id: `s${i}`, text: `Stelling ${i}` }));
      expect(fields(withSettings(likert, { statements: statements(30) }))).toEqual({});
      expect(fields(withSettings(likert, { statements: statements(31) }))).toEqual({
        'settings.statements': 'Een vraag kan hoogstens 30 stellingen hebben.',
      });
    });
  });

  describe('choice', () => {
    it('should want two choices, "anders, namelijk" counting as one', () => {
      const one = [{ id: 'o1', label: 'Ja' }];
      expect(fields(withSettings(single, { options: one }))).toEqual({
        'settings.options': "Geef minstens twee antwoorden om uit te kiezen ('anders, namelijk' telt mee).",
      });
      expect(fields(withSettings(single, { options: one, allow_other: true }))).toEqual({});
      expect(fields(withSettings(single, { options: [], allow_other: true }))).toEqual({
        'settings.options': M.optionsTooFew,
      });
    });

    it('should want unique, filled-in labels', () => {
      expect(
        fields(
          withSettings(single, {
            options: [
              { id: 'o1', label: 'Rood' },
              { id: 'o2', label: ' rood ' },
            ],
          }),
        ),
      ).toEqual({ 'settings.options.1': 'Deze antwoordoptie staat er al.' });
      expect(
        fields(
          withSettings(single, {
            options: [
              { id: 'o1', label: '' },
              { id: 'o2', label: 'x'.repeat(201) },
            ],
          }),
        ),
      ).toEqual({
        'settings.options.0': 'Vul de antwoordoptie in.',
        'settings.options.1': 'Een antwoordoptie mag hoogstens 200 tekens lang zijn.',
      });
    });

    it('should ask whether "anders, namelijk" is on', () => {
      expect(fields(withSettings(single, { allow_other: undefined }))).toEqual({
        'settings.allow_other': M.allowOtherInvalid,
      });
    });

    it('should keep min and max choices within 1 and the number of choices', () => {
      // Two options plus 'anders': three choices.
      expect(fields(withSettings(multiple, { min_choices: 0 }))).toEqual({
        'settings.min_choices': 'Het minimum aantal keuzes moet een heel getal van 1 tot en met 3 zijn.',
      });
      expect(fields(withSettings(multiple, { min_choices: 4, max_choices: undefined }))).toEqual({
        'settings.min_choices': M.minChoicesInvalid(3),
      });
      expect(fields(withSettings(multiple, { min_choices: 2, max_choices: 1 }))).toEqual({
        'settings.max_choices': 'Het maximum aantal keuzes moet een heel getal van 2 tot en met 3 zijn.',
      });
      expect(fields(withSettings(multiple, { max_choices: 4 }))).toEqual({
        'settings.max_choices': M.maxChoicesInvalid(1, 3),
      });
    });

    it('should leave out absent or null limits', () => {
      const check = validateQuestion(withSettings(multiple, { min_choices: null, max_choices: undefined }));
      expect(check.ok && check.value.settings).toEqual({
        options: multiple.settings.options,
        allow_other: true,
      });
    });

    it('should drop choice limits from a single choice', () => {
      const check = validateQuestion(withSettings(single, { min_choices: 1 }));
      expect(check.ok && check.value.settings).toEqual(single.settings);
    });
  });

  it('should keep max_length between 1 and 5.000', () => {
    expect(fields(withSettings(open, { max_length: 5000 }))).toEqual({});
    expect(fields(withSettings(open, { max_length: 5001 }))).toEqual({
      'settings.max_length': 'De maximale lengte moet een heel getal van 1 tot en met 5.000 zijn.',
    });
    expect(fields(withSettings(open, { max_length: 0 }))).toEqual({
      'settings.max_length': M.maxLengthInvalid,
    });
  });

  it('should keep NPS labels short and leave out empty ones', () => {
    expect(fields(withSettings(nps, { high_label: 'x'.repeat(61) }))).toEqual({
      'settings.high_label': 'Een label mag hoogstens 60 tekens lang zijn.',
    });
    const check = validateQuestion(withSettings(nps, { low_label: ' ', high_label: ' Zeker ' }));
    expect(check.ok && check.value.settings).toEqual({ high_label: 'Zeker' });
  });

  it('should take a 5-point rating as stars or numbers', () => {
    expect(fields(withSettings(rating, { scale: 10 }))).toEqual({
      'settings.scale': 'Een beoordeling heeft 5 punten.',
    });
    expect(fields(withSettings(rating, { style: 'hearts' }))).toEqual({
      'settings.style': 'Kies sterren of cijfers.',
    });
  });

  it('should never throw on arbitrary input', () => {
    const arbitraryQuestion = fc.record(
      {
        id: fc.oneof(fc.string(), fc.jsonValue()),
        type: fc.oneof(fc.constantFrom(...QUESTION_TYPES), fc.jsonValue()),
        title: fc.oneof(fc.string(), fc.jsonValue()),
        required: fc.jsonValue(),
        position: fc.jsonValue(),
        settings: fc.oneof(
          fc.jsonValue(),
          fc.record({
            points: fc.jsonValue(),
            labels: fc.jsonValue(),
            statements: fc.jsonValue(),
            options: fc.array(fc.jsonValue()),
            min_choices: fc.jsonValue(),
            max_choices: fc.jsonValue(),
          }),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(arbitraryQuestion, fc.jsonValue()), (input) => {
        expect(typeof validateQuestion(input).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
