import { describe, expect, it } from 'vitest';
import {
  NO_LOGIC,
  type Question,
  type QuestionDetail,
  type SurveyLogic,
  type SurveyResults,
} from '../../contract';
import {
  findQuestion,
  questionDetailView,
  surveyResultsView,
  trendCaption,
  trendScaleFor,
} from './resultsView';
import { likert, nps, open, rating, single, survey } from './resultsView.fixtures';

/** Rules that can hide a question: results then say who saw each question. */
const LOGIC: SurveyLogic = {
  ...NO_LOGIC,
  rules: [
    {
      id: 'r1',
      action: 'hide',
      question_id: 'q-open',
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'q-nps', operator: 'less', value: 7 }],
      },
    },
  ],
};

describe('surveyResultsView', () => {
  const results: SurveyResults = {
    survey_id: 12,
    responses: {
      completed: 1234,
      in_progress: 3,
      invited: 2000,
      response_rate: 0.617,
      completion_rate: 0.9975,
      last_response_at: '2025-11-03T10:00:00Z',
    },
    bucket: 'day',
    over_time: [
      { period: '2025-11-02', count: 3 },
      { period: '2025-11-03', count: 5 },
    ],
    questions: [{ question_id: 'q-nps', type: 'nps', answered: 1, seen_count: 1, by_score: { '10': 1 } }],
  };

  it('should summarise the responses and keep the survey order of the questions', () => {
    const view = surveyResultsView(
      survey([
        { ...nps, position: 1 },
        { ...open, position: 0 },
      ]),
      results,
    );
    expect(view.summary).toEqual({
      completed: 1234,
      completedText: '1.234',
      inProgressText: '3',
      invitedText: '2.000',
      responseRateText: '62%',
      completionRateText: '100%',
      lastResponseText: '3 nov. 2025',
    });
    expect(view.questions.map((q) => q.questionId)).toEqual(['q-open', 'q-nps']);
    expect(view.questions[0]?.answered).toBe(0);
    expect(view.overTime.bars.map((bar) => bar.label)).toEqual(['2 nov.', '3 nov.']);
    expect(view.bucketLabel).toBe('Per dag');
    // Without rules everyone saw every question: nothing said about it (R-RES-6).
    expect(view.questions.map((q) => q.seen)).toEqual([null, null]);
  });

  it('should say of every question of a survey with rules who saw it, out of the submitted responses', () => {
    const withRules = { ...survey([nps, open]), logic: LOGIC };
    const view = surveyResultsView(withRules, {
      ...results,
      responses: { ...results.responses, completed: 10 },
      questions: [
        { question_id: 'q-nps', type: 'nps', answered: 2, seen_count: 4, by_score: { '10': 2 } },
        { question_id: 'q-open', type: 'open_long', answered: 10, seen_count: 10, latest: [] },
      ],
    });
    expect(view.questions.map((q) => q.seen?.text)).toEqual([
      'Gezien door 4 van de 10 respondenten; 50% van hen gaf een antwoord.',
      'Gezien door 10 van de 10 respondenten; 100% van hen gaf een antwoord.',
    ]);
    expect(view.questions.map((q) => q.seen?.partial)).toEqual([true, false]);
  });
});

describe('questionDetailView', () => {
  const detail = (question: Question, trend: QuestionDetail['trend']): QuestionDetail => ({
    survey_id: 12,
    question_id: question.id,
    type: question.type,
    result: { question_id: question.id, type: 'nps', answered: 2, seen_count: 2, by_score: { '9': 2 } },
    respondents: 2,
    bucket: 'week',
    trend,
    answers: {
      items: [
        { response_id: 8, submitted_at: '2025-11-03T10:00:00Z', text: '9' },
        { response_id: 7, submitted_at: '2025-11-02T09:00:00Z', text: '9' },
      ],
      total: 51,
      page: 1,
      page_size: 50,
    },
  });

  it('should draw a score trend for a question with a score', () => {
    const view = questionDetailView(nps, detail(nps, [{ period: '2025-10-27', answered: 2, score: 100 }]));
    expect(view.trend.kind).toBe('score');
    expect(view.trend.caption).toBe('NPS (-100 tot +100)');
    expect(view.result.kind).toBe('nps');
    expect(view.answers).toMatchObject({ total: 51, totalText: '51 antwoorden', page: 1, pages: 2 });
    expect(view.answers.rows[0]).toMatchObject({ responseId: 8, dateText: '3 nov. 2025, 11:00', text: '9' });
  });

  it("should say who saw the question in a survey with rules, out of the period's respondents", () => {
    const seen = { ...detail(nps, []), respondents: 8 };
    expect(questionDetailView(nps, seen, LOGIC).result.seen?.text).toBe(
      'Gezien door 2 van de 8 respondenten; 100% van hen gaf een antwoord.',
    );
    expect(questionDetailView(nps, seen, NO_LOGIC).result.seen).toBeNull();
    expect(questionDetailView(nps, seen).result.seen).toBeNull();
  });

  it('should count answers per period for a question without a score', () => {
    const view = questionDetailView(open, detail(open, [{ period: '2025-10-27', answered: 4, score: null }]));
    expect(view.trend.kind).toBe('count');
    if (view.trend.kind === 'count') expect(view.trend.chart.bars[0]?.value).toBe(4);
  });
});

describe('trendScaleFor and findQuestion', () => {
  it('should scale by the question', () => {
    expect(trendScaleFor(likert({ points: 7 }))?.max).toBe(7);
    expect(trendScaleFor(rating)?.max).toBe(5);
    expect(trendScaleFor(nps)?.min).toBe(-100);
    expect(trendScaleFor(single)).toBeNull();
    expect(trendCaption(likert())).toBe('Gemiddelde van alle stellingen (1 tot 5)');
  });

  it('should find a question by id or say it is gone', () => {
    expect(findQuestion(survey([nps]), 'q-nps')?.title).toBe('Zou je ons aanbevelen?');
    expect(findQuestion(survey([nps]), 'weg')).toBeNull();
  });
});
