import type { Question, QuestionDetail, Survey, SurveyLogic, SurveyResults } from '../../contract';
import { formatCount, formatRate } from '../../format';
import { isAnswerable } from '../model';
import { logicHidesQuestions } from './logicResults';
import { questionResultView } from './questionResultView';
import {
  type ColumnChartView,
  columnChart,
  meanScale,
  NPS_SCALE,
  type TrendChartView,
  type TrendScale,
  trendChart,
} from './resultsCharts';
import { answersText, BUCKET_LABELS, formatResultDate, formatResultDateTime } from './resultsFormat';
import type { QuestionResultView } from './resultsViewTypes';

/** The results summary at the top of the page. */
export interface ResultsSummaryView {
  readonly completed: number;
  readonly completedText: string;
  readonly inProgressText: string;
  readonly invitedText: string;
  readonly responseRateText: string;
  readonly completionRateText: string;
  readonly lastResponseText: string;
}

/** The whole results page of a survey. */
export interface SurveyResultsView {
  readonly summary: ResultsSummaryView;
  readonly overTime: ColumnChartView;
  readonly bucketLabel: string;
  /** In the survey's question order. */
  readonly questions: readonly QuestionResultView[];
}

/** The questions in their order (the wire sorts them too; sorting again costs nothing). */
const ordered = (questions: readonly Question[]) => [...questions].sort((a, b) => a.position - b.position);

export function surveyResultsView(survey: Survey, results: SurveyResults): SurveyResultsView {
  const byId = new Map(results.questions.map((result) => [result.question_id, result]));
  const { responses } = results;
  // Only rules can keep a question from someone: without them everyone saw every question.
  const respondents = logicHidesQuestions(survey.logic) ? responses.completed : null;
  return {
    summary: {
      completed: responses.completed,
      completedText: formatCount(responses.completed),
      inProgressText: formatCount(responses.in_progress),
      invitedText: formatCount(responses.invited),
      responseRateText: formatRate(responses.response_rate),
      completionRateText: formatRate(responses.completion_rate),
      lastResponseText: formatResultDate(responses.last_response_at),
    },
    overTime: columnChart(results.over_time, results.bucket),
    bucketLabel: BUCKET_LABELS[results.bucket],
    questions: ordered(survey.questions.filter(isAnswerable)).map((question) =>
      questionResultView(question, byId.get(question.id), respondents),
    ),
  };
}

/** The scale of a question's trend of scores; null for questions without a score (choice, open). */
export function trendScaleFor(question: Question): TrendScale | null {
  switch (question.type) {
    case 'likert':
      return meanScale(question.settings.points);
    case 'rating':
      return meanScale(question.settings.scale);
    case 'nps':
      return NPS_SCALE;
    default:
      return null;
  }
}

/** What the trend of a question shows, in words; the page adds the period ('per dag'). */
export function trendCaption(question: Question): string {
  switch (question.type) {
    case 'likert':
      return `Gemiddelde van alle stellingen (1 tot ${question.settings.points})`;
    case 'rating':
      return `Gemiddelde beoordeling (1 tot ${question.settings.scale})`;
    case 'nps':
      return 'NPS (-100 tot +100)';
    default:
      return 'Aantal antwoorden';
  }
}

/** One answer in a question's list of all answers. */
export interface AnswerRowView {
  readonly key: string;
  readonly responseId: number;
  readonly dateText: string;
  readonly text: string;
}

/** A question's own page: its chart, its trend, and a page of all its answers. */
export interface QuestionDetailView {
  readonly result: QuestionResultView;
  readonly bucketLabel: string;
  readonly trend:
    | { readonly kind: 'score'; readonly chart: TrendChartView; readonly caption: string }
    | { readonly kind: 'count'; readonly chart: ColumnChartView; readonly caption: string };
  readonly answers: {
    readonly rows: readonly AnswerRowView[];
    readonly total: number;
    /** '12 antwoorden'. */
    readonly totalText: string;
    readonly page: number;
    readonly pages: number;
  };
}

/** `logic`: the survey's, so a survey whose rules can hide the question says who saw it (R-RES-6). */
export function questionDetailView(
  question: Question,
  detail: QuestionDetail,
  logic?: SurveyLogic,
): QuestionDetailView {
  const scale = trendScaleFor(question);
  const caption = trendCaption(question);
  const { answers } = detail;
  const pageSize = answers.page_size > 0 ? answers.page_size : 1;
  return {
    result: questionResultView(
      question,
      detail.result,
      logicHidesQuestions(logic) ? detail.respondents : null,
    ),
    bucketLabel: BUCKET_LABELS[detail.bucket],
    trend: scale
      ? { kind: 'score', chart: trendChart(detail.trend, detail.bucket, scale), caption }
      : {
          kind: 'count',
          chart: columnChart(
            detail.trend.map((point) => ({ period: point.period, count: point.answered })),
            detail.bucket,
          ),
          caption,
        },
    answers: {
      rows: answers.items.map((item, index) => ({
        key: `${item.response_id}:${index}`,
        responseId: item.response_id,
        dateText: formatResultDateTime(item.submitted_at),
        text: item.text,
      })),
      total: answers.total,
      totalText: answersText(answers.total),
      page: answers.page,
      pages: Math.max(1, Math.ceil(answers.total / pageSize)),
    },
  };
}

/** The question of a survey by id; null when the survey has no such question (any more). */
export const findQuestion = (survey: Survey, questionId: string): Question | null =>
  survey.questions.find((question) => question.id === questionId) ?? null;
