import type { AnswerInput, SurveyLogic } from '@loop/core';
import { everyTypeAnswers } from './everyTypeQuestions';

/*
 * Pure data: logic over `everyTypeQuestions` for the server's logic tests (issue 26).
 * - q-short is shown only to those who work at the office (q-single = o-kantoor);
 * - q-nps (required) is hidden from those who work at home (q-single = o-thuis);
 * - after q-multi, ticking the tablet ends the survey on 'e-klaar';
 * - q-rating is hidden when the link's hidden field 'afdeling' is 'ict', or the language is English.
 */
export const everyTypeLogic = (): SurveyLogic => ({
  rules: [
    {
      id: 'r-kantoor',
      action: 'show',
      question_id: 'q-short',
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'q-single', operator: 'equals', value: 'o-kantoor' }],
      },
    },
    {
      id: 'r-thuis',
      action: 'hide',
      question_id: 'q-nps',
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'q-single', operator: 'equals', value: 'o-thuis' }],
      },
    },
    {
      id: 'r-tablet',
      action: 'jump',
      from_question_id: 'q-multi',
      to: { end_screen_id: 'e-klaar' },
      when: {
        match: 'all',
        conditions: [
          { source: 'question', question_id: 'q-multi', operator: 'one_of', values: ['o-tablet'] },
        ],
      },
    },
    {
      id: 'r-ict',
      action: 'hide',
      question_id: 'q-rating',
      when: {
        match: 'any',
        conditions: [
          { source: 'hidden_field', name: 'afdeling', operator: 'equals', value: 'ict' },
          { source: 'language', operator: 'equals', value: 'en' },
        ],
      },
    },
  ],
  end_screens: [{ id: 'e-klaar', text: 'Dank je, meer hoeven we niet te weten.' }],
  hidden_fields: ['afdeling', 'bron'],
});

/** `everyTypeAnswers` on the path of someone at home without a tablet: no q-short, no q-nps. */
export const onPathAnswers = (): AnswerInput[] =>
  everyTypeAnswers().filter((answer) => answer.question_id !== 'q-short' && answer.question_id !== 'q-nps');
