import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../contract';
import { evaluateLogic } from './compileLogic';
import {
  answers,
  hidden,
  hide,
  language,
  logicOf,
  on,
  QUESTIONS,
  SALES,
  SUPPORT,
  score,
  show,
  text,
} from './logic.fixtures';
import { OTHER_CHOICE } from './logicKinds';
import type { Condition, LogicContext } from './logicTypes';

/** Whether the condition holds: it alone shows the last question. */
const holds = (condition: Condition, byId: Record<string, AnswerValue> = {}, context?: LogicContext) =>
  evaluateLogic(QUESTIONS, logicOf(show('q_last', condition)), answers(byId), context).isVisible('q_last');

type Case = readonly [string, Condition, Record<string, AnswerValue>, boolean];

describe('conditions on a single choice', () => {
  const dept = (value: AnswerValue) => ({ q_dept: value });
  it.each<Case>([
    ['equals the chosen option', on('q_dept', { operator: 'equals', value: 'sales' }), dept(SALES), true],
    ['equals another option', on('q_dept', { operator: 'equals', value: 'sales' }), dept(SUPPORT), false],
    ['equals when unanswered', on('q_dept', { operator: 'equals', value: 'sales' }), {}, false],
    [
      'not_equals another option',
      on('q_dept', { operator: 'not_equals', value: 'sales' }),
      dept(SUPPORT),
      true,
    ],
    [
      'not_equals the chosen option',
      on('q_dept', { operator: 'not_equals', value: 'sales' }),
      dept(SALES),
      false,
    ],
    ['not_equals when unanswered', on('q_dept', { operator: 'not_equals', value: 'sales' }), {}, false],
    [
      'one_of holding it',
      on('q_dept', { operator: 'one_of', values: ['it', 'support'] }),
      dept(SUPPORT),
      true,
    ],
    [
      'one_of without it',
      on('q_dept', { operator: 'one_of', values: ['it', 'support'] }),
      dept(SALES),
      false,
    ],
    [
      'none_of without it',
      on('q_dept', { operator: 'none_of', values: ['it', 'support'] }),
      dept(SALES),
      true,
    ],
    [
      'none_of holding it',
      on('q_dept', { operator: 'none_of', values: ['it', 'support'] }),
      dept(SUPPORT),
      false,
    ],
    ['none_of when unanswered', on('q_dept', { operator: 'none_of', values: ['it'] }), {}, false],
    [
      'equals other on other',
      on('q_dept', { operator: 'equals', value: OTHER_CHOICE }),
      dept({ other: 'HR' }),
      true,
    ],
    [
      'equals other on an option',
      on('q_dept', { operator: 'equals', value: OTHER_CHOICE }),
      dept(SALES),
      false,
    ],
    [
      'equals an option on other',
      on('q_dept', { operator: 'equals', value: 'sales' }),
      dept({ other: 'x' }),
      false,
    ],
    ['answered', on('q_dept', { operator: 'answered' }), dept(SALES), true],
    ['answered when unanswered', on('q_dept', { operator: 'answered' }), {}, false],
    ['not_answered when unanswered', on('q_dept', { operator: 'not_answered' }), {}, true],
    ['not_answered when answered', on('q_dept', { operator: 'not_answered' }), dept(SALES), false],
    ['greater (no order)', on('q_dept', { operator: 'greater', value: 1 }), dept(SALES), false],
  ])('%s → %s', (_label, condition, byId, expected) => {
    expect(holds(condition, byId)).toBe(expected);
  });
});

describe('conditions on a multiple choice', () => {
  const tools = (option_ids: string[], other?: string) => ({
    q_tools: other === undefined ? { option_ids } : { option_ids, other },
  });
  it.each<Case>([
    [
      'equals a ticked option',
      on('q_tools', { operator: 'equals', value: 'chat' }),
      tools(['mail', 'chat']),
      true,
    ],
    [
      'equals an unticked option',
      on('q_tools', { operator: 'equals', value: 'crm' }),
      tools(['mail']),
      false,
    ],
    [
      'not_equals an unticked option',
      on('q_tools', { operator: 'not_equals', value: 'crm' }),
      tools(['mail']),
      true,
    ],
    [
      'not_equals a ticked option',
      on('q_tools', { operator: 'not_equals', value: 'mail' }),
      tools(['mail']),
      false,
    ],
    [
      'one_of with one ticked',
      on('q_tools', { operator: 'one_of', values: ['crm', 'chat'] }),
      tools(['chat']),
      true,
    ],
    [
      'one_of with none ticked',
      on('q_tools', { operator: 'one_of', values: ['crm', 'chat'] }),
      tools(['mail']),
      false,
    ],
    [
      'none_of with none ticked',
      on('q_tools', { operator: 'none_of', values: ['crm', 'chat'] }),
      tools(['mail']),
      true,
    ],
    [
      'none_of with one ticked',
      on('q_tools', { operator: 'none_of', values: ['crm', 'chat'] }),
      tools(['crm']),
      false,
    ],
    [
      'equals other when ticked',
      on('q_tools', { operator: 'equals', value: OTHER_CHOICE }),
      tools([], 'Teams'),
      true,
    ],
    [
      'equals other when not',
      on('q_tools', { operator: 'equals', value: OTHER_CHOICE }),
      tools(['mail']),
      false,
    ],
    ['answered with nothing ticked', on('q_tools', { operator: 'answered' }), tools([]), false],
    ['not_answered with nothing ticked', on('q_tools', { operator: 'not_answered' }), tools([]), true],
    ['answered with only other', on('q_tools', { operator: 'answered' }), tools([], 'Teams'), true],
  ])('%s → %s', (_label, condition, byId, expected) => {
    expect(holds(condition, byId)).toBe(expected);
  });
});

describe('conditions on scores and points', () => {
  const nps = (value: number) => ({ q_nps: score(value) });
  const work = { q_work: { s_desk: 2, s_light: 5 } };
  it.each<Case>([
    ['greater above', on('q_nps', { operator: 'greater', value: 7 }), nps(8), true],
    ['greater at the bound', on('q_nps', { operator: 'greater', value: 7 }), nps(7), false],
    ['less below', on('q_nps', { operator: 'less', value: 7 }), nps(6), true],
    ['less at the bound', on('q_nps', { operator: 'less', value: 7 }), nps(7), false],
    ['less when unanswered', on('q_nps', { operator: 'less', value: 7 }), {}, false],
    ['between at the low end', on('q_nps', { operator: 'between', min: 7, max: 8 }), nps(7), true],
    ['between at the high end', on('q_nps', { operator: 'between', min: 7, max: 8 }), nps(8), true],
    ['between outside', on('q_nps', { operator: 'between', min: 7, max: 8 }), nps(9), false],
    ['equals the score', on('q_nps', { operator: 'equals', value: 0 }), nps(0), true],
    ['equals another score', on('q_nps', { operator: 'equals', value: 0 }), nps(1), false],
    ['not_equals another score', on('q_nps', { operator: 'not_equals', value: 0 }), nps(1), true],
    ['one_of holding it', on('q_nps', { operator: 'one_of', values: [9, 10] }), nps(10), true],
    ['none_of holding it', on('q_nps', { operator: 'none_of', values: [9, 10] }), nps(10), false],
    ['equals a text (no fit)', on('q_nps', { operator: 'equals', value: '8' }), nps(8), false],
    ['rating greater', on('q_sat', { operator: 'greater', value: 3 }), { q_sat: score(4) }, true],
    ['rating less', on('q_sat', { operator: 'less', value: 3 }), { q_sat: score(4) }, false],
    ['a statement greater', on('q_work', { operator: 'greater', value: 4 }, 's_light'), work, true],
    ['a statement less', on('q_work', { operator: 'less', value: 2 }, 's_desk'), work, false],
    ['a statement between', on('q_work', { operator: 'between', min: 1, max: 2 }, 's_desk'), work, true],
    ['no statement (no fit)', on('q_work', { operator: 'greater', value: 0 }), work, false],
    [
      'a statement left open',
      on('q_work', { operator: 'answered' }, 's_light'),
      { q_work: { s_desk: 3 } },
      false,
    ],
    [
      'a statement answered',
      on('q_work', { operator: 'answered' }, 's_desk'),
      { q_work: { s_desk: 3 } },
      true,
    ],
    ['likert answered in part', on('q_work', { operator: 'answered' }), { q_work: { s_desk: 3 } }, true],
    ['likert with nothing rated', on('q_work', { operator: 'not_answered' }), { q_work: {} }, true],
  ])('%s → %s', (_label, condition, byId, expected) => {
    expect(holds(condition, byId)).toBe(expected);
  });
});

describe('conditions on open text', () => {
  const why = (value: string) => ({ q_why: text(value) });
  it.each<Case>([
    [
      'contains, other case',
      on('q_why', { operator: 'contains', value: 'Parkeren' }),
      why('het PARKEREN is lastig'),
      true,
    ],
    ['contains, absent', on('q_why', { operator: 'contains', value: 'parkeren' }), why('de koffie'), false],
    ['contains when unanswered', on('q_why', { operator: 'contains', value: 'x' }), {}, false],
    ['answered', on('q_why', { operator: 'answered' }), why('ja'), true],
    ['answered with only spaces', on('q_why', { operator: 'answered' }), why('   '), false],
    ['not_answered with an empty text', on('q_why', { operator: 'not_answered' }), why(''), true],
    ['equals (no fit)', on('q_why', { operator: 'equals', value: 'ja' }), why('ja'), false],
  ])('%s → %s', (_label, condition, byId, expected) => {
    expect(holds(condition, byId)).toBe(expected);
  });
});

describe('conditions on hidden fields and the language', () => {
  type ContextCase = readonly [string, Condition, LogicContext | undefined, boolean];
  const bron = (value: string): LogicContext => ({ hidden_fields: { bron: value } });
  it.each<ContextCase>([
    ['hidden equals', hidden('bron', { operator: 'equals', value: 'mail' }), bron('mail'), true],
    [
      'hidden equals, another value',
      hidden('bron', { operator: 'equals', value: 'mail' }),
      bron('Mail'),
      false,
    ],
    ['hidden one_of', hidden('bron', { operator: 'one_of', values: ['qr', 'mail'] }), bron('qr'), true],
    [
      'hidden one_of, none',
      hidden('bron', { operator: 'one_of', values: ['qr', 'mail'] }),
      bron('web'),
      false,
    ],
    [
      'hidden contains, other case',
      hidden('bron', { operator: 'contains', value: 'NIEUWS' }),
      bron('nieuwsbrief'),
      true,
    ],
    ['hidden contains, absent', hidden('bron', { operator: 'contains', value: 'x' }), bron('mail'), false],
    ['hidden answered', hidden('bron', { operator: 'answered' }), bron('mail'), true],
    ['hidden answered when blank', hidden('bron', { operator: 'answered' }), bron(' '), false],
    ['hidden answered without fields', hidden('bron', { operator: 'answered' }), undefined, false],
    ['hidden not_answered without fields', hidden('bron', { operator: 'not_answered' }), {}, true],
    ['hidden not_answered when filled', hidden('bron', { operator: 'not_answered' }), bron('mail'), false],
    ['hidden named like a prototype key', hidden('toString', { operator: 'answered' }), bron('mail'), false],
    ['hidden greater (no fit)', hidden('bron', { operator: 'greater', value: 'a' }), bron('b'), false],
    [
      'language equals its first part',
      language({ operator: 'equals', value: 'en' }),
      { language: 'en-GB' },
      true,
    ],
    ['language equals another', language({ operator: 'equals', value: 'en' }), { language: 'nl' }, false],
    ['language one_of', language({ operator: 'one_of', values: ['de', 'FR'] }), { language: 'fr' }, true],
    [
      'language one_of, none',
      language({ operator: 'one_of', values: ['de', 'fr'] }),
      { language: 'nl' },
      false,
    ],
    [
      'language one_of, Ukrainian with a region',
      language({ operator: 'one_of', values: ['pl', 'uk'] }),
      { language: 'uk-UA' },
      true,
    ],
    ['language unknown', language({ operator: 'equals', value: 'nl' }), {}, false],
    [
      'language not_equals (no fit)',
      language({ operator: 'not_equals', value: 'nl' }),
      { language: 'en' },
      false,
    ],
  ])('%s → %s', (_label, condition, context, expected) => {
    expect(holds(condition, {}, context)).toBe(expected);
  });
});

describe('what a condition reads', () => {
  it('should read a question off the path as unanswered', () => {
    const logic = logicOf(
      hide('q_dept', hidden('bron', { operator: 'equals', value: 'qr' })),
      show('q_last', on('q_dept', { operator: 'equals', value: 'sales' })),
    );
    const given = answers({ q_dept: SALES });
    expect(
      evaluateLogic(QUESTIONS, logic, given, { hidden_fields: { bron: 'qr' } }).isVisible('q_last'),
    ).toBe(false);
    expect(
      evaluateLogic(QUESTIONS, logic, given, { hidden_fields: { bron: 'web' } }).isVisible('q_last'),
    ).toBe(true);
  });

  it('should read a later question, or the question itself, as unanswered', () => {
    const later = logicOf(show('q_dept', on('q_last', { operator: 'answered' })));
    const self = logicOf(show('q_dept', on('q_dept', { operator: 'not_answered' })));
    const given = answers({ q_dept: SALES, q_last: text('ja') });
    expect(evaluateLogic(QUESTIONS, later, given).isVisible('q_dept')).toBe(false);
    expect(evaluateLogic(QUESTIONS, self, given).isVisible('q_dept')).toBe(true);
  });

  it('should read a deleted question as unanswered', () => {
    expect(holds(on('q_gone', { operator: 'answered' }), { q_gone: text('x') })).toBe(false);
    expect(holds(on('q_gone', { operator: 'not_answered' }), { q_gone: text('x') })).toBe(true);
  });
});
