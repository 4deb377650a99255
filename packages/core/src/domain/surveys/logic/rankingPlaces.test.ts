import { describe, expect, it } from 'vitest';
import type { Question, QuestionCondition } from '../../contract';
import { checkLogic } from './checkLogic';
import { compileLogic } from './compileLogic';
import { describeCondition, describeRule } from './describeRule';
import { answers, logicOf, QUESTIONS, show } from './logic.fixtures';
import { checkLogicInput } from './logicInput';
import type { ConditionTest } from './logicTypes';
import { quotaMatcher } from './quotas';

// R-SURV-29: a condition on a ranking option's place ('Prijs' staat op plaats 1–3), in the one engine.

const RANKING: Question = {
  id: 'q-prio',
  type: 'ranking',
  title: 'Wat is het belangrijkst?',
  required: false,
  position: 0,
  settings: {
    options: [
      { id: 'prijs', label: 'Prijs' },
      { id: 'service', label: 'Service' },
      { id: 'snelheid', label: 'Snelheid' },
      { id: 'kwaliteit', label: 'Kwaliteit' },
    ],
  },
};

const SURVEY: readonly Question[] = [RANKING, ...QUESTIONS].map((question, position) => ({
  ...question,
  position,
}));

const place = (test: ConditionTest, option_id = 'prijs'): QuestionCondition =>
  ({ source: 'question', question_id: RANKING.id, option_id, ...test }) as QuestionCondition;

/** Whether 'q_dept' shows for the ranking `order`, under a rule with `condition`. */
function shows(condition: QuestionCondition, order: string[] | null): boolean {
  const compiled = compileLogic(SURVEY, logicOf(show('q_dept', condition)));
  const given = order === null ? answers() : answers({ [RANKING.id]: { option_ids: order } });
  return compiled.evaluate(given).isVisible('q_dept');
}

/** 'Prijs' on places 1 to 4 and with no answer. */
const orders = [
  ['prijs', 'service', 'snelheid', 'kwaliteit'],
  ['service', 'prijs', 'snelheid', 'kwaliteit'],
  ['service', 'snelheid', 'prijs', 'kwaliteit'],
  ['service', 'snelheid', 'kwaliteit', 'prijs'],
];
const byPlace = (condition: QuestionCondition) => [
  ...orders.map((order) => shows(condition, order)),
  shows(condition, null),
];

describe('logic: a ranking option on a place (R-SURV-29)', () => {
  it('should compare the option’s place by every order operator, and never hold without an answer', () => {
    expect(byPlace(place({ operator: 'between', min: 1, max: 3 }))).toEqual([true, true, true, false, false]);
    expect(byPlace(place({ operator: 'less', value: 3 }))).toEqual([true, true, false, false, false]);
    expect(byPlace(place({ operator: 'greater', value: 2 }))).toEqual([false, false, true, true, false]);
    expect(byPlace(place({ operator: 'equals', value: 2 }))).toEqual([false, true, false, false, false]);
    expect(byPlace(place({ operator: 'not_equals', value: 1 }))).toEqual([false, true, true, true, false]);
    expect(byPlace(place({ operator: 'one_of', values: [1, 4] }))).toEqual([true, false, false, true, false]);
  });

  it('should keep a condition without an option on the option ranked first', () => {
    const first = {
      source: 'question',
      question_id: RANKING.id,
      operator: 'equals',
      value: 'prijs',
    } as const;
    expect(byPlace(first)).toEqual([true, false, false, false, false]);
  });

  it('should pass a sound place condition and name what is wrong with others', () => {
    const codes = (condition: QuestionCondition) =>
      checkLogic(SURVEY, logicOf(show('q_dept', condition))).map((problem) => problem.code);
    expect(codes(place({ operator: 'between', min: 1, max: 3 }))).toEqual([]);
    expect(codes(place({ operator: 'equals', value: 5 }))).toEqual(['value_range']);
    expect(codes(place({ operator: 'equals', value: 1.5 }))).toEqual(['value_invalid']);
    expect(codes(place({ operator: 'equals', value: 'prijs' }))).toEqual(['value_invalid']);
    expect(codes(place({ operator: 'equals', value: 1 }, 'weg'))).toEqual(['choice_missing']);
    expect(codes(place({ operator: 'contains', value: 'x' }))).toEqual(['operator_unfit']);
    const [problem] = checkLogic(SURVEY, logicOf(show('q_dept', place({ operator: 'less', value: 9 }))));
    expect(problem?.message).toContain('moet een plaats van 1 tot en met 4 noemen');
  });

  it('should say the condition in one Dutch sentence', () => {
    const said = (test: ConditionTest) => describeCondition(place(test), SURVEY);
    expect(said({ operator: 'between', min: 1, max: 3 })).toBe(
      "'Prijs' staat op plaats 1–3 bij 'Wat is het belangrijkst?'",
    );
    expect(said({ operator: 'less', value: 3 })).toBe(
      "'Prijs' staat vóór plaats 3 bij 'Wat is het belangrijkst?'",
    );
    expect(said({ operator: 'greater', value: 2 })).toBe(
      "'Prijs' staat na plaats 2 bij 'Wat is het belangrijkst?'",
    );
    expect(said({ operator: 'equals', value: 1 })).toBe(
      "'Prijs' staat op plaats 1 bij 'Wat is het belangrijkst?'",
    );
    expect(said({ operator: 'one_of', values: [1, 4] })).toBe(
      "'Prijs' staat op plaats 1 of 4 bij 'Wat is het belangrijkst?'",
    );
    expect(describeCondition(place({ operator: 'equals', value: 1 }, 'weg'), SURVEY)).toBe(
      "een verwijderde optie staat op plaats 1 bij 'Wat is het belangrijkst?'",
    );
    expect(describeRule(show('q_dept', place({ operator: 'between', min: 1, max: 2 })), SURVEY)).toBe(
      "Toon als 'Prijs' staat op plaats 1–2 bij 'Wat is het belangrijkst?'",
    );
  });

  it('should keep the option through the input check and refuse an option id that is none', () => {
    const rule = { ...show('q_dept', place({ operator: 'less', value: 3 })), id: 'r1' };
    const checked = checkLogicInput({ rules: [rule], end_screens: [], hidden_fields: [] });
    expect(checked.ok && checked.value.rules[0]?.when.conditions[0]).toEqual(
      place({ operator: 'less', value: 3 }),
    );
    const bad = {
      ...rule,
      when: { match: 'all', conditions: [{ ...place({ operator: 'less', value: 3 }), option_id: 7 }] },
    };
    const refused = checkLogicInput({ rules: [bad], end_screens: [], hidden_fields: [] });
    expect(refused.ok ? null : refused.fields).toEqual({
      'rules.0.when.conditions.0.option_id': 'Deze voorwaarde noemt geen geldige optie.',
    });
  });

  it('should let a quota count responses by an option’s place', () => {
    const quota = {
      id: 'top',
      name: 'Prijs in de top 2',
      end_screen_text: '',
      max: 10,
      when: { match: 'all' as const, conditions: [place({ operator: 'between', min: 1, max: 2 })] },
    };
    const matches = quotaMatcher(SURVEY, logicOf(), [quota]);
    const matched = (order: string[]) => matches(answers({ [RANKING.id]: { option_ids: order } }));
    expect(orders.map((order) => matched(order).length)).toEqual([1, 1, 0, 0]);
  });
});
