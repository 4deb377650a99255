import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import { compileLogic, evaluateLogic } from './compileLogic';
import {
  ALL_IDS,
  answers,
  hidden,
  hide,
  jump,
  logicOf,
  on,
  QUESTIONS,
  REDIRECT,
  SALES,
  SUPPORT,
  score,
  show,
  showAny,
  THANKS,
  text,
} from './logic.fixtures';
import type { SurveyLogic } from './logicTypes';

const isSales = on('q_dept', { operator: 'equals', value: 'sales' });
const lowNps = on('q_nps', { operator: 'less', value: 7 });
const fromMail = hidden('bron', { operator: 'equals', value: 'mail' });
const without = (...ids: string[]) => ALL_IDS.filter((id) => !ids.includes(id));

describe('evaluateLogic: show and hide', () => {
  it('should show every question without rules', () => {
    const path = evaluateLogic(QUESTIONS, logicOf(), answers());
    expect(path.visible).toEqual(ALL_IDS);
    expect(path.end_screen).toBeNull();
    expect(path.ended_after).toBeNull();
  });

  it('should keep a question with a show rule hidden until its group holds', () => {
    const logic = logicOf(show('q_sales', isSales));
    expect(evaluateLogic(QUESTIONS, logic, answers()).visible).toEqual(without('q_sales'));
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_dept: SUPPORT })).isVisible('q_sales')).toBe(false);
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES })).visible).toEqual(ALL_IDS);
  });

  it('should hide a question with a hide rule only while its group holds', () => {
    const logic = logicOf(hide('q_sales', isSales));
    expect(evaluateLogic(QUESTIONS, logic, answers()).visible).toEqual(ALL_IDS);
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES })).visible).toEqual(without('q_sales'));
  });

  it('should need every condition of an all group', () => {
    const logic = logicOf(show('q_sales', isSales, lowNps));
    expect(
      evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES, q_nps: score(9) })).isVisible('q_sales'),
    ).toBe(false);
    expect(
      evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES, q_nps: score(3) })).isVisible('q_sales'),
    ).toBe(true);
  });

  it('should need one condition of an any group', () => {
    const logic = logicOf(showAny('q_sales', isSales, lowNps));
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_nps: score(9) })).isVisible('q_sales')).toBe(false);
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_nps: score(3) })).isVisible('q_sales')).toBe(true);
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES })).isVisible('q_sales')).toBe(true);
  });

  it('should show with any of several show rules, and let a hide rule win over them', () => {
    const logic = logicOf(show('q_sales', isSales), show('q_sales', lowNps), hide('q_sales', fromMail));
    const given = answers({ q_nps: score(3) });
    expect(evaluateLogic(QUESTIONS, logic, given).isVisible('q_sales')).toBe(true);
    expect(
      evaluateLogic(QUESTIONS, logic, given, { hidden_fields: { bron: 'mail' } }).isVisible('q_sales'),
    ).toBe(false);
  });

  it('should let a hidden question hide what depends on it', () => {
    const logic = logicOf(hide('q_dept', fromMail), show('q_sales', isSales));
    const path = evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES }), {
      hidden_fields: { bron: 'mail' },
    });
    expect(path.visible).toEqual(without('q_dept', 'q_sales'));
    expect(path.off_path).toEqual(['q_dept']);
  });
});

describe('evaluateLogic: jumps and end screens', () => {
  it('should skip the questions between a jump and its target', () => {
    const logic = logicOf(jump('q_dept', 'q_why', isSales));
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_dept: SUPPORT })).visible).toEqual(ALL_IDS);
    const path = evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES, q_nps: score(3) }));
    expect(path.visible).toEqual(['q_dept', 'q_why', 'q_sales', 'q_last']);
    expect(path.off_path).toEqual(['q_nps']);
  });

  it('should follow jumps one after another', () => {
    const logic = logicOf(jump('q_dept', 'q_nps', isSales), jump('q_nps', 'q_last', lowNps));
    const path = evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES, q_nps: score(2) }));
    expect(path.visible).toEqual(['q_dept', 'q_nps', 'q_last']);
  });

  it('should take the first jump whose group holds', () => {
    const logic = logicOf(jump('q_dept', 'q_sat', isSales), jump('q_dept', 'q_why', isSales));
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES })).visible[1]).toBe('q_sat');
  });

  it('should not jump from a question off the path', () => {
    const logic = logicOf(
      hide('q_dept', fromMail),
      jump('q_dept', 'q_last', on('q_dept', { operator: 'not_answered' })),
    );
    const path = evaluateLogic(QUESTIONS, logic, answers(), { hidden_fields: { bron: 'mail' } });
    expect(path.visible).toEqual(without('q_dept'));
    expect(evaluateLogic(QUESTIONS, logic, answers()).visible).toEqual(['q_dept', 'q_last']);
  });

  it('should end at an end screen, with every later question off the path', () => {
    const logic = logicOf(jump('q_nps', THANKS.id, lowNps));
    const path = evaluateLogic(QUESTIONS, logic, answers({ q_nps: score(4), q_sat: score(5) }));
    expect(path.visible).toEqual(['q_dept', 'q_tools', 'q_work', 'q_nps']);
    expect(path.end_screen).toEqual(THANKS);
    expect(path.ended_after).toBe('q_nps');
    expect(path.required).toEqual(['q_dept', 'q_work']);
    expect(path.off_path).toEqual(['q_sat']);
  });

  it('should hand the end screen with its redirect', () => {
    const logic = logicOf(jump('q_dept', REDIRECT.id, isSales));
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES })).end_screen?.redirect_url).toBe(
      'https://winkel.example.nl/',
    );
  });

  it('should leave out jumps backwards, to itself or to what does not exist', () => {
    const always = on('q_dept', { operator: 'answered' });
    const logic = logicOf(
      jump('q_nps', 'q_dept', always),
      jump('q_nps', 'q_nps', always),
      jump('q_nps', 'q_gone', always),
      jump('q_nps', 'end_gone', always),
      jump('q_gone', 'q_last', always),
    );
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES })).visible).toEqual(ALL_IDS);
  });
});

describe('evaluateLogic: required questions and order', () => {
  it('should count a required question only where it is shown', () => {
    const logic = logicOf(show('q_sales', isSales));
    expect(evaluateLogic(QUESTIONS, logic, answers()).required).toEqual(['q_dept', 'q_work', 'q_why']);
    expect(evaluateLogic(QUESTIONS, logic, answers({ q_dept: SALES })).required).toEqual([
      'q_dept',
      'q_work',
      'q_why',
      'q_sales',
    ]);
  });

  it('should walk the questions by position, whatever their order in the list', () => {
    const reversed: Question[] = [...QUESTIONS].reverse();
    const logic = logicOf(jump('q_dept', 'q_sales', isSales));
    const path = evaluateLogic(reversed, logic, answers({ q_dept: SALES }));
    expect(path.visible).toEqual(['q_dept', 'q_sales', 'q_last']);
    expect(compileLogic(reversed, logic).questions.map((question) => question.id)).toEqual(ALL_IDS);
  });

  it('should give each evaluation of one compiled logic its own result', () => {
    const compiled = compileLogic(QUESTIONS, logicOf(show('q_sales', isSales)));
    const first = compiled.evaluate(answers({ q_dept: SALES }));
    const second = compiled.evaluate(answers({ q_dept: SUPPORT }));
    expect(first.isVisible('q_sales')).toBe(true);
    expect(second.isVisible('q_sales')).toBe(false);
    expect(first.isVisible('q_unknown')).toBe(false);
  });

  it('should evaluate an empty survey', () => {
    const empty: SurveyLogic = { rules: [], end_screens: [], hidden_fields: [] };
    expect(evaluateLogic([], empty, answers({ q_dept: text('x') })).visible).toEqual([]);
  });
});
