import { describe, expect, it } from 'vitest';
import { checkLogic } from './checkLogic';
import { compileLogic } from './compileLogic';
import { answers, logicOf, on, SALES, show } from './logic.fixtures';
import { TEXT_BLOCK, WITH_INTRO } from './questionTypes.fixtures';

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
