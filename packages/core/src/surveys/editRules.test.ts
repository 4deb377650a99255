import { describe, expect, it } from 'vitest';
import type { Question, QuestionOf } from '../contract/surveys';
import {
  type AnswerFacts,
  compareForOpenSurvey,
  EDIT_MESSAGES,
  OPEN_SURVEY_EDIT_NOTICE,
  type QuestionUsage,
  questionLocks,
} from './editRules';

const LIKERT: QuestionOf<'likert'> = {
  id: 'q-likert',
  type: 'likert',
  title: 'Werkplezier',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: true,
    statements: [
      { id: 's1', text: 'Ik heb plezier in mijn werk.' },
      { id: 's2', text: 'Ik voel me gewaardeerd.' },
    ],
  },
};
const MULTI: QuestionOf<'multiple_choice'> = {
  id: 'q-multi',
  type: 'multiple_choice',
  title: 'Welke functies gebruik je?',
  required: false,
  position: 1,
  settings: {
    options: [
      { id: 'a', label: 'Surveys' },
      { id: 'b', label: 'KPI’s' },
      { id: 'c', label: 'Finance' },
    ],
    allow_other: true,
    min_choices: 1,
    max_choices: 2,
  },
};
const OPEN: QuestionOf<'open_long'> = {
  id: 'q-open',
  type: 'open_long',
  title: 'Wat kan beter?',
  required: false,
  position: 2,
  settings: { max_length: 2000 },
};
const NPS: QuestionOf<'nps'> = {
  id: 'q-nps',
  type: 'nps',
  title: 'Aanbevelen?',
  required: false,
  position: 3,
  settings: {},
};
const BEFORE: readonly Question[] = [LIKERT, MULTI, OPEN, NPS];

const ANSWERED: AnswerFacts = { responseCount: 12 };
const usage = (entries: Record<string, Partial<QuestionUsage>>): AnswerFacts => ({
  responseCount: 12,
  usage: new Map(
    Object.entries(entries).map(([id, u]) => [
      id,
      {
        optionIds: u.optionIds ?? new Set(),
        statementIds: u.statementIds ?? new Set(),
        other: u.other ?? false,
      },
    ]),
  ),
});

const replace = (question: Question): Question[] => BEFORE.map((q) => (q.id === question.id ? question : q));
const codes = (after: readonly Question[], facts: AnswerFacts = ANSWERED) =>
  compareForOpenSurvey(BEFORE, after, facts).map((r) => r.code);
const multi = (settings: Partial<QuestionOf<'multiple_choice'>['settings']>): Question => ({
  ...MULTI,
  settings: { ...MULTI.settings, ...settings },
});

describe('compareForOpenSurvey: allowed edits', () => {
  it('should allow no change', () => {
    expect(codes(BEFORE)).toEqual([]);
  });

  it('should allow fixing texts of questions, labels, options and statements', () => {
    const after: Question[] = [
      { ...LIKERT, title: 'Werkplezier (gecorrigeerd)', description: 'Uitleg' },
      {
        ...MULTI,
        settings: {
          ...MULTI.settings,
          options: MULTI.settings.options.map((o) => ({ ...o, label: `${o.label}!` })),
        },
      },
      OPEN,
      { ...NPS, settings: { low_label: 'Nooit', high_label: 'Zeker' } },
    ];
    const likert = after[0] as QuestionOf<'likert'>;
    after[0] = {
      ...likert,
      settings: {
        ...likert.settings,
        labels: ['Zeer oneens', 'Oneens', 'Neutraal', 'Eens', 'Zeer eens'],
        statements: [
          { id: 's1', text: 'Ik heb plezier in mijn werk!' },
          likert.settings.statements[1] as never,
        ],
      },
    };
    expect(codes(after)).toEqual([]);
  });

  it('should allow reordering questions and statements', () => {
    const reversedStatements: Question = {
      ...LIKERT,
      position: 3,
      settings: { ...LIKERT.settings, statements: [...LIKERT.settings.statements].reverse() },
    };
    expect(codes([{ ...NPS, position: 0 }, MULTI, OPEN, reversedStatements])).toEqual([]);
  });

  it('should allow adding options at the bottom and statements anywhere', () => {
    expect(
      codes(replace(multi({ options: [...MULTI.settings.options, { id: 'd', label: 'Contacten' }] }))),
    ).toEqual([]);
    const statements = [{ id: 's0', text: 'Nieuw' }, ...LIKERT.settings.statements];
    expect(codes(replace({ ...LIKERT, settings: { ...LIKERT.settings, statements } }))).toEqual([]);
  });

  it('should allow loosening limits and switching "anders" on', () => {
    expect(codes(replace(multi({ min_choices: undefined, max_choices: 3 })))).toEqual([]);
    expect(codes(replace(multi({ max_choices: undefined })))).toEqual([]);
    expect(codes(replace({ ...OPEN, settings: { max_length: 5000 } }))).toEqual([]);
    const noOther: QuestionOf<'multiple_choice'> = {
      ...MULTI,
      settings: { ...MULTI.settings, allow_other: false },
    };
    expect(compareForOpenSurvey([noOther], [MULTI], ANSWERED)).toEqual([]);
  });

  it('should allow a max_choices that earlier answers could not exceed', () => {
    const unlimited: QuestionOf<'multiple_choice'> = {
      ...MULTI,
      settings: { options: MULTI.settings.options, allow_other: false },
    };
    // Three choices before: no answer had more than three.
    expect(
      compareForOpenSurvey(
        [unlimited],
        [{ ...unlimited, settings: { ...unlimited.settings, max_choices: 3 } }],
        ANSWERED,
      ),
    ).toEqual([]);
    expect(
      compareForOpenSurvey(
        [unlimited],
        [{ ...unlimited, settings: { ...unlimited.settings, max_choices: 2 } }],
        ANSWERED,
      ).map((r) => r.code),
    ).toEqual(['max_choices_lowered']);
  });

  it('should allow making a question optional, the neutral middle and open text short ↔ long', () => {
    expect(codes(replace({ ...LIKERT, required: false }))).toEqual([]);
    expect(codes(replace({ ...LIKERT, settings: { ...LIKERT.settings, neutral_middle: false } }))).toEqual(
      [],
    );
    expect(codes(replace({ ...OPEN, type: 'open_short' }))).toEqual([]);
  });

  it('should allow adding an optional question', () => {
    expect(codes([...BEFORE, { ...NPS, id: 'q-new', position: 4 }])).toEqual([]);
  });

  it('should refuse nothing while there are no responses', () => {
    expect(compareForOpenSurvey(BEFORE, [], { responseCount: 0 })).toEqual([]);
  });
});

describe('compareForOpenSurvey: refused edits', () => {
  it('should refuse removing an answered question, with a Dutch explanation', () => {
    expect(compareForOpenSurvey(BEFORE, [LIKERT, MULTI, OPEN], ANSWERED)).toEqual([
      {
        code: 'question_removed',
        question_id: 'q-nps',
        message: 'De vraag ‘Aanbevelen?’ heeft al antwoorden en kan niet meer worden verwijderd.',
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
          'Het soort vraag van ‘Aanbevelen?’ kan niet meer veranderen: er zijn al antwoorden op gegeven. Voeg liever een nieuwe vraag toe.',
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
      'De schaal van ‘Werkplezier’ kan niet meer van 5 naar 7 punten: de antwoorden die er al zijn, horen bij de oude schaal.',
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
          'De stelling ‘Ik voel me gewaardeerd.’ heeft al antwoorden en kan niet meer worden verwijderd.',
      },
    ]);
    const withoutB = multi({ options: MULTI.settings.options.filter((o) => o.id !== 'b') });
    expect(compareForOpenSurvey(BEFORE, replace(withoutB), ANSWERED)).toEqual([
      {
        code: 'option_removed',
        question_id: 'q-multi',
        item_id: 'b',
        message: 'De antwoordoptie ‘KPI’s’ is al gekozen en kan niet meer worden verwijderd.',
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
          'De vraag ‘Aanbevelen?’ kan niet meer verplicht worden: eerdere deelnemers konden hem overslaan.',
      },
    ]);
    expect(
      compareForOpenSurvey(BEFORE, [...BEFORE, { ...NPS, id: 'q-new', required: true }], ANSWERED),
    ).toEqual([
      {
        code: 'required_question_added',
        question_id: 'q-new',
        message:
          'De nieuwe vraag ‘Aanbevelen?’ moet niet-verplicht zijn: eerdere deelnemers konden hem niet beantwoorden.',
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
      `De vraag ‘${'Lange vraag '.repeat(5).slice(0, 59)}…’ heeft al antwoorden en kan niet meer worden verwijderd.`,
    );
  });
});

describe('compareForOpenSurvey with the real usage', () => {
  const facts = usage({
    'q-likert': { statementIds: new Set(['s1']) },
    'q-multi': { optionIds: new Set(['a']), other: true },
  });

  it('should allow removing questions, options and statements nobody answered', () => {
    const likert: Question = {
      ...LIKERT,
      settings: { ...LIKERT.settings, statements: [LIKERT.settings.statements[0] as never] },
    };
    const multiOnlyA = multi({ options: [MULTI.settings.options[0] as never], min_choices: undefined });
    expect(compareForOpenSurvey(BEFORE, [likert, multiOnlyA], facts)).toEqual([]);
  });

  it('should still refuse removing what was answered', () => {
    const multiWithoutA = multi({ options: MULTI.settings.options.slice(1), allow_other: false });
    expect(
      compareForOpenSurvey(BEFORE, replace(multiWithoutA), facts).map((r) => [r.code, r.item_id]),
    ).toEqual([
      ['option_removed', 'a'],
      ['other_removed', undefined],
    ]);
  });

  it('should allow changing the type or scale of a question nobody answered', () => {
    const asRating: Question = { ...NPS, type: 'rating', settings: { scale: 5, style: 'stars' } };
    expect(compareForOpenSurvey(BEFORE, replace(asRating), facts)).toEqual([]);
  });

  it('should still refuse making an unanswered question required: earlier respondents saw it as optional', () => {
    expect(
      compareForOpenSurvey(BEFORE, replace({ ...NPS, required: true }), facts).map((r) => r.code),
    ).toEqual(['made_required']);
  });
});

describe('questionLocks', () => {
  it('should lock everything that has answers when usage is unknown', () => {
    expect(questionLocks(MULTI, ANSWERED)).toEqual({
      remove: true,
      type: true,
      points: false,
      required: true,
      optionOrder: true,
      other: true,
      lockedItemIds: ['a', 'b', 'c'],
    });
    expect(questionLocks(LIKERT, ANSWERED)).toMatchObject({
      points: true,
      required: false,
      lockedItemIds: ['s1', 's2'],
    });
  });

  it('should lock only what was answered with the real usage', () => {
    const facts = usage({ 'q-multi': { optionIds: new Set(['b']) } });
    expect(questionLocks(MULTI, facts)).toMatchObject({ remove: true, other: false, lockedItemIds: ['b'] });
    expect(questionLocks(NPS, facts)).toEqual({
      remove: false,
      type: false,
      points: false,
      required: true,
      optionOrder: false,
      other: false,
      lockedItemIds: [],
    });
  });

  it('should lock nothing without responses', () => {
    expect(questionLocks(LIKERT, { responseCount: 0 })).toEqual({
      remove: false,
      type: false,
      points: false,
      required: false,
      optionOrder: false,
      other: false,
      lockedItemIds: [],
    });
  });
});

describe('OPEN_SURVEY_EDIT_NOTICE', () => {
  it('should tell in Dutch what can and cannot change', () => {
    expect(OPEN_SURVEY_EDIT_NOTICE).toContain('antwoordopties onderaan toevoegen');
    expect(OPEN_SURVEY_EDIT_NOTICE).toContain('niet-verplichte vragen');
  });
});
