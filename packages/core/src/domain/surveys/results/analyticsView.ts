import type { AnalyticsOverview, StatementScore, SurveyResponseRate, SurveyStatus } from '../../contract';
import { formatCount, formatRate } from '../../format';
import { formatMean } from '../model';
import {
  type ColumnChartView,
  columnChart,
  NPS_SCALE,
  SCORE_SCALE,
  type TrendChartView,
  trendChart,
} from './resultsCharts';
import { answersText, BUCKET_LABELS, formatResultDate, SURVEY_STATUS_LABELS } from './resultsFormat';

/** The '/analytics' page's view model: the organisation-wide overview as texts and chart geometry. */

/**
 * Said in place of the best and worst lists when they are empty: with fewer than two statements
 * of 3 or more answers there is nothing to compare (`rankStatements`).
 */
export const STATEMENTS_EMPTY_TEXT =
  'Nog te weinig om te vergelijken: daarvoor zijn minstens 2 stellingen met elk 3 of meer antwoorden nodig.';

export interface AnalyticsTotal {
  readonly key: 'surveys' | 'open_surveys' | 'completed' | 'invited' | 'response_rate';
  readonly label: string;
  readonly value: string;
}

export interface SurveyRateRow {
  readonly surveyId: number;
  readonly title: string;
  readonly status: SurveyStatus;
  readonly statusLabel: string;
  readonly completedText: string;
  readonly invitedText: string;
  readonly rateText: string;
  /** The response rate as a bar width, 0–100; 0 without personal links. */
  readonly rateWidth: number;
  readonly lastResponseText: string;
}

export interface StatementRow {
  readonly key: string;
  readonly surveyId: number;
  readonly surveyTitle: string;
  readonly questionId: string;
  readonly text: string;
  /** The 0–100 score, whole: '72'. */
  readonly scoreText: string;
  readonly score: number;
  /** '3,9 van 5'. */
  readonly meanText: string;
  readonly answeredText: string;
}

export interface AnalyticsView {
  readonly totals: readonly AnalyticsTotal[];
  readonly bucketLabel: string;
  readonly overTime: ColumnChartView;
  readonly npsTrend: TrendChartView;
  readonly likertTrend: TrendChartView;
  readonly surveys: readonly SurveyRateRow[];
  readonly best: readonly StatementRow[];
  readonly worst: readonly StatementRow[];
}

function surveyRow(survey: SurveyResponseRate): SurveyRateRow {
  const rate = survey.response_rate;
  return {
    surveyId: survey.survey_id,
    title: survey.title,
    status: survey.status,
    statusLabel: SURVEY_STATUS_LABELS[survey.status] ?? survey.status,
    completedText: formatCount(survey.completed),
    invitedText: formatCount(survey.invited),
    rateText: formatRate(rate),
    rateWidth: typeof rate === 'number' && Number.isFinite(rate) ? Math.min(100, Math.max(0, rate * 100)) : 0,
    lastResponseText: formatResultDate(survey.last_response_at),
  };
}

function statementRow(statement: StatementScore): StatementRow {
  return {
    key: `${statement.survey_id}:${statement.question_id}:${statement.statement_id}`,
    surveyId: statement.survey_id,
    surveyTitle: statement.survey_title,
    questionId: statement.question_id,
    text: statement.text,
    score: statement.score,
    scoreText: formatCount(Math.round(statement.score)),
    meanText: `${formatMean(statement.mean)} van ${statement.points}`,
    answeredText: answersText(statement.answered),
  };
}

export function analyticsView(overview: AnalyticsOverview): AnalyticsView {
  const { totals, bucket } = overview;
  return {
    totals: [
      { key: 'surveys', label: 'Surveys', value: formatCount(totals.surveys) },
      { key: 'open_surveys', label: 'Open surveys', value: formatCount(totals.open_surveys) },
      { key: 'completed', label: 'Reacties', value: formatCount(totals.completed) },
      { key: 'invited', label: 'Persoonlijke links', value: formatCount(totals.invited) },
      { key: 'response_rate', label: 'Responspercentage', value: formatRate(totals.response_rate) },
    ],
    bucketLabel: BUCKET_LABELS[bucket],
    overTime: columnChart(overview.responses_over_time, bucket),
    npsTrend: trendChart(overview.nps_trend, bucket, NPS_SCALE),
    likertTrend: trendChart(overview.likert_trend, bucket, SCORE_SCALE),
    surveys: overview.surveys.map(surveyRow),
    best: overview.best_statements.map(statementRow),
    worst: overview.worst_statements.map(statementRow),
  };
}
