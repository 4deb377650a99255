import { describe, expect, it } from 'vitest';
import { jump, logicOf, on, QUESTIONS, REDIRECT, show, THANKS } from './logic.fixtures';
import {
  conditionQuestionIds,
  logicEditProblems,
  logicOpeningProblems,
  readsLanguage,
  remapLogicQuestions,
  sameJson,
} from './logicEdits';
import { LOGIC_MESSAGES } from './logicMessages';

const isSales = on('q_dept', { operator: 'equals', value: 'sales' });
const LOGIC = logicOf(
  show('q_sales', isSales),
  jump('q_nps', THANKS.id, on('q_nps', { operator: 'less', value: 7 })),
);

describe('logicEditProblems', () => {
  it('should allow any change before the survey has answers', () => {
    expect(logicEditProblems(LOGIC, { rules: [], end_screens: [], hidden_fields: [] }, false)).toEqual([]);
  });

  it('should allow the same logic with its keys in another order, and new end screen texts and addresses', () => {
    const reordered = JSON.parse(
      JSON.stringify(LOGIC, [
        'hidden_fields',
        'end_screens',
        'rules',
        'when',
        'match',
        'conditions',
        'value',
        'operator',
        'question_id',
        'source',
        'id',
        'action',
        'to',
        'end_screen_id',
        'from_question_id',
        'text',
        'redirect_url',
      ]),
    );
    const texts = {
      ...reordered,
      end_screens: [
        { ...THANKS, text: 'Dank je wel!' },
        { ...REDIRECT, redirect_url: 'https://elders.example.nl/' },
      ],
    };
    expect(logicEditProblems(LOGIC, texts, true)).toEqual([]);
  });

  it('should refuse other rules, other hidden fields and end screens added or removed, once there are answers', () => {
    const changed = {
      rules: [LOGIC.rules[1] as (typeof LOGIC.rules)[number], LOGIC.rules[0] as (typeof LOGIC.rules)[number]],
      end_screens: [THANKS],
      hidden_fields: ['bron', 'team'],
    };
    expect(logicEditProblems(LOGIC, changed, true)).toEqual([
      { code: 'rules_changed', field: 'logic.rules', message: LOGIC_MESSAGES.locked },
      { code: 'hidden_fields_changed', field: 'logic.hidden_fields', message: LOGIC_MESSAGES.locked },
      { code: 'end_screens_changed', field: 'logic.end_screens', message: LOGIC_MESSAGES.locked },
    ]);
  });
});

describe('sameJson', () => {
  it('should compare values deeply, ignoring key order and undefined properties', () => {
    expect(sameJson({ a: [1, { b: 2, c: undefined }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
  });
});

describe('logicOpeningProblems', () => {
  it('should list nothing for sound logic', () => {
    expect(logicOpeningProblems(QUESTIONS, LOGIC)).toEqual([]);
  });

  it("should list each logic problem with the question's number, the rule's field and the Dutch sentence", () => {
    const backwards = jump('q_why', 'q_dept', on('q_why', { operator: 'answered' }));
    const dangling = show('q_last', on('q_gone', { operator: 'answered' }));
    expect(logicOpeningProblems(QUESTIONS, logicOf(backwards, dangling))).toEqual([
      {
        question_id: 'q_why',
        question_number: 6,
        codes: ['jump_backward'],
        fields: [`logic.rules.${backwards.id}`],
        reason:
          "een sprong gaat terug naar Vraag 1 ('Afdeling'). Een sprong kan alleen naar een latere vraag",
        message: LOGIC_MESSAGES.jumpBackward("Vraag 6 ('Waarom?')", "Vraag 1 ('Afdeling')").slice(0, -1),
      },
      {
        question_id: 'q_last',
        question_number: 8,
        codes: ['condition_question_missing'],
        fields: [`logic.rules.${dangling.id}`],
        reason: 'een voorwaarde gaat over een vraag die niet meer bestaat',
        message: "Vraag 8 ('Nog iets?'): een voorwaarde gaat over een vraag die niet meer bestaat",
      },
    ]);
  });

  it('should name a rule on a deleted question and an unsafe address without a question', () => {
    const orphan = show('q_gone', isSales);
    const logic = {
      ...logicOf(orphan),
      end_screens: [{ id: 'end_x', text: 'Weg', redirect_url: 'javascript:alert(1)' }],
    };
    const problems = logicOpeningProblems(QUESTIONS, logic);
    expect(problems.map((problem) => [problem.question_number, problem.codes[0], problem.fields[0]])).toEqual(
      [
        [null, 'rule_question_missing', `logic.rules.${orphan.id}`],
        [null, 'redirect_invalid', 'logic.end_screens.end_x'],
      ],
    );
  });
});

describe('conditionQuestionIds', () => {
  it('should list the questions whose answers the conditions read', () => {
    expect([...conditionQuestionIds(LOGIC)].sort()).toEqual(['q_dept', 'q_nps']);
    expect(readsLanguage(LOGIC)).toBe(false);
  });
});

describe('remapLogicQuestions', () => {
  it('should move every reference to a question to its copy and keep the rest', () => {
    const ids = new Map([
      ['q_dept', 'n_dept'],
      ['q_sales', 'n_sales'],
      ['q_nps', 'n_nps'],
    ]);
    const toQuestion = jump('q_dept', 'q_sales', isSales);
    const copy = remapLogicQuestions({ ...LOGIC, rules: [...LOGIC.rules, toQuestion] }, ids);
    expect(copy.rules).toEqual([
      {
        ...LOGIC.rules[0],
        question_id: 'n_sales',
        when: { match: 'all', conditions: [{ ...isSales, question_id: 'n_dept' }] },
      },
      {
        ...LOGIC.rules[1],
        from_question_id: 'n_nps',
        when: {
          match: 'all',
          conditions: [{ source: 'question', question_id: 'n_nps', operator: 'less', value: 7 }],
        },
      },
      {
        ...toQuestion,
        from_question_id: 'n_dept',
        to: { question_id: 'n_sales' },
        when: { match: 'all', conditions: [{ ...isSales, question_id: 'n_dept' }] },
      },
    ]);
    expect(copy.end_screens).toBe(LOGIC.end_screens);
  });
});
