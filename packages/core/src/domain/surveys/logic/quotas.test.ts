import { describe, expect, it } from 'vitest';
import type { Quota } from '../../contract';
import { NO_LOGIC as NO_RULES } from '../../contract';
import { answers, hidden, hide, logicOf, on, QUESTIONS, SALES, SUPPORT } from './logic.fixtures';
import {
  checkCapsInput,
  QUOTA_MESSAGES,
  QUOTAS_MAX,
  quotaMatcher,
  quotaProblems,
  remapQuotaQuestions,
} from './quotas';

const quota = (id: string, when: Quota['when'], max = 50): Quota => ({
  id,
  name: id === 'q_sales' ? 'Verkoop' : id,
  when,
  max,
  end_screen_text: '',
});
const SALES_QUOTA = quota('q_sales', {
  match: 'all',
  conditions: [on('q_dept', { operator: 'equals', value: 'sales' })],
});

describe('checkCapsInput', () => {
  it('should keep what was sent and leave out what was not', () => {
    expect(checkCapsInput({})).toEqual({ ok: true, value: {} });
    expect(checkCapsInput({ max_responses: null, quotas: [SALES_QUOTA] })).toEqual({
      ok: true,
      value: { max_responses: null, quotas: [SALES_QUOTA] },
    });
  });

  it('should refuse a cap below 1 or not whole, in Dutch', () => {
    for (const max_responses of [0, -3, 2.5, '10'])
      expect(checkCapsInput({ max_responses })).toEqual({
        ok: false,
        fields: { max_responses: QUOTA_MESSAGES.maxResponsesInvalid },
      });
  });

  it('should refuse more than the quota limit', () => {
    const many = Array.from({ length: QUOTAS_MAX + 1 }, (_, index) => ({ ...SALES_QUOTA, id: `q${index}` }));
    expect(checkCapsInput({ quotas: many })).toEqual({
      ok: false,
      fields: { quotas: QUOTA_MESSAGES.tooManyQuotas },
    });
  });

  it('should name each bad field of a quota, its conditions like a rule', () => {
    const result = checkCapsInput({
      quotas: [
        {
          id: 'a',
          name: ' ',
          max: 0,
          end_screen_text: 5,
          when: { match: 'x', conditions: [{ source: 'question' }] },
        },
        { ...SALES_QUOTA, id: 'a' },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields).toMatchObject({
      'quotas.0.name': QUOTA_MESSAGES.nameInvalid,
      'quotas.0.max': QUOTA_MESSAGES.maxInvalid,
      'quotas.0.end_screen_text': QUOTA_MESSAGES.endScreenTextInvalid,
      'quotas.1.id': QUOTA_MESSAGES.idDuplicate,
    });
    expect(result.fields['quotas.0.when.match']).toBeDefined();
    expect(result.fields['quotas.0.when.conditions.0.operator']).toBeDefined();
  });
});

describe('quotaProblems', () => {
  it('should accept conditions on any question, also the last', () => {
    const last = QUESTIONS[QUESTIONS.length - 1]?.id as string;
    const anyQuestion = quota('late', { match: 'all', conditions: [on(last, { operator: 'answered' })] });
    expect(quotaProblems(QUESTIONS, NO_RULES, [SALES_QUOTA, anyQuestion])).toEqual([]);
  });

  it("should name a deleted question, an unknown hidden field and an empty quota by the quota's name", () => {
    const problems = quotaProblems(QUESTIONS, NO_RULES, [
      quota('q_sales', { match: 'all', conditions: [on('gone', { operator: 'answered' })] }),
      quota('field', { match: 'all', conditions: [hidden('team', { operator: 'equals', value: 'a' })] }),
      quota('empty', { match: 'all', conditions: [] }),
    ]);
    expect(problems.map((problem) => problem.quota_id)).toEqual(['q_sales', 'field', 'empty']);
    expect(problems[0]?.message).toMatch(/^Quotum 'Verkoop'/);
    expect(problems[2]?.message).toBe(QUOTA_MESSAGES.noConditions("Quotum 'empty'"));
  });
});

describe('quotaMatcher', () => {
  it('should tell the quotas a response matches', () => {
    const support = quota('support', {
      match: 'all',
      conditions: [on('q_dept', { operator: 'equals', value: 'support' })],
    });
    const match = quotaMatcher(QUESTIONS, NO_RULES, [SALES_QUOTA, support]);
    expect(match(answers({ q_dept: SALES })).map((q) => q.id)).toEqual(['q_sales']);
    expect(match(answers({ q_dept: SUPPORT })).map((q) => q.id)).toEqual(['support']);
    expect(match(answers({}))).toEqual([]);
  });

  it('should read an answer off the path as unanswered, with the same evaluator as the path', () => {
    const logic = logicOf(hide('q_dept', hidden('skip', { operator: 'equals', value: 'ja' })));
    const match = quotaMatcher(QUESTIONS, { ...logic, hidden_fields: ['skip'] }, [SALES_QUOTA]);
    expect(match(answers({ q_dept: SALES }), { hidden_fields: { skip: 'ja' } })).toEqual([]);
    expect(match(answers({ q_dept: SALES }), { hidden_fields: { skip: 'nee' } })).toEqual([SALES_QUOTA]);
  });

  it('should match nothing for a quota without conditions', () => {
    expect(
      quotaMatcher(QUESTIONS, NO_RULES, [quota('empty', { match: 'all', conditions: [] })])(answers()),
    ).toEqual([]);
  });
});

describe('remapQuotaQuestions', () => {
  it("should move a copy's conditions to the copied questions' ids and keep the rest", () => {
    const both = quota('both', {
      match: 'any',
      conditions: [
        on('q_dept', { operator: 'equals', value: 'sales' }),
        hidden('bron', { operator: 'answered' }),
      ],
    });
    expect(remapQuotaQuestions([both], new Map([['q_dept', 'copy_dept']]))).toEqual([
      {
        ...both,
        when: {
          match: 'any',
          conditions: [
            on('copy_dept', { operator: 'equals', value: 'sales' }),
            hidden('bron', { operator: 'answered' }),
          ],
        },
      },
    ]);
  });
});
