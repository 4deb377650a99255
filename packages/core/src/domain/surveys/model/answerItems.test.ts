import { describe, expect, it } from 'vitest';
import type { AnswerValue, Question, QuestionType } from '../../contract';
import { answerFromItems, answerToItems, OTHER_ITEM_ID, QUESTION_ITEM_ID } from './answerItems';
import { validateAnswer } from './answerValidation';
import { createQuestion } from './questionEdits';

let next = 0;
const ids = { newId: () => `id${++next}` };

function question(type: QuestionType): Question {
  const made = createQuestion(type, ids);
  if (made.type === 'single_choice' || made.type === 'multiple_choice') {
    return { ...made, settings: { ...made.settings, allow_other: true } } as Question;
  }
  return made;
}

describe('answerItems', () => {
  const cases: readonly [QuestionType, (q: Question) => AnswerValue][] = [
    ['likert', (q) => (q.type === 'likert' ? { [q.settings.statements[0]!.id]: 4 } : { score: -1 })],
    [
      'single_choice',
      (q) => (q.type === 'single_choice' ? { option_id: q.settings.options[1]!.id } : { score: -1 }),
    ],
    ['single_choice', () => ({ other: 'Via een collega' })],
    [
      'multiple_choice',
      (q) =>
        q.type === 'multiple_choice'
          ? { option_ids: [q.settings.options[0]!.id, q.settings.options[1]!.id], other: 'Iets anders' }
          : { score: -1 },
    ],
    ['open_short', () => ({ text: 'Prima' })],
    ['open_long', () => ({ text: 'Regel 1\nRegel 2' })],
    ['nps', () => ({ score: 0 })],
    ['rating', () => ({ score: 5 })],
  ];

  it.each(cases)(
    'should store a valid %s answer as items and read the same answer back',
    (type, answerOf) => {
      const q = question(type);
      const value = answerOf(q);
      expect(validateAnswer(q, value).ok).toBe(true);
      const items = answerToItems(q, value);
      expect(items.length).toBeGreaterThan(0);
      expect(answerFromItems(q, [...items].reverse())).toStrictEqual(value);
    },
  );

  it('should keep multiple-choice options in the question order whatever order the rows come back in', () => {
    const q = question('multiple_choice');
    if (q.type !== 'multiple_choice') throw new Error('type');
    const [a, b] = q.settings.options.map((option) => option.id);
    const items = [
      { item_id: b!, num_value: 1, text_value: null },
      { item_id: a!, num_value: 1, text_value: null },
    ];
    expect(answerFromItems(q, items)).toStrictEqual({ option_ids: [a, b] });
  });

  it('should count a likert answer per statement and the other text under its own item id', () => {
    const q = question('single_choice');
    expect(answerToItems(q, { other: 'x' })).toStrictEqual([
      { item_id: OTHER_ITEM_ID, num_value: null, text_value: 'x' },
    ]);
    expect(answerFromItems(q, [])).toBeNull();
  });

  it.each(cases)(
    'should store exactly one row per answered %s question except single choice',
    (type, answerOf) => {
      const q = question(type);
      const own = answerToItems(q, answerOf(q)).filter((item) => item.item_id === QUESTION_ITEM_ID);
      expect(own).toHaveLength(type === 'single_choice' ? 0 : 1);
    },
  );

  it('should mark a likert and a multiple-choice answer as answered with one row without a value', () => {
    const made = question('likert');
    if (made.type !== 'likert') throw new Error('type');
    const [s1, s2] = ['st-1', 'st-2'];
    const likert: Question = {
      ...made,
      settings: {
        ...made.settings,
        statements: [
          { id: s1!, text: 'Een' },
          { id: s2!, text: 'Twee' },
        ],
      },
    };
    expect(answerToItems(likert, { [s1!]: 2, [s2!]: 5 })).toStrictEqual([
      { item_id: QUESTION_ITEM_ID, num_value: null, text_value: null },
      { item_id: s1, num_value: 2, text_value: null },
      { item_id: s2, num_value: 5, text_value: null },
    ]);
    const multiple = question('multiple_choice');
    expect(answerToItems(multiple, { option_ids: [], other: 'Fiets' })).toStrictEqual([
      { item_id: QUESTION_ITEM_ID, num_value: null, text_value: null },
      { item_id: OTHER_ITEM_ID, num_value: null, text_value: 'Fiets' },
    ]);
  });

  it('should read a likert or multiple-choice question with only its answered row as unanswered', () => {
    const marker = [{ item_id: QUESTION_ITEM_ID, num_value: null, text_value: null }];
    expect(answerFromItems(question('likert'), marker)).toBeNull();
    expect(answerFromItems(question('multiple_choice'), marker)).toBeNull();
  });
});
