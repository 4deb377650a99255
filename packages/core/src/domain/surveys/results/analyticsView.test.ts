import { describe, expect, it } from 'vitest';
import type { AnalyticsOverview } from '../../contract';
import { analyticsView } from './analyticsView';

const overview: AnalyticsOverview = {
  bucket: 'month',
  totals: { surveys: 4, open_surveys: 2, completed: 1520, invited: 3000, response_rate: 0.4 },
  responses_over_time: [
    { period: '2025-10-01', count: 20 },
    { period: '2025-11-01', count: 35 },
  ],
  nps_trend: [
    { period: '2025-10-01', answered: 10, score: 12.4 },
    { period: '2025-11-01', answered: 0, score: null },
  ],
  likert_trend: [{ period: '2025-10-01', answered: 30, score: 71.8 }],
  surveys: [
    {
      survey_id: 3,
      title: 'Klanttevredenheid',
      status: 'open',
      completed: 40,
      invited: 0,
      response_rate: null,
      last_response_at: '2025-11-02T09:00:00Z',
    },
    {
      survey_id: 5,
      title: 'Medewerkers',
      status: 'closed',
      completed: 90,
      invited: 100,
      response_rate: 0.9,
      last_response_at: null,
    },
  ],
  best_statements: [
    {
      survey_id: 5,
      survey_title: 'Medewerkers',
      question_id: 'q1',
      statement_id: 's1',
      text: 'Ik voel me gewaardeerd',
      points: 5,
      answered: 88,
      mean: 4.42,
      score: 85.5,
    },
  ],
  worst_statements: [
    {
      survey_id: 5,
      survey_title: 'Medewerkers',
      question_id: 'q1',
      statement_id: 's2',
      text: 'De werkdruk is goed te doen',
      points: 7,
      answered: 1,
      mean: 2,
      score: 16.67,
    },
  ],
};

describe('analyticsView', () => {
  const view = analyticsView(overview);

  it('should show the totals in Dutch', () => {
    expect(view.totals.map((total) => [total.label, total.value])).toEqual([
      ['Surveys', '4'],
      ['Open surveys', '2'],
      ['Reacties', '1.520'],
      ['Persoonlijke links', '3.000'],
      ['Responspercentage', '40%'],
    ]);
    expect(view.bucketLabel).toBe('Per maand');
  });

  it('should chart responses per month and the trends on their own scales', () => {
    expect(view.overTime.bars.map((bar) => [bar.label, bar.value])).toEqual([
      ['okt. 2025', 20],
      ['nov. 2025', 35],
    ]);
    expect(view.npsTrend.points.map((point) => point.scoreText)).toEqual(['+12', '–']);
    expect(view.npsTrend.ticks[0]?.label).toBe('-100');
    expect(view.likertTrend.points[0]?.scoreText).toBe('72');
    expect(view.likertTrend.ticks.map((tick) => tick.label)).toEqual(['0', '25', '50', '75', '100']);
  });

  it('should list every survey with its rate, or a dash without personal links', () => {
    expect(
      view.surveys.map((s) => [s.title, s.statusLabel, s.rateText, s.rateWidth, s.lastResponseText]),
    ).toEqual([
      ['Klanttevredenheid', 'Open', '–', 0, '2 nov. 2025'],
      ['Medewerkers', 'Gesloten', '90%', 90, '–'],
    ]);
  });

  it('should show statements with a 0–100 score and their mean on their own scale', () => {
    expect(view.best[0]).toMatchObject({
      key: '5:q1:s1',
      scoreText: '86',
      meanText: '4,4 van 5',
      answeredText: '88 antwoorden',
      surveyId: 5,
      questionId: 'q1',
    });
    expect(view.worst[0]).toMatchObject({
      scoreText: '17',
      meanText: '2,0 van 7',
      answeredText: '1 antwoord',
    });
  });
});
