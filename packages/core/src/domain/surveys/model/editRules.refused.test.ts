import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import { compareForOpenSurvey, EDIT_MESSAGES } from './editRules';
import {
  ANSWERED,
  BEFORE,
  codes,
  LIKERT,
  MULTI,
  multi,
  NPS,
  OPEN,
  replace,
  usage,
} from './editRules.fixtures';

describe('compareForOpenSurvey: refused edits', () => {
  it('should refuse removing an answered question, with a Dutch explanation', () => {
    expect(compareForOpenSurvey(BEFORE, [LIKERT, MULTI, OPEN], ANSWERED)).toEqual([
      {
        code: 'question_removed',
        question_id: 'q-nps',
        message: "De vraag 'Aanbevelen?' heeft al antwoorden en kan niet meer worden verwijderd.",
      },
    ]);
  });

  it('should refuse changing the type', () => {
    const asRating: Question = { ...NPS, type: 'rating', settings: { scale: 5, style: 'stars' } };
    expect(compareForOpenSurvey(BEFORE, replace(asRating), ANSWERED)).toEqual([
      {
        code: 'type_changed',
        question_id: 'q-nps',
        message:
          "Het soort vraag van 'Aanbevelen?' kan niet meer veranderen: er zijn al antwoorden op gegeven. Voeg liever een nieuwe vraag toe.",
      },
    ]);
    const asSingle: Question = {
      ...MULTI,
      type: 'single_choice',
      settings: { options: MULTI.settings.options, allow_other: true },
    };
    expect(codes(replace(asSingle))).toEqual(['type_changed']);
  });

  it('should refuse changing the number of Likert points', () => {
    const seven: Question = {
      ...LIKERT,
      settings: { ...LIKERT.settings, points: 7, labels: ['1', '2', '3', '4', '5', '6', '7'] },
    };
    expect(compareForOpenSurvey(BEFORE, replace(seven), ANSWERED)[0]?.message).toBe(
      "De schaal van 'Werkplezier' kan niet meer van 5 naar 7 punten: de antwoorden die er al zijn, horen bij de oude schaal.",
    );
  });

  it('should refuse removing a statement or an option, naming it', () => {
    const oneStatement: Question = {
      ...LIKERT,
      settings: { ...LIKERT.settings, statements: [LIKERT.settings.statements[0] as never] },
    };
    expect(compareForOpenSurvey(BEFORE, replace(oneStatement), ANSWERED)).toEqual([
      {
        code: 'statement_removed',
        question_id: 'q-likert',
        item_id: 's2',
        message:
          "De stelling 'Ik voel me gewaardeerd.' heeft al antwoorden en kan niet meer worden verwijderd.",
      },
    ]);
    const withoutB = multi({ options: MULTI.settings.options.filter((o) => o.id !== 'b') });
    expect(compareForOpenSurvey(BEFORE, replace(withoutB), ANSWERED)).toEqual([
      {
        code: 'option_removed',
        question_id: 'q-multi',
        item_id: 'b',
        message: "De antwoordoptie 'KPI's' is al gekozen en kan niet meer worden verwijderd.",
      },
    ]);
  });

  it('should refuse reordering options and inserting new ones between them', () => {
    const [a, b, c] = MULTI.settings.options as [never, never, never];
    expect(codes(replace(multi({ options: [b, a, c] })))).toEqual(['options_reordered']);
    expect(codes(replace(multi({ options: [a, { id: 'n', label: 'Nieuw' }, b, c] })))).toEqual([
      'option_inserted',
    ]);
    expect(codes(replace(multi({ options: [{ id: 'n', label: 'Nieuw' }, a, b, c] })))).toEqual([
      'option_inserted',
    ]);
  });

  it('should refuse switching off a used "anders, namelijk"', () => {
    expect(codes(replace(multi({ allow_other: false })))).toEqual(['other_removed']);
    expect(codes(replace(multi({ allow_other: false })), usage({ 'q-multi': { other: false } }))).toEqual([]);
  });

  it('should refuse tightening limits', () => {
    expect(codes(replace(multi({ min_choices: 2 })))).toEqual(['min_choices_raised']);
    expect(codes(replace(multi({ max_choices: 1 })))).toEqual(['max_choices_lowered']);
    expect(codes(replace({ ...OPEN, settings: { max_length: 500 } }))).toEqual(['max_length_lowered']);
    expect(codes(replace({ ...OPEN, type: 'open_short', settings: { max_length: 250 } }))).toEqual([
      'max_length_lowered',
    ]);
  });

  it('should refuse making a question required or adding a required one', () => {
    expect(compareForOpenSurvey(BEFORE, replace({ ...NPS, required: true }), ANSWERED)).toEqual([
      {
        code: 'made_required',
        question_id: 'q-nps',
        message:
          "De vraag 'Aanbevelen?' kan niet meer verplicht worden: eerdere deelnemers konden hem overslaan.",
      },
    ]);
    expect(
      compareForOpenSurvey(BEFORE, [...BEFORE, { ...NPS, id: 'q-new', required: true }], ANSWERED),
    ).toEqual([
      {
        code: 'required_question_added',
        question_id: 'q-new',
        message:
          "De nieuwe vraag 'Aanbevelen?' moet niet-verplicht zijn: eerdere deelnemers konden hem niet beantwoorden.",
      },
    ]);
  });

  it('should list every refusal of one save', () => {
    expect(codes([{ ...MULTI, settings: { ...MULTI.settings, options: [] } }])).toEqual([
      'question_removed',
      'option_removed',
      'option_removed',
      'option_removed',
      'question_removed',
      'question_removed',
    ]);
  });

  it('should shorten long titles in messages', () => {
    expect(EDIT_MESSAGES.questionRemoved(`${'Lange vraag '.repeat(10)}`)).toBe(
      `De vraag '${'Lange vraag '.repeat(5).slice(0, 59)}…' heeft al antwoorden en kan niet meer worden verwijderd.`,
    );
  });
});
