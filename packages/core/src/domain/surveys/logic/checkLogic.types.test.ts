import { describe, expect, it } from 'vitest';
import { checkLogic } from './checkLogic';
import { compileLogic } from './compileLogic';
import { describeCondition } from './describeRule';
import { answers, logicOf, on, SALES, show } from './logic.fixtures';
import {
  DEPARTMENT,
  PRIORITIES,
  START,
  TEXT_BLOCK,
  WEIGHT,
  WITH_DEPARTMENT,
  WITH_INTRO,
  WITH_PRIORITIES,
  WITH_START,
  WITH_WEIGHT,
} from './questionTypes.fixtures';

describe('checkLogic: text block', () => {
  it('should refuse a condition on a text block, which has no answer', () => {
    const logic = logicOf(show('q_tools', on(TEXT_BLOCK.id, { operator: 'answered' })));
    expect(checkLogic(WITH_INTRO, logic).map((problem) => problem.code)).toEqual(['operator_unfit']);
  });

  it('should let a rule show a text block, by an earlier answer', () => {
    const logic = logicOf(show(TEXT_BLOCK.id, on('q_dept', { operator: 'equals', value: 'sales' })));
    expect(checkLogic(WITH_INTRO, logic)).toEqual([]);
    const compiled = compileLogic(WITH_INTRO, logic);
    expect(compiled.evaluate(answers({ q_dept: SALES })).isVisible(TEXT_BLOCK.id)).toBe(true);
    expect(compiled.evaluate(answers()).isVisible(TEXT_BLOCK.id)).toBe(false);
  });
});

describe('logic: number', () => {
  it('should compare a number by order: greater, less and between, also beyond a smallint', () => {
    const heavy = logicOf(show('q_dept', on(WEIGHT.id, { operator: 'greater', value: 40_000 })));
    const range = logicOf(show('q_dept', on(WEIGHT.id, { operator: 'between', min: 10, max: 20.5 })));
    expect(checkLogic(WITH_WEIGHT, heavy)).toEqual([]);
    expect(checkLogic(WITH_WEIGHT, range)).toEqual([]);
    const visible = (logic: typeof heavy, number: number | null) =>
      compileLogic(WITH_WEIGHT, logic)
        .evaluate(answers({ [WEIGHT.id]: { number } }))
        .isVisible('q_dept');
    expect([visible(heavy, 40_000.5), visible(heavy, 12), visible(heavy, null)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([visible(range, 20.5), visible(range, 21)]).toEqual([true, false]);
  });

  it("should refuse a value outside the question's range", () => {
    const logic = logicOf(show('q_dept', on(WEIGHT.id, { operator: 'less', value: -5 })));
    expect(checkLogic(WITH_WEIGHT, logic).map((problem) => problem.code)).toEqual(['value_range']);
  });
});

describe('logic: dropdown', () => {
  it('should compare a dropdown by its options: equals and one_of', () => {
    const equals = logicOf(show('q_dept', on(DEPARTMENT.id, { operator: 'equals', value: 'd42' })));
    const oneOf = logicOf(show('q_dept', on(DEPARTMENT.id, { operator: 'one_of', values: ['d1', 'd80'] })));
    expect(checkLogic(WITH_DEPARTMENT, equals)).toEqual([]);
    const visible = (logic: typeof equals, option_id: string | null) =>
      compileLogic(WITH_DEPARTMENT, logic)
        .evaluate(answers({ [DEPARTMENT.id]: { option_id } }))
        .isVisible('q_dept');
    expect([visible(equals, 'd42'), visible(equals, 'd1'), visible(equals, null)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([visible(oneOf, 'd80'), visible(oneOf, 'd42')]).toEqual([true, false]);
  });

  it('should refuse an option the dropdown does not have, and an order comparison', () => {
    const missing = logicOf(show('q_dept', on(DEPARTMENT.id, { operator: 'equals', value: 'd81' })));
    const greater = logicOf(show('q_dept', on(DEPARTMENT.id, { operator: 'greater', value: 3 })));
    expect(checkLogic(WITH_DEPARTMENT, missing).map((problem) => problem.code)).toEqual(['choice_missing']);
    expect(checkLogic(WITH_DEPARTMENT, greater).map((problem) => problem.code)).toEqual(['no_order']);
  });
});

describe('logic: date', () => {
  it('should compare a day by order, naming days by their key YYYYMMDD', () => {
    const after = logicOf(show('q_dept', on(START.id, { operator: 'greater', value: 20260301 })));
    const within = logicOf(
      show('q_dept', on(START.id, { operator: 'between', min: 20260101, max: 20260131 })),
    );
    expect(checkLogic(WITH_START, after)).toEqual([]);
    const visible = (logic: typeof after, date: string | null) =>
      compileLogic(WITH_START, logic)
        .evaluate(answers({ [START.id]: { date } }))
        .isVisible('q_dept');
    expect([visible(after, '2026-03-02'), visible(after, '2026-03-01'), visible(after, null)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([visible(within, '2026-01-31'), visible(within, '2026-02-01')]).toEqual([true, false]);
  });

  it('should refuse a day before the first one the question takes', () => {
    const logic = logicOf(show('q_dept', on(START.id, { operator: 'less', value: 20191231 })));
    expect(checkLogic(WITH_START, logic).map((problem) => problem.code)).toEqual(['value_range']);
  });
});

describe('describeCondition: newer types', () => {
  it("should name a dropdown's option by its label and a date's day in Dutch", () => {
    expect(describeCondition(on(DEPARTMENT.id, { operator: 'equals', value: 'd42' }), WITH_DEPARTMENT)).toBe(
      "'Afdeling' is 'Afdeling 42'",
    );
    expect(describeCondition(on(START.id, { operator: 'greater', value: 20260315 }), WITH_START)).toBe(
      "'Wanneer begon je?' later is dan 15 maart 2026",
    );
    expect(describeCondition(on(WEIGHT.id, { operator: 'less', value: 2.5 }), WITH_WEIGHT)).toBe(
      "'Hoeveel kilo til je per dag?' lager is dan 2,5",
    );
  });
});

describe('logic: ranking', () => {
  it("should read 'is' as ranked first", () => {
    const logic = logicOf(show('q_dept', on(PRIORITIES.id, { operator: 'equals', value: 'prijs' })));
    expect(checkLogic(WITH_PRIORITIES, logic)).toEqual([]);
    const visible = (option_ids: string[]) =>
      compileLogic(WITH_PRIORITIES, logic)
        .evaluate(answers({ [PRIORITIES.id]: { option_ids } }))
        .isVisible('q_dept');
    expect([visible(['prijs', 'service']), visible(['service', 'prijs']), visible([])]).toEqual([
      true,
      false,
      false,
    ]);
    expect(
      describeCondition(on(PRIORITIES.id, { operator: 'equals', value: 'prijs' }), WITH_PRIORITIES),
    ).toBe("'Wat is het belangrijkst?' is 'Prijs'");
  });
});
