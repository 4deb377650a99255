import { describe, expect, it } from 'vitest';
import type { Question, QuestionOf } from '../../contract';
import { compareForOpenSurvey, OPEN_SURVEY_EDIT_NOTICE, questionLocks } from './editRules';
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
