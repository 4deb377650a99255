import { ANSWER_MESSAGES, type AnswerItem, answerToItems, SECONDS_SPENT_MAX } from '@loop/core/surveys/model';
import { describe, expect, it } from 'vitest';
import { everyTypeAnswers, everyTypeQuestions } from '../testing/responseTesting';
import { planAnswers } from './answerPlan';

const questions = everyTypeQuestions();
const byId = new Map(questions.map((question) => [question.id, question]));

describe('planAnswers', () => {
  it('should turn valid answers into items and whole, capped seconds', () => {
    const plan = planAnswers(
      questions,
      [
        { question_id: 'q-nps', value: { score: 7 }, seconds_spent: 3.6 },
        { question_id: 'q-short', value: { text: '' }, seconds_spent: SECONDS_SPENT_MAX * 2 },
      ],
      false,
    );
    expect(plan).toMatchObject({
      ok: true,
      questionIds: ['q-nps', 'q-short'],
      items: [{ question_id: 'q-nps', item_id: '', num_value: 7, text_value: null }],
      seconds: [
        { question_id: 'q-nps', seconds: 4 },
        { question_id: 'q-short', seconds: SECONDS_SPENT_MAX },
      ],
      checkWithSaved: null,
    });
  });

  it('should name refused answers by answers.<question id>', () => {
    const plan = planAnswers(questions, [{ question_id: 'q-nps', value: { score: 12 } }], false);
    expect(plan).toEqual({
      ok: false,
      refusal: {
        detail: ANSWER_MESSAGES.scoreRange(0, 10),
        fields: { 'answers.q-nps': ANSWER_MESSAGES.scoreRange(0, 10) },
      },
    });
    expect(planAnswers(questions, 'geen lijst', true)).toMatchObject({
      ok: false,
      refusal: { fields: { answers: ANSWER_MESSAGES.unreadable } },
    });
  });

  it('should check a submission’s open required questions against the saved answers', () => {
    const withoutNps = everyTypeAnswers().filter((answer) => answer.question_id !== 'q-nps');
    const plan = planAnswers(questions, withoutNps, true);
    if (!plan.ok || plan.checkWithSaved === null) throw new Error('expected a check over saved answers');
    expect(plan.checkWithSaved(new Map())).toEqual({
      detail: ANSWER_MESSAGES.required,
      fields: { 'answers.q-nps': ANSWER_MESSAGES.required },
    });
    const saved = new Map<string, AnswerItem[]>([
      ['q-nps', answerToItems(byId.get('q-nps')!, { score: 10 })],
    ]);
    expect(plan.checkWithSaved(saved)).toBeNull();
    expect(planAnswers(questions, everyTypeAnswers(), true)).toMatchObject({
      ok: true,
      checkWithSaved: null,
    });
  });
});
