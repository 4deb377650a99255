import { describe, expect, it } from 'vitest';
import type { QuestionOf, SurveyResults } from '../../contract';
import { surveyResultsView } from './resultsView';
import { nps, survey } from './resultsView.fixtures';

const TEXT_BLOCK: QuestionOf<'text_block'> = {
  id: 'q-intro',
  type: 'text_block',
  title: 'Over je werkplek',
  description: 'De volgende vragen gaan over je werkplek.',
  required: false,
  position: 0,
  settings: {},
};

const results = (questions: SurveyResults['questions']): SurveyResults => ({
  survey_id: 12,
  responses: {
    completed: 1,
    in_progress: 0,
    invited: 0,
    response_rate: null,
    completion_rate: 1,
    last_response_at: '2025-11-03T10:00:00Z',
  },
  bucket: 'day',
  over_time: [],
  questions,
});

describe('surveyResultsView: text block', () => {
  it('should leave a text block out of the results, which has no answers', () => {
    const view = surveyResultsView(
      survey([TEXT_BLOCK, { ...nps, position: 1 }]),
      results([{ question_id: nps.id, type: 'nps', answered: 1, seen_count: 1, by_score: { '9': 1 } }]),
    );
    expect(view.questions.map((question) => question.questionId)).toEqual([nps.id]);
  });
});
